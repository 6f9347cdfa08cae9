package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/gen"
)

// The Dask recipe of docs/distributed.md, run for real: the script
// integrations/dask/score_dask.py on a local Dask cluster, with a jsontui
// built from this tree.

// daskScript is the recipe's script, from this package's folder.
const daskScript = "../../integrations/dask/score_dask.py"

// daskPython returns a Python that imports dask.distributed: python3 on
// PATH, or Debian's own (python3-dask installs there, and another python3
// may come first on PATH). Without one the test is skipped, or fails when
// CI is set.
func daskPython(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"python3", "/usr/bin/python3"} {
		p, err := exec.LookPath(name)
		if err != nil {
			continue
		}
		if exec.Command(p, "-c", "import dask.distributed").Run() == nil {
			return p
		}
	}
	const install = "apt-get install -y python3-dask python3-distributed"
	if os.Getenv("CI") != "" {
		t.Fatal("the Dask recipe's test needs Dask, and CI is set: " + install)
	}
	t.Skip("no Python with dask.distributed: the Dask recipe's test skips (install it with: " + install + ")")
	return ""
}

// buildJsontui builds the jsontui command of this tree into dir.
func buildJsontui(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "jsontui")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/jsontui/jsontui").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// runDask runs the recipe's script with args; it returns the exit code
// and standard error.
func runDask(t *testing.T, python string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(python, append([]string{daskScript}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if exit := (*exec.ExitError)(nil); errors.As(err, &exit) {
		return exit.ExitCode(), stderr.String()
	} else if err != nil {
		t.Fatalf("%s %s: %v", python, daskScript, err)
	}
	return 0, stderr.String()
}

// partFiles returns the partition files the case lines name, in order.
func partFiles(t *testing.T, cases []byte) []string {
	t.Helper()
	var files []string
	for _, line := range bytes.Split(bytes.TrimSuffix(cases, []byte("\n")), []byte("\n")) {
		var c struct {
			File string `json:"file"`
		}
		if err := json.Unmarshal(line, &c); err != nil {
			t.Fatalf("a case line: %v: %s", err, line)
		}
		if !slices.Contains(files, c.File) {
			files = append(files, c.File)
		}
	}
	slices.Sort(files)
	return files
}

// TestDaskRecipe runs the recipe's script on a local Dask cluster of two
// threads, with a jsontui built from this tree: its figures are one
// process's, and a partition that fails is named.
func TestDaskRecipe(t *testing.T) {
	python := daskPython(t)
	bin := buildJsontui(t, t.TempDir())
	t.Run("same figures", func(t *testing.T) { daskSameFigures(t, python, bin) })
	t.Run("without ids", func(t *testing.T) { daskWithoutIDs(t, python, bin) })
	t.Run("failed partition", func(t *testing.T) { daskFailedPartition(t, python, bin) })
}

// daskSameFigures scores a generated set of 300 cases in seven
// partitions, under a weights file. The script's --format json result equals one-process
// score's byte for byte but for the header (which names the inputs) and
// the warnings (score's are about the inputs, which aggregate does not
// read); so do the text and markdown of aggregate over the case lines it
// kept, but for the lines that name the inputs.
func daskSameFigures(t *testing.T, python, bin string) {
	dir := t.TempDir()
	var data bytes.Buffer
	if _, err := gen.WriteRecords(&data, gen.DatasetOptions{Cases: 300, Seed: 22}); err != nil {
		t.Fatal(err)
	}
	whole := filepath.Join(dir, "evals.jsonl")
	if err := os.WriteFile(whole, data.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	// Weights that are not all 1: the script sends the file to the workers.
	code, init, errs := runCLI(t, "", "weights", "init", whole)
	if code != 0 || !strings.Contains(init, `"total": 1.0`) {
		t.Fatalf("weights init: exit %d: %s%s", code, init, errs)
	}
	weights := filepath.Join(dir, "w.json")
	if err := os.WriteFile(weights, []byte(strings.ReplaceAll(init, `"total": 1.0`, `"total": 0.25`)), 0o644); err != nil {
		t.Fatal(err)
	}
	result, cases := filepath.Join(dir, "result.json"), filepath.Join(dir, "cases.jsonl")
	blocksize := strconv.Itoa(data.Len() / 7) // seven blocks, cut at line ends
	code, stderr := runDask(t, python, whole, "--jsontui", bin, "--workers", "2", "--blocksize", blocksize, "--weights", weights,
		"--format", "json", "-o", result, "--cases", cases, "--pass", "0.9", "--no-history", "--", "--group-by", ".category")
	if code != 0 {
		t.Fatalf("score_dask.py: exit %d: %s", code, stderr)
	}
	lines, err := os.ReadFile(cases)
	if err != nil {
		t.Fatal(err)
	}
	if got := partFiles(t, lines); len(got) != 7 || got[0] != "part-000000.jsonl" || got[6] != "part-000006.jsonl" {
		t.Errorf("the case lines name the files %q, want part-000000.jsonl to part-000006.jsonl", got)
	}
	got, err := os.ReadFile(result)
	if err != nil {
		t.Fatal(err)
	}
	code, want, errs := runCLI(t, "", "score", whole, weights, "--format", "json", "--group-by", ".category", "--pass", "0.9", "--no-history")
	if code != 0 {
		t.Fatalf("score: exit %d: %s", code, errs)
	}
	g, w := withoutHeader(t, string(got)), withoutHeader(t, want)
	if !bytes.Contains(g["paths"], []byte(`{"path": ".total", "kind": "number", "cases": 300, "nodes": 300, "score": 0.9719704987318666, "weight": 0.25,`)) {
		t.Errorf("score_dask.py: the weights file did not reach the workers: %s", g["paths"])
	}
	if len(g) != len(w) {
		t.Errorf("score_dask.py --format json has the keys of %s", got)
	}
	for k, v := range w {
		if !bytes.Equal(g[k], v) {
			t.Errorf("score_dask.py --format json: %q differs:\n%s\nwant\n%s", k, g[k], v)
		}
	}
	if !bytes.Contains(got, []byte(`"shards": [`+strconv.Quote(cases)+`]`)) || !bytes.HasSuffix(got, []byte(`"warnings": []}`+"\n")) {
		t.Errorf("score_dask.py --format json: its header names not the case lines, or it warns: %s", got)
	}
	for _, format := range []string{"text", "markdown"} {
		code, want, errs := runCLI(t, "", "score", whole, weights, "--format", format, "--group-by", ".category", "--pass", "0.9", "--no-history")
		if code != 0 {
			t.Fatalf("score: exit %d: %s", code, errs)
		}
		code, got, errs := runCLI(t, "", "aggregate", cases, "--format", format, "--pass", "0.9", "--no-history")
		if code != 0 {
			t.Fatalf("aggregate: exit %d: %s", code, errs)
		}
		if g, w := figureLines(got), figureLines(want); g != w {
			t.Errorf("aggregate --format %s of the Dask lines:\n%s\nwant\n%s", format, g, w)
		}
	}
}

// daskWithoutIDs scores 40 records without ids in two partitions: the
// figures are one process's, byte for byte, and so are the cases but for
// their names, the record numbers within their partition (#1 to #n1, then
// #1 to #n2, where one process says #1 to #40).
func daskWithoutIDs(t *testing.T, python, bin string) {
	dir := t.TempDir()
	var data bytes.Buffer
	if _, err := gen.WriteRecords(&data, gen.DatasetOptions{Cases: 40, Seed: 22}); err != nil {
		t.Fatal(err)
	}
	noIDs := regexp.MustCompile(`(?m)^\{"id": "[^"]*", `).ReplaceAll(data.Bytes(), []byte("{"))
	whole, result := filepath.Join(dir, "evals.jsonl"), filepath.Join(dir, "result.json")
	if err := os.WriteFile(whole, noIDs, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stderr := runDask(t, python, whole, "--jsontui", bin, "--blocksize", strconv.Itoa(len(noIDs)/2), "--format", "json", "-o", result, "--no-history")
	if code != 0 {
		t.Fatalf("score_dask.py: exit %d: %s", code, stderr)
	}
	got, err := os.ReadFile(result)
	if err != nil {
		t.Fatal(err)
	}
	code, want, errs := runCLI(t, "", "score", whole, "--format", "json", "--no-history")
	if code != 0 {
		t.Fatalf("score: exit %d: %s", code, errs)
	}
	g, w := withoutHeader(t, string(got)), withoutHeader(t, want)
	for k, v := range w {
		if k != "cases" && !bytes.Equal(g[k], v) {
			t.Errorf("score_dask.py --format json: %q differs:\n%s\nwant\n%s", k, g[k], v)
		}
	}
	var gc, wc []map[string]json.RawMessage
	if err := json.Unmarshal(g["cases"], &gc); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(w["cases"], &wc); err != nil {
		t.Fatal(err)
	}
	if len(gc) != 40 || len(wc) != 40 {
		t.Fatalf("%d cases, want %d and 40", len(gc), len(wc))
	}
	restart := 0 // the first case of the second partition
	for i := range wc {
		id := string(gc[i]["id"])
		if i > 0 && id == `"#1"` {
			restart = i
		}
		if want := fmt.Sprintf(`"#%d"`, i+1-restart); id != want || string(wc[i]["id"]) != fmt.Sprintf(`"#%d"`, i+1) {
			t.Errorf("case %d: id %s, want %s (one process: %s)", i+1, id, want, wc[i]["id"])
		}
		delete(gc[i], "id")
		delete(wc[i], "id")
		if a, b := mustJSON(t, gc[i]), mustJSON(t, wc[i]); a != b {
			t.Errorf("case %d: %s, want %s", i+1, a, b)
		}
	}
	if restart < 10 || restart > 30 {
		t.Errorf("the second partition starts at case %d", restart+1)
	}
}

// mustJSON is v in JSON, its keys sorted.
func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// daskFailedPartition: a record that does not parse stops the recipe
// with exit 2, naming the partition, its file and block, the file's line
// it starts at, and the error; nothing is aggregated. The inputs are a
// glob of three files, taken in name order, of ten records each, padded
// to one length L: with --blocksize 10L/3 each file is three blocks
// (Dask spreads a file's bytes evenly over its blocks), whose bounds fall
// within the 4th and the 7th lines (a block starts after a line end).
func daskFailedPartition(t *testing.T, python, bin string) {
	dir := t.TempDir()
	var data bytes.Buffer
	if _, err := gen.WriteRecords(&data, gen.DatasetOptions{Cases: 30, Seed: 22}); err != nil {
		t.Fatal(err)
	}
	recs := strings.Split(strings.TrimSuffix(data.String(), "\n"), "\n")
	recs[28] = recs[28][:40] // cut short: the 9th record of c.jsonl, the 2nd of its 3rd block
	width := 0
	for _, r := range recs {
		width = max(width, len(r))
	}
	for i := range recs {
		recs[i] += strings.Repeat(" ", width-len(recs[i])) + "\n"
	}
	for i, name := range []string{"a", "b", "c"} {
		if err := os.WriteFile(filepath.Join(dir, name+".jsonl"), []byte(strings.Join(recs[10*i:10*i+10], "")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	result := filepath.Join(dir, "result.json")
	code, stderr := runDask(t, python, filepath.Join(dir, "*.jsonl"), "--jsontui", bin, "--blocksize", strconv.Itoa(10*(width+1)/3),
		"-o", result, "--no-history")
	want := regexp.MustCompile(`(?m)^score_dask.py: partition 8 \(part-000008.jsonl: ` + regexp.QuoteMeta(filepath.Join(dir, "c.jsonl")) +
		` block 3 of 3, from line 8\): the score stopped: \{"unfinished": true, "error": "part-000008.jsonl:2:\d+: [^"]+"\}$`)
	if code != 2 || !want.MatchString(stderr) {
		t.Errorf("score_dask.py: exit %d, %s\nwant exit 2 and %s", code, stderr, want)
	}
	if _, err := os.Stat(result); err == nil {
		t.Errorf("score_dask.py aggregated after a partition failed")
	}
}
