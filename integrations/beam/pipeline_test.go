package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/jsontui/jsontui/internal/cli"
	"github.com/jsontui/jsontui/scoring/gen"
)

func TestMain(m *testing.M) { ptest.Main(m) } // prism, Beam's local runner

const small = "../../testdata/cases/dataset-small/"

// beamRun runs jsontui-beam's pipeline with args on prism and returns
// its result's bytes.
func beamRun(t *testing.T, args ...string) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "beam.json")
	fl := flag.NewFlagSet("jsontui-beam", flag.ContinueOnError)
	var f flags
	define(fl, &f)
	if err := fl.Parse(append(args, "--output", out)); err != nil {
		t.Fatal(err)
	}
	j, err := prepare(fl, &f)
	if err != nil {
		t.Fatal(err)
	}
	if err := ptest.Run(build(j)); err != nil {
		t.Fatalf("jsontui-beam %s: %v", strings.Join(args, " "), err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// pairingHint is the warning of score's dataset pairing hint, which the
// pipeline does not look for (docs/distributed.md, "What differs").
var pairingHint = regexp.MustCompile(`\{"path": "[^"]*", "message": "pairing hint for the dataset: [^"]*"\}`)

// withoutPairingHint drops the pairing hint from a result's warnings, the
// separator before or after it too.
func withoutPairingHint(data []byte) []byte {
	for _, sep := range []string{", ", ""} {
		data = regexp.MustCompile(regexp.QuoteMeta(sep)+pairingHint.String()).ReplaceAll(data, nil)
	}
	return bytes.ReplaceAll(data, []byte("[, "), []byte("["))
}

// scoreRun runs jsontui score ARGS --format json and returns its bytes.
func scoreRun(t *testing.T, args ...string) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "score.json")
	args = append([]string{"score"}, append(args, "--format", "json", "--no-history", "-o", out)...)
	if code := cli.Main(args); code != 0 {
		t.Fatalf("jsontui %s: exit %d", strings.Join(args, " "), code)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return withoutPairingHint(data)
}

// same fails the test unless the two results are equal byte for byte.
func same(t *testing.T, what string, got, want []byte) {
	t.Helper()
	if !bytes.Equal(got, want) {
		i := 0
		for i < min(len(got), len(want)) && got[i] == want[i] {
			i++
		}
		t.Errorf("%s: jsontui-beam's result differs from score's at byte %d:\n got …%s\nwant …%s", what, i,
			got[max(0, i-80):min(len(got), i+120)], want[max(0, i-80):min(len(want), i+120)])
	}
}

// generated writes a generated dataset of n invoice-like cases (groups
// by .category; fenced, broken and missing answers) in dir: one file of
// records, and the same cases as two files paired by id.
func generated(t *testing.T, dir string, n int) (records, ref, out string) {
	t.Helper()
	opt := gen.DatasetOptions{Cases: n, Seed: 7}
	records, ref, out = filepath.Join(dir, "data.jsonl"), filepath.Join(dir, "ref.jsonl"), filepath.Join(dir, "out.jsonl")
	write := func(name string, w func(f *os.File) error) {
		f, err := os.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := errors.Join(w(f), f.Close()); err != nil {
			t.Fatal(err)
		}
	}
	write(records, func(f *os.File) error { _, err := gen.WriteRecords(f, opt); return err })
	write(ref, func(rf *os.File) error {
		of, err := os.Create(out)
		if err != nil {
			return err
		}
		_, err = gen.WriteFiles(rf, of, opt)
		return errors.Join(err, of.Close())
	})
	return records, ref, out
}

// TestOneFile: one file of records gives score's result, bit for bit,
// whether the lines are added up at once or in 7 partial results first
// (merged, each shipped in its binary form).
func TestOneFile(t *testing.T) {
	want := scoreRun(t, small+"data.jsonl", small+"weights.json", "--group-by", ".category", "--pass", "0.5")
	got := beamRun(t, "--input", small+"data.jsonl", "--weights", small+"weights.json", "--group-by", ".category", "--pass", "0.5")
	same(t, "dataset-small", got, want)

	records, _, _ := generated(t, t.TempDir(), 600)
	want = scoreRun(t, records, "--group-by", ".category", "--abs-tol", "0.01")
	for _, shards := range []string{"1", "7"} {
		cases := filepath.Join(t.TempDir(), "cases.jsonl")
		got := beamRun(t, "--input", records, "--group-by", ".category", "--abs-tol", "0.01", "--shards", shards, "--cases", cases)
		same(t, "600 generated cases, --shards "+shards, got, want)
		data, err := os.ReadFile(cases)
		if err != nil {
			t.Fatal(err)
		}
		if n := bytes.Count(data, []byte("\n")); n != 600 {
			t.Errorf("--cases: %d lines, want 600", n)
		}
	}
}

// TestTwoFiles: two files paired by id (outputs in their own order, some
// missing) and by line (with an output past the references) give score's
// result, bit for bit.
func TestTwoFiles(t *testing.T) {
	_, ref, out := generated(t, t.TempDir(), 400)
	want := scoreRun(t, ref, out, "--group-by", ".category")
	got := beamRun(t, "--ref", ref, "--out", out, "--group-by", ".category", "--shards", "5")
	same(t, "400 generated cases by id", got, want)

	dir := t.TempDir()
	ref, out = filepath.Join(dir, "ref.jsonl"), filepath.Join(dir, "out.jsonl")
	splitByLine(t, small+"data.jsonl", ref, out)
	want = scoreRun(t, ref, out, small+"weights.json")
	got = beamRun(t, "--ref", ref, "--out", out, "--weights", small+"weights.json")
	same(t, "dataset-small by line", got, want)
	if !bytes.Contains(got, []byte(`"pairing": "line"`)) {
		t.Errorf("not paired by line: %.300s", got)
	}
}

// splitByLine writes the records of a file as references and outputs
// without ids (paired by line), with one more output.
func splitByLine(t *testing.T, records, ref, out string) {
	t.Helper()
	data, err := os.ReadFile(records)
	if err != nil {
		t.Fatal(err)
	}
	var refs, outs bytes.Buffer
	for _, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		var r map[string]json.RawMessage
		if err := json.Unmarshal(line, &r); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&refs, "{\"expected\": %s}\n", r["expected"])
		o := r["output"]
		if o == nil {
			o = json.RawMessage(`null`)
		}
		fmt.Fprintf(&outs, "{\"output\": %s}\n", o)
	}
	outs.WriteString("{\"output\": {\"total\": 1}}\n")
	if err := errors.Join(os.WriteFile(ref, refs.Bytes(), 0o644), os.WriteFile(out, outs.Bytes(), 0o644)); err != nil {
		t.Fatal(err)
	}
}

// TestBadFlags: the flags are checked on the launcher, before any
// pipeline, with messages that say what is wrong.
func TestBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--output", "x.json"}, "give the dataset: --input FILE"},
		{[]string{"--input", "a.jsonl", "--ref", "b.jsonl", "--output", "x.json"}, "not both"},
		{[]string{"--input", "a.jsonl"}, "give --output FILE"},
		{[]string{"--input", "a.jsonl", "--output", "x.json", "--pass", "2"}, "--pass 2 is outside [0, 1]"},
		{[]string{"--input", "a.jsonl", "--output", "x.json", "--metric", "nope"}, "nope"},
		{[]string{"--input", "a.jsonl", "--output", "x.json", "--weights", "missing.json"}, "--weights: open missing.json"},
		{[]string{"--ref", "a.jsonl", "--out", "b.jsonl", "--output", "x.json", "--pairing", "path"}, `--pairing "path": give id or line`},
	} {
		fl := flag.NewFlagSet("jsontui-beam", flag.ContinueOnError)
		var f flags
		define(fl, &f)
		if err := fl.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		_, err := prepare(fl, &f)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: got %v, want %q", c.args, err, c.want)
		}
	}
}
