package dataset

import (
	"math"
	"testing"
)

// TestLinePairing pairs two files without ids by line: an output line
// that does not parse makes an invalid case (with its error), outputs past
// the references are extra, references past the outputs are missing.
func TestLinePairing(t *testing.T) {
	dir := files(t, map[string]string{
		"r.jsonl": "{\"a\": 1}\n{\"a\": 2}\n\n{\"a\": 3}\n{\"a\": 4}\n",
		"o.jsonl": "{\"a\": 1}\nSure! {\"a\": 2} it is.\n{\"a\": 3,\n",
		"p.jsonl": "{\"a\": 1}\n{\"a\": 1}\n{\"a\": 1}\n{\"a\": 1}\n{\"a\": 5}\n[7]\n",
	})
	res, err := run(t, dir, Spec{Ref: "r.jsonl", Out: "o.jsonl"}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Pairing != PairLine {
		t.Fatalf("pairing %s", res.Pairing)
	}
	f := res.Figures
	want := []struct {
		id     string
		status CaseStatus
		score  float64
	}{{"#1", CaseScored, 1}, {"#2", CaseScored, 1}, {"#3", CaseInvalid, 0}, {"#4", CaseMissing, 0}}
	for i, w := range want {
		c := f.Cases[i]
		if c.ID != w.id || c.Status != w.status || c.Score != w.score {
			t.Errorf("case %d: %+v, want %+v", i, c, w)
		}
	}
	if got := f.Cases[1].Repairs(); len(got) != 1 || got[0] != "took the JSON object at 1:7 out of the surrounding text (6 bytes before it, 7 after)" {
		t.Errorf("repairs %q", got)
	}
	if got := trim(f.Cases[2].ParseError(), dir); got != "o.jsonl:3:9: unexpected end of JSON input; no JSON found in it either: tried 1 opening bracket" {
		t.Errorf("error %q", got)
	}
	if f.Stats.Invalid != 1 || f.Stats.Missing != 1 || !near9(f.Score, 0.5) {
		t.Errorf("stats %+v score %v", f.Stats, f.Score)
	}
	// More outputs than references: the last ones are extra, named by
	// their record number.
	res, err = run(t, dir, Spec{Ref: "r.jsonl", Out: "p.jsonl"}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Figures.Extra; len(got) != 2 || got[0] != "#5" || got[1] != "#6" {
		t.Errorf("extra %q", got)
	}
	if c := res.Figures.Cases[3]; c.Status != CaseScored || !near9(c.Score, 1-3.0/5) {
		t.Errorf("case 4 %+v", c)
	}
}

// TestDirectories pairs two directories by relative path, in lexical
// order: an output file that does not parse is an invalid case; one with
// no reference is extra; a reference with none is missing.
func TestDirectories(t *testing.T) {
	dir := files(t, map[string]string{
		"refs/b.json":     `{"x": "abc"}`,
		"refs/a/1.json":   `{"x": "abc"}`,
		"refs/a/2.json":   `{"x": "abc"}`,
		"refs/c.json":     `{"x": "abc"}`,
		"refs/notes.txt":  `not a case`,
		"outs/a/1.json":   "Here it is:\n```\n{\"x\": \"abd\"}\n```\n",
		"outs/b.json":     `{"x": `,
		"outs/c.json":     `"abc"`,
		"outs/d.json":     `{}`,
		"outs/e/f/g.json": `{}`,
	})
	res, err := run(t, dir, Spec{Ref: "refs", Out: "outs"}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	f := res.Figures
	want := []struct {
		id     string
		status CaseStatus
		score  float64
	}{{"a/1.json", CaseScored, 1 - 1.0/3}, {"a/2.json", CaseMissing, 0}, {"b.json", CaseInvalid, 0}, {"c.json", CaseScored, 0}}
	if len(f.Cases) != len(want) {
		t.Fatalf("cases %+v", f.Cases)
	}
	for i, w := range want {
		c := f.Cases[i]
		if c.ID != w.id || c.Status != w.status || math.Abs(c.Score-w.score) > 1e-12 {
			t.Errorf("case %d: %+v, want %+v", i, c, w)
		}
	}
	if got := f.Cases[0].Repairs(); len(got) != 1 || got[0] != "took the JSON from the ``` code fence at line 2" {
		t.Errorf("repairs %q", got)
	}
	if got := trim(f.Cases[2].ParseError(), dir); got != "outs/b.json:1:7: unexpected end of JSON input; no JSON found in it either: tried 1 opening bracket" {
		t.Errorf("error %q", got)
	}
	if got := f.Extra; len(got) != 2 || got[0] != "d.json" || got[1] != "e/f/g.json" {
		t.Errorf("extra %q", got)
	}
	// The roots: a/1 partial, a/2 and b missing (b is invalid: scored
	// as if it had no output), c of another type (a string).
	if got := f.Paths[0].StatusCounts(); got != [7]int{0, 1, 0, 2, 0, 1, 0} {
		t.Errorf("root statuses %v", got)
	}
}

func trim(s, dir string) string {
	if len(s) > len(dir) && s[:len(dir)] == dir {
		return s[len(dir)+1:]
	}
	return s
}
