package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// splitSmall writes dataset-small as two files of records in a temporary
// directory, the references with their ids and categories, the outputs
// with their ids (a case with no output has no line), and returns their
// paths and contents.
func splitSmall(t *testing.T) (ref, out, refData, outData string) {
	t.Helper()
	var refs, outs strings.Builder
	for _, rec := range smallRecords(t) {
		refs.WriteString(`{"id": ` + string(rec["id"]) + `, "category": ` + string(rec["category"]) + `, "expected": ` + string(rec["expected"]) + "}\n")
		if o, ok := rec["output"]; ok {
			outs.WriteString(`{"id": ` + string(rec["id"]) + `, "output": ` + string(o) + "}\n")
		}
	}
	dir := t.TempDir()
	ref, out = filepath.Join(dir, "ref.jsonl"), filepath.Join(dir, "out.jsonl")
	writeFile(t, dir, "ref.jsonl", refs.String())
	writeFile(t, dir, "out.jsonl", outs.String())
	return ref, out, refs.String(), outs.String()
}

// TestScoreDatasetStdin scores dataset-small with either side read from
// standard input (docs/scoring.md: any file argument may be -): the score
// is the files' own. - beside a dataset is a file of records where
// nothing else can be; DATA.jsonl - reads the weights, and says so when
// they do not parse.
func TestScoreDatasetStdin(t *testing.T) {
	ref, out, refData, outData := splitSmall(t)
	w := small + "weights.json"
	const whole = "0.5531496662907994\n" // with the weights
	const plain = "0.4703937463810075\n"
	code, stdout, stderr := runCLI(t, "", "score", ref, out, w, "--quiet", "--no-history")
	if code != 0 || stdout != whole {
		t.Fatalf("the files: exit %d, %q, %s", code, stdout, stderr)
	}
	for _, c := range []struct {
		args   []string
		stdin  string
		code   int
		stdout string
		stderr string // a substring
	}{
		{[]string{ref, "-", "--dataset"}, outData, 0, plain, "pairing by id"},
		{[]string{ref, "-", w, "--dataset"}, outData, 0, whole, "pairing by id"},
		{[]string{ref, "-", w}, outData, 0, whole, "pairing by id"},
		{[]string{"-", out, w}, refData, 0, whole, "pairing by id"},
		{[]string{"-", out}, refData, 0, plain, "pairing by id"},
		{[]string{"-", out, "--dataset"}, refData, 0, plain, "pairing by id"},
		{[]string{ref, "-", "--dataset", "--case", "inv-002"}, outData, 0, "0.7623624782860452\n", ""},
		{[]string{ref, "-"}, outData, 2, "", "jsontui: <stdin>:2:1: invalid character '{' after top-level value\n" +
			"(- after " + ref + " is read as the weights file; to read the outputs from standard input, give --dataset)\n"},
		{[]string{ref, "-", "-"}, outData, 2, "", "only one file argument may be - (standard input)"},
		{[]string{"--dataset", ref, out, "-"}, "{\"total\": 0.5}", 0, "", "pairing by id"},
		{[]string{"-", small}, refData, 2, "", "- and " + small + ": pair a directory with a directory"},
	} {
		// JSON, not --quiet: standard error then says how the dataset was read.
		args := append([]string{"score", "--format", "json", "--no-history"}, c.args...)
		code, stdout, stderr := runCLI(t, c.stdin, args...)
		score := `"score": ` + strings.TrimSuffix(c.stdout, "\n") + ","
		if code != c.code || (c.stdout != "" && !strings.Contains(stdout, score)) || !strings.Contains(stderr, c.stderr) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %d, %q, %q", c.args, code, stdout, stderr, c.code, c.stdout, c.stderr)
		}
	}
}

// smallRecords returns the records of dataset-small, each field as
// written.
func smallRecords(t *testing.T) []map[string]json.RawMessage {
	t.Helper()
	data, err := os.ReadFile(small + "data.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var recs []map[string]json.RawMessage
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		var rec map[string]json.RawMessage
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	return recs
}
