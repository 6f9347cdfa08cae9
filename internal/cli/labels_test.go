package cli

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const labelsSmall = "../../testdata/cases/labels-small/"

// TestScoreAgreementJSON: score with labels adds the agreement object of
// the labels-small example, its figures to 1e-12, each with an interval
// around it.
func TestScoreAgreementJSON(t *testing.T) {
	for _, c := range []struct {
		labels string
		kind   string
		want   map[string]float64
	}{
		{"labels.jsonl", "grade", map[string]float64{"kendall_tau_b": 0.9285714285714286, "spearman": 0.9705882352941176, "pearson": 0.9934537607636655}},
		{"verdicts.jsonl", "verdict", map[string]float64{"auc": 0.7777777777777778, "threshold": 0.5263157894736842, "accuracy": 5.0 / 6}},
	} {
		code, out, errs := runCLI(t, "", "score", small+"data.jsonl", small+"weights.json", "--labels", labelsSmall+c.labels, "--format", "json")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.labels, code, errs)
		}
		var got struct {
			Agreement map[string]json.RawMessage `json:"agreement"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		a := got.Agreement
		if string(a["kind"]) != `"`+c.kind+`"` || string(a["labels"]) != "6" || string(a["unpaired"]) != `{"count": 0, "ids": []}` && string(a["unpaired"]) != `{"count":0,"ids":[]}` {
			t.Fatalf("%s: agreement %s", c.labels, out[strings.Index(out, `"agreement"`):][:300])
		}
		for name, want := range c.want {
			var f struct {
				Value float64    `json:"value"`
				CI95  [2]float64 `json:"ci95"`
			}
			if err := json.Unmarshal(a[name], &f); err != nil {
				t.Fatalf("%s: %v in %s", name, err, a[name])
			}
			if math.Abs(f.Value-want) > 1e-12 || !(f.CI95[0] <= f.Value && f.Value <= f.CI95[1]) {
				t.Errorf("%s: %s = %+v, want %v", c.labels, name, f, want)
			}
		}
	}
}

// TestScoreAgreementText: the summary's agreement line, and the labels
// that pair with no case named on standard error.
func TestScoreAgreementText(t *testing.T) {
	labels := filepath.Join(t.TempDir(), "l.jsonl")
	data, err := os.ReadFile(labelsSmall + "labels.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, `{"id": "inv-999", "label": 0.5}`+"\n"...)
	if err := os.WriteFile(labels, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "", "score", small+"data.jsonl", small+"weights.json", "--labels", labels)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := "agreement with 6 grades (" + labels + "): Kendall's tau-b 0.9286 (95% CI "
	if !strings.Contains(out, want) || !strings.Contains(out, " · 1 unpaired: inv-999\n") {
		t.Errorf("text:\n%s\nwant a line with %q", out, want)
	}
	if !strings.Contains(errs, "jsontui: 1 label(s) pair with no case that has a score: inv-999\n") {
		t.Errorf("stderr: %s", errs)
	}
	code, out, _ = runCLI(t, "", "score", small+"data.jsonl", small+"weights.json", "--labels", labels, "--format", "markdown")
	if code != 0 || !strings.Contains(out, "agreement with 6 grades") {
		t.Errorf("markdown (exit %d):\n%s", code, out)
	}
}

// TestBadLabels: a label out of range, an unknown word, kinds mixed, an
// id twice, both sources at once: exit 2 naming the file and line.
func TestBadLabels(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ lines, want string }{
		{`{"id": "inv-001", "label": 1.5}`, "l.jsonl:1: the label 1.5 is outside [0, 1]"},
		{`{"id": "inv-001", "label": 1}` + "\n\n" + `{"id": "inv-002", "label": "meh"}`, `l.jsonl:3: the label "meh" is an unknown word`},
		{`{"id": "inv-001", "label": 1}` + "\n" + `{"id": "inv-002", "label": "pass"}`, "l.jsonl:2: a verdict among grades (the first at line 1)"},
		{`{"id": "inv-001", "label": true}` + "\n" + `{"id": "inv-001", "label": false}`, `l.jsonl:2: the id "inv-001" is labelled twice (first at line 1)`},
		{`{"id": "inv-001"}`, `l.jsonl:1: no "label"`},
		{`[1, 2]`, `l.jsonl:1: not a JSON object`},
	} {
		name := filepath.Join(dir, "l.jsonl")
		if err := os.WriteFile(name, []byte(c.lines+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, errs := runCLI(t, "", "score", small+"data.jsonl", "--labels", name)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, stderr %q; want %q", c.lines, code, errs, c.want)
		}
	}
	code, _, errs := runCLI(t, "", "score", small+"data.jsonl", "--labels", labelsSmall+"labels.jsonl", "--label-field", ".grade")
	if code != 2 || !strings.Contains(errs, "--labels and --label-field both give labels") {
		t.Errorf("both: exit %d, %s", code, errs)
	}
	code, _, errs = runCLI(t, "", "score", small+"data.jsonl", "--seed", "3")
	if code != 2 || !strings.Contains(errs, "--seed seeds the agreement's intervals: give it with --labels or --label-field") {
		t.Errorf("--seed alone: exit %d, %s", code, errs)
	}
	code, _, errs = runCLI(t, "", "score", pizza+"reference.json", pizza+"output.json", "--labels", labelsSmall+"labels.jsonl")
	if code != 2 || !strings.Contains(errs, "--labels is for datasets") {
		t.Errorf("a pair: exit %d, %s", code, errs)
	}
}

// TestLabelField: labels in a field of the records; a bad one names the
// file of records and its line.
func TestLabelField(t *testing.T) {
	dir := t.TempDir()
	recs := `{"id": "a", "expected": {"x": 1, "y": 2}, "output": {"x": 1, "y": 2}, "human": 1}
{"id": "b", "expected": {"x": 1, "y": 2}, "output": {"x": 1, "y": 3}, "human": 0.5}
{"id": "c", "expected": {"x": 1, "y": 2}, "output": {"x": 5, "y": 9}, "human": 0}
{"id": "d", "expected": {"x": 1, "y": 2}, "output": {"x": 1}}
`
	name := filepath.Join(dir, "d.jsonl")
	if err := os.WriteFile(name, []byte(recs), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "", "score", name, "--label-field", ".human", "--format", "json")
	if code != 0 || !strings.Contains(out, `"agreement": {"kind": "grade", "labels": 3, "unpaired": {"count": 0, "ids": []}, "kendall_tau_b": {"value": 1, `) {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	bad := strings.Replace(recs, `"human": 0.5`, `"human": "good"`, 1)
	if err := os.WriteFile(name, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs = runCLI(t, "", "score", name, "--label-field", ".human")
	if code != 2 || !strings.Contains(errs, `d.jsonl:2: .human: the label "good" is an unknown word`) {
		t.Errorf("exit %d: %s", code, errs)
	}
}

// TestHistoryDiffAgreement: two labelled runs: history show prints the
// agreement, history diff its change.
func TestHistoryDiffAgreement(t *testing.T) {
	store := filepath.Join(t.TempDir(), "h.db")
	var ids []string
	for _, args := range [][]string{
		{"score", small + "data.jsonl", small + "weights.json", "--labels", labelsSmall + "labels.jsonl"},
		{"score", small + "data.jsonl", "--labels", labelsSmall + "labels.jsonl"},
	} {
		if code, _, errs := runWithHistory(t, store, "", args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		ids = append(ids, lastRun(t, store))
	}
	code, out, errs := runWithHistory(t, store, "", "history", "show", ids[0])
	if code != 0 || !strings.Contains(out, "agreement with 6 grades") {
		t.Errorf("show: exit %d: %s\n%s", code, errs, out)
	}
	code, out, errs = runWithHistory(t, store, "", "history", "diff", ids[0], ids[1])
	if code != 0 || !strings.Contains(out, "agreement  Kendall's tau-b 0.9286 → ") {
		t.Errorf("diff: exit %d: %s\n%s", code, errs, out)
	}
	code, out, _ = runWithHistory(t, store, "", "history", "diff", ids[0], ids[1], "--format", "json")
	if code != 0 || !strings.Contains(out, `"delta": {
      "kendall_tau_b": 0,
      "pearson": -0.019794107622013946,`) {
		t.Errorf("diff json: exit %d:\n%s", code, out)
	}
}

// TestLabelFieldInOutputs: two files of records, the label in the
// outputs' records: a bad one names the outputs' file and line.
func TestLabelFieldInOutputs(t *testing.T) {
	dir := t.TempDir()
	ref, out := filepath.Join(dir, "ref.jsonl"), filepath.Join(dir, "out.jsonl")
	refs := `{"id": "a", "x": 1}` + "\n" + `{"id": "b", "x": 2}` + "\n" + `{"id": "c", "x": 3}` + "\n"
	outs := `{"id": "a", "x": 1, "grade": 1}` + "\n\n" + `{"id": "b", "x": 5, "grade": 0.2}` + "\n" + `{"id": "c", "x": 3, "grade": 2}` + "\n"
	if err := os.WriteFile(ref, []byte(refs), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, []byte(outs), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCLI(t, "", "score", ref, out, "--label-field", ".grade")
	if code != 2 || !strings.Contains(errs, out+":4: .grade: the label 2 is outside [0, 1]") {
		t.Errorf("exit %d: %s", code, errs)
	}
}

// TestLabelsStdinTwice: --labels - with a dataset, weights or rules that
// read standard input too is refused before anything is read (the labels
// would be what is left of it after the cases).
func TestLabelsStdinTwice(t *testing.T) {
	data, err := os.ReadFile(small + "data.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	const want = "jsontui: only one file argument may be - (standard input): --labels and another file both are\n"
	for _, args := range [][]string{
		{"score", "-", "--dataset", "--labels", "-", "--no-history"},
		{"score", small + "data.jsonl", "-", "--labels", "-", "--no-history"},
		{"score", small + "data.jsonl", "--rules", "-", "--labels", "-", "--no-history"},
		{"weights", "fit", "-", "--dataset", "--labels", "-"},
	} {
		code, out, stderr := runCLI(t, string(data), args...)
		if code != 2 || out != "" || stderr != want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2, %q", args, code, out, stderr, want)
		}
	}
}
