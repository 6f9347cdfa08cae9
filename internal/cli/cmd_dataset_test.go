package cli

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const small = "../../testdata/cases/dataset-small/"

// TestScoreDatasetText checks the text output of a dataset: the summary,
// the per-path tree, the groups and the lowest cases, and the notes on
// standard error.
func TestScoreDatasetText(t *testing.T) {
	code, stdout, stderr := runCLI(t, "", "score", small+"data.jsonl", small+"weights.json", "--pass", "0.9", "--group-by", ".category")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := `jsondiff 0.55315 (95% CI 0.071389 … 1)  ../../testdata/cases/dataset-small/data.jsonl (weights: ../../testdata/cases/dataset-small/weights.json)
6 cases: 5 scored, 1 missing (no output) · median 0.684211 · p10 0 · p90 0.975238 · min 0 · max 1 · perfect 16.7% · pass (≥ 0.9) 33.3%
read: reference .expected, output .output, id .id; pairing by record

path            weight     score      loss  nodes  match  part  mism  miss  extra  type  ign      prec    recall        f1
.                    1   0.55315   0.44685      6      1     3           1            1       0.714286  0.540541  0.615385
├─ vendor            1   0.60303  0.104466      6      2     2           2                         0.5       0.5       0.5
├─ total             1  0.665605  0.087999      6      3     1           2                        0.75       0.6  0.666667
├─ paid              1       0.5  0.131579      6      3                 2            1           0.75       0.6  0.666667
├─ note              0  0.166667         0      6      1           1     3            1              0         0         0
├─ items           0.8  0.416667  0.122807      6      2     1     1     2                    0.857143  0.571429  0.685714
│  └─ []             1  0.444444  0.122807      9      4                 3      2             0.857143  0.571429  0.685714
│     ├─ sku         1  0.571429   0.02807      7      4                 3                           1  0.571429  0.727273
│     ├─ qty         1  0.571429   0.02807      7      4                 3                           1  0.571429  0.727273
│     └─ price     0.5  0.571429  0.014035      7      4                 3                           1  0.571429  0.727273
└─ currency          0       n/a         0      1                               1                    0       n/a       n/a

groups by .category
group    cases  mean      median    pass
invoice  3      0.650159  0.950477  66.7%
receipt  2      0.263158  0.263158  0.0%
menu     1      0.842105  0.842105  0.0%

the 5 lowest scored cases
id       status     score  costliest leaf      loss
inv-004  scored         0  .vendor         0.263158
inv-003  scored  0.526316  .paid           0.263158
inv-006  scored  0.842105  .items[1]       0.105263
inv-002  scored  0.950477  .vendor         0.047847
inv-001  scored         1
not listed: 1 missing (no output), each scoring 0; their ids are in --format json
`
	if stdout != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", stdout, want)
	}
	wantErr := "jsontui: ../../testdata/cases/dataset-small/data.jsonl: 6 cases; reference .expected, output .output, id .id; pairing by record\n" +
		"jsontui: 1 output(s) were model text: the JSON was taken out of it (each case's repairs are in --format json and jsonl)\n" +
		"jsontui: warning: 1 of 6 records have no output field (.output, .actual_output, .response, .predicted, .prediction), the first at ../../testdata/cases/dataset-small/data.jsonl:5: their cases are missing\n"
	if stderr != wantErr {
		t.Errorf("stderr %q, want %q", stderr, wantErr)
	}
}

// datasetJSON is the part of score's --format json of a dataset that the
// tests read.
type datasetJSON struct {
	Dataset struct {
		Reference, Output, Weights, Pairing string
		Fields                              map[string]*string
	}
	Metric string
	Score  float64
	Stats  map[string]any
	Paths  []map[string]any
	Groups []map[string]any
	Cases  []map[string]any
	Extra  []string
}

// TestScoreDatasetJSON checks the shape of the JSON object of docs/datasets.md, and
// that aggregating the --format jsonl lines of the same run (cut in
// shards) prints the same figures.
func TestScoreDatasetJSON(t *testing.T) {
	args := []string{small + "data.jsonl", small + "weights.json", "--pass", "0.9", "--group-by", ".category"}
	code, stdout, stderr := runCLI(t, "", append([]string{"score", "--format", "json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var whole datasetJSON
	if err := json.Unmarshal([]byte(stdout), &whole); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	var raw map[string]json.RawMessage
	json.Unmarshal([]byte(stdout), &raw)
	for _, k := range []string{"dataset", "metric", "score", "stats", "paths", "groups", "cases", "extra", "warnings"} {
		if _, ok := raw[k]; !ok {
			t.Errorf("no %q in the JSON", k)
		}
	}
	if whole.Dataset.Pairing != "record" || *whole.Dataset.Fields["reference"] != ".expected" || math.Abs(whole.Score-0.5531496662907994) > 1e-12 {
		t.Errorf("dataset %+v score %v", whole.Dataset, whole.Score)
	}
	for _, k := range []string{"cases", "scored", "ignored", "missing", "invalid", "extra", "mean", "median", "p10", "p90", "min", "max", "std", "ci95", "perfect", "pass"} {
		if _, ok := whole.Stats[k]; !ok {
			t.Errorf("stats lack %q", k)
		}
	}
	for _, k := range []string{"path", "kind", "cases", "nodes", "score", "weight", "loss", "statuses", "tp", "fd", "fa", "fn", "tn", "precision", "recall", "f1"} {
		if _, ok := whole.Paths[0][k]; !ok {
			t.Errorf("paths lack %q", k)
		}
	}
	for _, k := range []string{"id", "status", "score", "worst", "repairs", "error"} {
		if _, ok := whole.Cases[0][k]; !ok {
			t.Errorf("cases lack %q", k)
		}
	}
	// The jsonl lines, in two shards, aggregated.
	code, lines, stderr := runCLI(t, "", append([]string{"score", "--format", "jsonl"}, args...)...)
	if code != 0 {
		t.Fatalf("jsonl: exit %d: %s", code, stderr)
	}
	all := strings.SplitAfter(lines, "\n")
	if len(all) != 7 || all[6] != "" {
		t.Fatalf("%d lines", len(all))
	}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	os.WriteFile(a, []byte(strings.Join(all[:2], "")), 0o644)
	os.WriteFile(b, []byte(strings.Join(all[2:], "")), 0o644)
	code, stdout, stderr = runCLI(t, "", "aggregate", a, b, "--pass", "0.9", "--format", "json")
	if code != 0 {
		t.Fatalf("aggregate: exit %d: %s", code, stderr)
	}
	var agg datasetJSON
	if err := json.Unmarshal([]byte(stdout), &agg); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	for _, c := range []struct {
		name string
		x, y any
	}{{"score", agg.Score, whole.Score}, {"stats", agg.Stats, whole.Stats}, {"paths", agg.Paths, whole.Paths},
		{"groups", agg.Groups, whole.Groups}, {"cases", agg.Cases, whole.Cases}} {
		x, _ := json.Marshal(c.x)
		y, _ := json.Marshal(c.y)
		if string(x) != string(y) {
			t.Errorf("aggregate %s:\n%s\nwant\n%s", c.name, x, y)
		}
	}
}

// TestScoreDatasetGates checks --min, --quiet, --case and the errors of
// dataset flags.
func TestScoreDatasetGates(t *testing.T) {
	data, w := small+"data.jsonl", small+"weights.json"
	for _, c := range []struct {
		args   []string
		stdin  string
		code   int
		stdout string // a prefix
		stderr string // a substring
	}{
		{[]string{"score", data, w, "--quiet"}, "", 0, "0.5531496662907994\n", ""},
		{[]string{"score", data, w, "--quiet", "--min", "0.6"}, "", 1, "0.5531496662907994\n", "jsontui: score 0.55315 is below --min 0.6\n"},
		{[]string{"score", data, w, "--quiet", "--min", "0.5"}, "", 0, "0.5531496662907994\n", ""},
		{[]string{"score", data, w, "--case", "inv-003", "--quiet"}, "", 0, "0.5263157894736842\n",
			`weights.json:6:5: the reference has no key "price" below .items; the entry is ignored`},
		{[]string{"score", data, w, "--case", "inv-005", "--quiet"}, "", 0, "0\n", `jsontui: case "inv-005" has no output: every node is missing, the case scores 0`},
		{[]string{"score", data, "--case", "nope"}, "", 2, "", "jsontui: --case \"nope\": no case of " + data + " has this id\n"},
		{[]string{"score", data, "--format", "yaml"}, "", 2, "", "unknown --format \"yaml\": use text, json, jsonl, markdown or html"},
		{[]string{"score", pizza + "reference.json", pizza + "output.json", "--format", "jsonl"}, "", 2, "", "--format jsonl prints a dataset's cases"},
		{[]string{"score", pizza + "reference.json", pizza + "output.json", "--group-by", ".x"}, "", 2, "", "--group-by is for datasets"},
		{[]string{"score", pizza + "reference.json", data}, "", 2, "", "is a dataset but"},
		{[]string{"score", data, w, w}, "", 2, "", "one argument too many"},
		{[]string{"score", "--dataset", "-", "--format", "json"}, `[{"expected": {"a": 1}, "output": {"a": 1}}, {"expected": {"a": 2}, "output": "{\"a\": 3}"}]`, 0, "{", "jsontui: <stdin>: 2 cases"},
		{[]string{"score", "--dataset", "-", "--quiet"}, "{\"expected\": 5, \"output\": 4}\n\n{\"expected\": 2, \"output\": 2}\n", 0, "0.9444444444444444\n", ""},
		{[]string{data}, "", 2, "", "the explorer needs a terminal (standard output is not one); for headless scoring use: jsontui score " + data},
		{[]string{data, "--pass", "2"}, "", 2, "", "--pass 2 is outside [0, 1]"},
		{[]string{data, "--schema", w}, "", 2, "", "--schema checks a pair's output; for a dataset's outputs use: jsontui validate --schema FILE " + data},
		{[]string{pizza + "reference.json", pizza + "output.json", "--group-by", ".x"}, "", 2, "", "--group-by is for datasets"},
		{[]string{data, "nope.json"}, "", 2, "", "nope.json"},
	} {
		code, stdout, stderr := runCLI(t, c.stdin, c.args...)
		if code != c.code || !strings.HasPrefix(stdout, c.stdout) || !strings.Contains(stderr, c.stderr) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %d, %q, %q", c.args, code, stdout, stderr, c.code, c.stdout, c.stderr)
		}
	}
}

// TestScoreDatasetQuiet checks that --quiet leaves standard error to what
// is wrong: the line saying how the dataset was read is not printed, a
// warning still is.
func TestScoreDatasetQuiet(t *testing.T) {
	clean := "{\"expected\": {\"a\": 1}, \"output\": {\"a\": 1}}\n{\"expected\": {\"a\": 2}, \"output\": {\"a\": 3}}\n"
	code, stdout, stderr := runCLI(t, clean, "score", "--dataset", "-", "--no-history")
	if code != 0 || !strings.HasPrefix(stdout, "jsondiff 0.9 ") || stderr != "jsontui: <stdin>: 2 cases; reference .expected, output .output; pairing by record\n" {
		t.Errorf("without --quiet: exit %d, stdout %.40q, stderr %q", code, stdout, stderr)
	}
	for _, q := range []string{"--quiet", "-q"} {
		code, stdout, stderr = runCLI(t, clean, "score", "--dataset", "-", q)
		if code != 0 || stdout != "0.9\n" || stderr != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 0, \"0.9\\n\", nothing", q, code, stdout, stderr)
		}
	}
	lacking := clean + "{\"expected\": {\"a\": 3}}\n"
	code, stdout, stderr = runCLI(t, lacking, "score", "--dataset", "-", "--quiet")
	want := "jsontui: warning: 1 of 3 records have no output field (.output, .actual_output, .response, .predicted, .prediction), the first at <stdin>:3: their cases are missing\n"
	if code != 0 || stdout != "0.6\n" || stderr != want {
		t.Errorf("a record lacking its output: exit %d, stdout %q, stderr %q; want %q", code, stdout, stderr, want)
	}
}

// TestWeightsInitDataset checks that weights init on a dataset writes the
// union of its references' keys.
func TestWeightsInitDataset(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "refs.jsonl")
	os.WriteFile(p, []byte(`{"id": 1, "expected": {"a": 1, "b": {"c": 1}}}
{"id": 2, "expected": {"b": {"d": [1]}, "e": [{"f": 1}, {"g": null}]}}
`), 0o644)
	code, stdout, stderr := runCLI(t, "", "weights", "init", p)
	want := `{
  "a": 1.0,
  "b": {
    "__b": 1.0,
    "c": 1.0,
    "d": 1.0
  },
  "e": {
    "__e": 1.0,
    "f": 1.0,
    "g": 1.0
  }
}
`
	if code != 0 || stdout != want {
		t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, stderr, stdout, want)
	}
}

// TestValidateDataset checks validate on a dataset's outputs, each read
// as validate reads one (LangChain's reading: a fenced answer is valid).
func TestValidateDataset(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "outs.jsonl")
	os.WriteFile(p, []byte(`{"id": "a", "output": {"n": 1}}
{"id": "b", "output": "{\"n\": \"x\"}"}
{"id": "c", "output": "not json"}
{"id": "d", "output": {"n": 2}}
{"id": "e", "output": "`+"```json\\n{\\\"n\\\": 3}\\n```"+`"}
`), 0o644)
	schema := filepath.Join(dir, "schema.json")
	os.WriteFile(schema, []byte(`{"type": "object", "properties": {"n": {"type": "integer"}}}`), 0o644)
	code, stdout, stderr := runCLI(t, "", "validate", p, "--schema", schema)
	wantOut := "b (" + p + ":2): 1 schema violation(s)\n  .n: got string, want integer (" + schema + "#/properties/n/type)\n" +
		"c: invalid JSON: " + p + ":3 (output string):1:1: Expecting value\n" +
		p + ": 4 of 5 outputs parse (80.0%); 3 satisfy " + schema + " (60.0%)\n"
	if code != 1 || stdout != wantOut || stderr != "jsontui: "+p+": 2 of 5 outputs fail\n" {
		t.Errorf("exit %d\nstdout:\n%s\nwant:\n%s\nstderr %q", code, stdout, wantOut, stderr)
	}
}
