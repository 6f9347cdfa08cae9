package dataset

import (
	"path/filepath"
	"testing"
)

// TestBrokenTextInEveryForm checks that an output string that meant to be
// JSON (it begins with { or [, or holds a fence) and does not parse even
// leniently makes its case invalid, with the error's line and column
// inside the string, in one file, two files (by id and by line) and two
// directories alike; a string of prose is compared as a string.
func TestBrokenTextInEveryForm(t *testing.T) {
	cut := `"{\"x\": 1, \"y\""`
	fenced := "\"```json\\n{\\\"x\\\": }\\n```\""
	dir := files(t, map[string]string{
		"one.jsonl": `{"id": "a", "expected": {"x": 1}, "output": ` + cut + "}\n" +
			`{"id": "b", "expected": {"x": 1}, "output": ` + fenced + "}\n" +
			`{"id": "c", "expected": {"x": 1}, "output": "no idea"}` + "\n",
		"ref.jsonl":  `{"id": "a", "expected": {"x": 1}}` + "\n" + `{"id": "b", "expected": {"x": 1}}` + "\n" + `{"id": "c", "expected": {"x": 1}}` + "\n",
		"out.jsonl":  `{"id": "a", "output": ` + cut + "}\n" + `{"id": "b", "output": ` + fenced + "}\n" + `{"id": "c", "output": "no idea"}` + "\n",
		"refl.jsonl": `{"x": 1}` + "\n" + `{"x": 1}` + "\n" + `{"x": 1}` + "\n",
		"outl.jsonl": cut + "\n" + fenced + "\n" + `"no idea"` + "\n",
		"R/a.json":   `{"x": 1}`,
		"R/b.json":   `{"x": 1}`,
		"R/c.json":   `{"x": 1}`,
		"O/a.json":   cut,
		"O/b.json":   fenced,
		"O/c.json":   `"no idea"`,
	})
	for _, c := range []struct {
		name  string
		spec  Spec
		errA  string
		statC CaseStatus
	}{
		{"one file", Spec{Ref: "one.jsonl"}, "one.jsonl:1:45: the output string .output does not parse as JSON, at its line 1 column 13: unexpected end of JSON input", CaseScored},
		{"two files by id", Spec{Ref: "ref.jsonl", Out: "out.jsonl"}, "out.jsonl:1:23: the output string .output does not parse as JSON, at its line 1 column 13: unexpected end of JSON input", CaseScored},
		{"two files by line", Spec{Ref: "refl.jsonl", Out: "outl.jsonl"}, "outl.jsonl:1:1: the output string does not parse as JSON, at its line 1 column 13: unexpected end of JSON input", CaseScored},
		{"two directories", Spec{Ref: "R", Out: "O"}, filepath.Join("O", "a.json") + ":1:1: the output string does not parse as JSON, at its line 1 column 13: unexpected end of JSON input", CaseScored},
	} {
		res, err := run(t, dir, c.spec, Config{})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		cs := res.Figures.Cases
		if len(cs) != 3 || cs[0].Status != CaseInvalid || cs[1].Status != CaseInvalid || cs[2].Status != c.statC {
			t.Errorf("%s: cases %+v", c.name, cs)
			continue
		}
		got := cs[0].ParseError()
		if rel, err := filepath.Rel(dir, got); err == nil && filepath.IsAbs(got) {
			got = rel
		}
		if len(got) < len(c.errA) || got[:len(c.errA)] != c.errA {
			t.Errorf("%s: error\n got %s\nwant %s...", c.name, got, c.errA)
		}
		if st := res.Figures.Stats; st.Invalid != 2 || st.Scored != 1 {
			t.Errorf("%s: stats %+v", c.name, st)
		}
	}
}
