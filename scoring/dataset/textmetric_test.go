package dataset

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/jsontui/jsontui/scoring"
)

// TestTextMetrics scores datasets with the metrics that read the output's
// text themselves (exact and edit-distance read it as LangChain's
// parse_json_markdown does): each case's text is the model's string (not
// the record's line), or the output record or file as written; an output
// LangChain raises on is an invalid case with LangChain's error placed in
// the file, and one jsontui cannot read but LangChain can is scored.
func TestTextMetrics(t *testing.T) {
	exact, _ := scoring.LookupMetric("exact")
	edit, _ := scoring.LookupMetric("edit-distance")
	dir := files(t, map[string]string{
		"one.jsonl": `{"id": "a", "expected": {"a": 1}, "output": "` + "```json\\n{\\\"a\\\": 1}\\n```" + `"}
{"id": "b", "expected": {"a": 1}, "output": {"a": 1}}
{"id": "c", "expected": {"a": 1}, "output": "not json at all"}
{"id": "d", "expected": {"a": 1}, "output": {"a": 2}}
`,
		"ref.jsonl":   "{\"a\":1}\n{\"a\":1}\n{\"a\":1}\n",
		"out.jsonl":   "{\"a\": 1\n{'a': 1}\n  {\"a\":2}\n",
		"refs/x.json": `{"a": 1}`,
		"refs/y.json": `{"a": 1}`,
		"outs/x.json": "[1, 2",
		"outs/y.json": "\n\n  {'a': 1}",
	})
	lc := "LangChain's parse_json_markdown: "
	res, err := run(t, dir, Spec{Ref: "one.jsonl"}, Config{Metric: exact})
	if err != nil {
		t.Fatal(err)
	}
	checkTextCases(t, "one file, exact", dir, res, []textCaseWant{
		{"a", CaseScored, 1, lc + "stripped white space and backticks: 1 character before the JSON, 4 characters after it", ""},
		{"b", CaseScored, 1, "", ""},
		{"c", CaseInvalid, 0, "", "one.jsonl:3:45: the text of .output, at its line 1 column 1: the metric exact follows LangChain's JsonEqualityEvaluator, which raises on this output (json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)): no score"},
		{"d", CaseScored, 0, "", ""},
	})
	if s := res.Figures.Stats; s.Scored != 3 || s.Invalid != 1 || !near9(res.Figures.Score, 0.5) {
		t.Errorf("one file, exact: %+v score %v", s, res.Figures.Score)
	}
	// edit-distance: {"a":1} against {"a":2}, canonical texts of 7
	// characters one apart.
	res, err = run(t, dir, Spec{Ref: "one.jsonl"}, Config{Metric: edit})
	if err != nil {
		t.Fatal(err)
	}
	if c := res.Figures.Cases[3]; !near9(c.Score, 1-1.0/7) || !near9(res.Figures.Score, (2+1-1.0/7)/4) {
		t.Errorf("edit-distance: case d %v, score %v", c.Score, res.Figures.Score)
	}

	res, err = run(t, dir, Spec{Ref: "ref.jsonl", Out: "out.jsonl"}, Config{Metric: exact})
	if err != nil {
		t.Fatal(err)
	}
	checkTextCases(t, "two files, exact", dir, res, []textCaseWant{
		{"#1", CaseScored, 1, lc + "parse_partial_json closed 1 open bracket with }", ""},
		{"#2", CaseInvalid, 0, "", "out.jsonl:2:2: the metric exact follows LangChain's JsonEqualityEvaluator, which raises on this output (json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)): no score"},
		{"#3", CaseScored, 0, "", ""},
	})

	res, err = run(t, dir, Spec{Ref: "refs", Out: "outs"}, Config{Metric: exact})
	if err != nil {
		t.Fatal(err)
	}
	checkTextCases(t, "directories, exact", dir, res, []textCaseWant{
		{"x.json", CaseScored, 0, lc + "parse_partial_json closed 1 open bracket with ]", ""},
		{"y.json", CaseInvalid, 0, "", filepath.Join("outs", "y.json") + ":3:4: the metric exact follows LangChain's JsonEqualityEvaluator, which raises on this output (json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)): no score"},
	})

	checkTextMetricCase(t, dir, exact)
}

// textCaseWant is a case as TestTextMetrics wants it: the last repair
// only, the error with the test's directory trimmed.
type textCaseWant struct {
	id     string
	status CaseStatus
	score  float64
	repair string
	err    string
}

// checkTextCases fails t unless the cases of res, scored in dir, are ws.
func checkTextCases(t *testing.T, what, dir string, res *Result, ws []textCaseWant) {
	t.Helper()
	cs := res.Figures.Cases
	if len(cs) != len(ws) {
		t.Fatalf("%s: %d cases, want %d", what, len(cs), len(ws))
	}
	for i, w := range ws {
		c := cs[i]
		repair := ""
		if len(c.Repairs()) > 0 {
			repair = c.Repairs()[len(c.Repairs())-1]
		}
		if c.ID != w.id || c.Status != w.status || !near9(c.Score, w.score) || repair != w.repair || trim(c.ParseError(), dir) != w.err {
			t.Errorf("%s: case %d: %s %s %v repairs %q error %q\nwant %+v", what, i, c.ID, c.Status, c.Score, c.Repairs(), trim(c.ParseError(), dir), w)
		}
	}
}

// checkTextMetricCase: one case (--case) of one.jsonl in dir reads as in
// the whole run, with the metric exact.
func checkTextMetricCase(t *testing.T, dir string, exact scoring.Metric) {
	t.Helper()
	scoreCase := func(id string) (*OneCase, error) {
		src, err := Open(Spec{Ref: filepath.Join(dir, "one.jsonl")})
		if err != nil {
			t.Fatal(err)
		}
		defer src.Close()
		return ScoreCase(context.Background(), src, Config{Metric: exact}, id)
	}
	one, err := scoreCase("a")
	if err != nil {
		t.Fatal(err)
	}
	if one.Status != CaseScored || one.Result.Score != 1 || len(one.Repairs) != 2 {
		t.Errorf("--case a: %s %v %q", one.Status, one.Result.Score, one.Repairs)
	}
	one, err = scoreCase("c")
	if err != nil {
		t.Fatal(err)
	}
	if one.Status != CaseInvalid || one.Result.Score != 0 || trim(one.Error, dir) != "one.jsonl:3:45: the text of .output, at its line 1 column 1: the metric exact follows LangChain's JsonEqualityEvaluator, which raises on this output (json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)): no score" {
		t.Errorf("--case c: %s %v %q", one.Status, one.Result.Score, one.Error)
	}
}
