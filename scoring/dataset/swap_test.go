package dataset

import (
	"path/filepath"
	"testing"
)

// TestSwappedFiles checks that two files of records given in the wrong
// order (REF holding only output field names, OUT only reference ones)
// are an error saying so, and that two directories whose reference file
// fails the strict parse its output passes add the hint to the error.
func TestSwappedFiles(t *testing.T) {
	dir := files(t, map[string]string{
		"refs.jsonl":  `{"id": 1, "ground_truth": {"a": 1}}` + "\n",
		"outs.jsonl":  `{"id": 1, "response": {"a": 1}}` + "\n",
		"R/a.json":    `{"a": 1}`,
		"O/a.json":    "Sure: ```json\n{\"a\": 1}\n```",
		"O2/a.json":   `{"a": 1`,
		"mixed.jsonl": `{"id": 1, "response": {"a": 1}, "expected": {"a": 1}}` + "\n",
	})
	_, err := run(t, dir, Spec{Ref: "outs.jsonl", Out: "refs.jsonl"}, Config{})
	outs, refs := filepath.Join(dir, "outs.jsonl"), filepath.Join(dir, "refs.jsonl")
	want := outs + " and " + refs + " look swapped (the order is REF, then OUT): the records of " + outs +
		" hold an output field (.response) and no reference field, those of " + refs + " a reference field (.ground_truth) and no output field"
	if err == nil || err.Error() != want {
		t.Errorf("swapped files:\n got %v\nwant %s", err, want)
	}
	if _, err := run(t, dir, Spec{Ref: "refs.jsonl", Out: "outs.jsonl"}, Config{}); err != nil {
		t.Errorf("in order: %v", err)
	}
	// A reference record holding both names is not swapped.
	if _, err := run(t, dir, Spec{Ref: "mixed.jsonl", Out: "refs.jsonl"}, Config{}); err != nil {
		t.Errorf("mixed: %v", err)
	}
	_, err = run(t, dir, Spec{Ref: "O", Out: "R"}, Config{})
	want = filepath.Join(dir, "O", "a.json") + ":1:1: invalid character 'S' looking for beginning of value; REF and OUT look swapped (the order is REF, then OUT): " +
		filepath.Join(dir, "R", "a.json") + " is strict JSON"
	if err == nil || err.Error() != want {
		t.Errorf("swapped directories:\n got %v\nwant %s", err, want)
	}
	// No hint when the output fails the strict parse too.
	_, err = run(t, dir, Spec{Ref: "O", Out: "O2"}, Config{})
	want = filepath.Join(dir, "O", "a.json") + ":1:1: invalid character 'S' looking for beginning of value"
	if err == nil || err.Error() != want {
		t.Errorf("both broken:\n got %v\nwant %s", err, want)
	}
}
