package dataset

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestFieldsNotFound checks that a file of records none of whose records
// has the output field is an error naming the names tried, the keys the
// records have (most common first) and the flag; that records lacking it
// among others are missing cases with one warning; and that a record
// without the reference field names its keys.
func TestFieldsNotFound(t *testing.T) {
	dir := files(t, map[string]string{
		"none.jsonl": `{"id": "a", "expected": {"x": 1}, "model_answer": {"x": 1}}
{"id": "b", "expected": {"x": 2}, "pred": {"x": 1}}
{"id": "c", "expected": {"x": 2}, "pred": {"x": 2}}
`,
		"some.jsonl": `{"id": "a", "expected": {"x": 1}, "output": {"x": 1}}

{"id": "b", "expected": {"x": 2}, "pred": {"x": 1}}
{"id": "c", "expected": {"x": 2}, "pred": {"x": 2}}
`,
		"noref.jsonl":   "{\"id\": \"a\", \"gold\": {\"x\": 1}, \"output\": {\"x\": 1}, \"\\u001b]52;c;aGk=\\u0007\": 1}\n",
		"hostile.jsonl": "{\"expected\": 1, \"\\u001b]0;pwn\\u0007\": 2}\n",
	})
	_, err := run(t, dir, Spec{Ref: "none.jsonl"}, Config{})
	want := filepath.Join(dir, "none.jsonl") + ": no record has an output field (tried .output, .actual_output, .response, .predicted, .prediction); " +
		"the records have .expected (3), .id (3), .pred (2), .model_answer (1): name the output's field with out-field"
	if err == nil || err.Error() != want {
		t.Errorf("none:\n got %v\nwant %s", err, want)
	}
	_, err = run(t, dir, Spec{Ref: "none.jsonl", OutField: ".answer"}, Config{})
	if err == nil || !strings.Contains(err.Error(), "no record has an output field (tried .answer);") {
		t.Errorf("--out-field: %v", err)
	}
	res, err := run(t, dir, Spec{Ref: "some.jsonl"}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if st := res.Figures.Stats; st.Missing != 2 || st.Scored != 1 {
		t.Errorf("some: %d missing, %d scored; want 2, 1", st.Missing, st.Scored)
	}
	wantW := "2 of 3 records have no output field (.output, .actual_output, .response, .predicted, .prediction), the first at some.jsonl:3: their cases are missing"
	if got := warningsOf(res.Figures, dir); got != wantW {
		t.Errorf("some: warnings %q\nwant %q", got, wantW)
	}
	_, err = run(t, dir, Spec{Ref: "noref.jsonl"}, Config{})
	want = filepath.Join(dir, "noref.jsonl") + `:1:1: the record has no reference field (tried .expected, .reference, .expected_output, .ideal, .ideal_response, .ground_truth); ` +
		`it has .["\u001b]52;c;aGk=\u0007"], .gold, .id, .output: name the reference's field with ref-field`
	if err == nil || err.Error() != want {
		t.Errorf("noref:\n got %v\nwant %s", err, want)
	}
	_, err = run(t, dir, Spec{Ref: "hostile.jsonl"}, Config{})
	if err == nil || strings.ContainsAny(err.Error(), "\x1b\x07") {
		t.Errorf("hostile key: %q", err)
	}
}
