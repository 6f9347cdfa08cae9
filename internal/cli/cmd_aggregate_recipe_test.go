package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/jsontui/jsontui/scoring/gen"
)

// withoutHeader drops what names the inputs from a --format json result:
// a whole dataset and its shards are other files.
func withoutHeader(t *testing.T, out string) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	delete(m, "dataset")
	delete(m, "warnings")
	return m
}

// figureLines drops the lines of a text or markdown result that name its
// inputs: the headline's end, the fields read, the dataset's files, the
// --group-by field, the warnings about the inputs (and blank lines).
func figureLines(out string) string {
	var keep []string
	for i, l := range strings.Split(out, "\n") {
		switch {
		case i == 0:
			keep = append(keep, strings.Fields(l)[1]) // the score
		case l == "", strings.HasPrefix(l, "read: "), strings.HasPrefix(l, "Dataset "), strings.HasPrefix(l, "> Warning"):
		case strings.HasPrefix(l, "groups by "): // the lines do not name the field
			keep = append(keep, "groups")
		case strings.HasPrefix(l, "Groups by "):
			keep = append(keep, "Groups:")
		default:
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// TestRecipeShardsInParallel runs the map-reduce recipe of the docs: a
// JSON Lines set split into shards (as split -n l/N does), each scored
// with --format jsonl at once (as xargs -P does), then aggregate. Its
// figures equal one-process score's bit for bit in every format but for
// the header, whatever order the shards are given in.
func TestRecipeShardsInParallel(t *testing.T) {
	dir := t.TempDir()
	var data bytes.Buffer
	if _, err := gen.WriteRecords(&data, gen.DatasetOptions{Cases: 240, Seed: 20}); err != nil {
		t.Fatal(err)
	}
	whole := filepath.Join(dir, "evals.jsonl")
	if err := os.WriteFile(whole, data.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(strings.TrimSuffix(data.String(), "\n"), "\n")
	var shards []string
	for i, per := 0, 0; i < len(lines); i += per {
		per = 17 + 13*len(shards) // shards of unequal sizes
		name := filepath.Join(dir, fmt.Sprintf("shard-%02d.jsonl", len(shards)))
		if err := os.WriteFile(name, []byte(strings.Join(lines[i:min(i+per, len(lines))], "")), 0o644); err != nil {
			t.Fatal(err)
		}
		shards = append(shards, name)
	}
	var wg sync.WaitGroup
	errs := make([]string, len(shards))
	for i, sh := range shards {
		wg.Go(func() {
			code, out, stderr := runCLI(t, "", "score", sh, "--format", "jsonl", "--group-by", ".category", "--no-history")
			if code != 0 {
				errs[i] = fmt.Sprintf("score %s: exit %d: %s", sh, code, stderr)
				return
			}
			if err := os.WriteFile(sh+".cases", []byte(out), 0o644); err != nil {
				errs[i] = err.Error()
			}
		})
	}
	wg.Wait()
	if e := strings.Join(errs, ""); e != "" {
		t.Fatal(e)
	}
	reversed := make([]string, len(shards))
	for i, sh := range shards {
		reversed[len(shards)-1-i] = sh + ".cases"
	}
	for _, format := range []string{"json", "text", "markdown"} {
		code, want, stderr := runCLI(t, "", "score", whole, "--format", format, "--group-by", ".category", "--pass", "0.9", "--no-history")
		if code != 0 {
			t.Fatalf("score: exit %d: %s", code, stderr)
		}
		code, got, stderr := runCLI(t, "", append([]string{"aggregate", "--format", format, "--pass", "0.9", "--no-history"}, reversed...)...)
		if code != 0 {
			t.Fatalf("aggregate: exit %d: %s", code, stderr)
		}
		if format == "json" {
			g, w := withoutHeader(t, got), withoutHeader(t, want)
			for k, v := range w {
				if !bytes.Equal(g[k], v) {
					t.Errorf("aggregate --format json: %q differs:\n%s\nwant\n%s", k, g[k], v)
				}
			}
			continue
		}
		// The lines that name the inputs aside, the figures are alike.
		if g, w := figureLines(got), figureLines(want); g != w {
			t.Errorf("aggregate --format %s:\n%s\nwant\n%s", format, g, w)
		}
	}
}

// TestAggregateRefusesUnfinished: score --format jsonl that stops on a
// bad record ends with a line that says so, and aggregate refuses the
// shard, naming it.
func TestAggregateRefusesUnfinished(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.jsonl")
	if err := os.WriteFile(data, []byte("{\"id\": \"a\", \"expected\": {\"x\": 1}, \"output\": {\"x\": 1}}\n{\"id\": \"b\", \"expected\": {\"x\":\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCLI(t, "", "score", data, "--format", "jsonl", "--no-history")
	last := out[strings.LastIndex(strings.TrimSuffix(out, "\n"), "\n")+1:]
	wantLast := fmt.Sprintf("{\"unfinished\": true, \"error\": %q}\n", data+":2:30: unexpected end of JSON input")
	if code != 2 || strings.Count(out, "\n") != 2 || last != wantLast {
		t.Fatalf("score: exit %d, last line %q, want %q", code, last, wantLast)
	}
	shard := filepath.Join(dir, "d.cases")
	if err := os.WriteFile(shard, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "", "aggregate", shard, "--no-history")
	want := shard + ":2:1: the run that wrote this shard stopped on an error: " + data + ":2:30: unexpected end of JSON input; score the shard again"
	if code != 2 || !strings.Contains(stderr, want) {
		t.Errorf("aggregate: exit %d, %q, want %s", code, stderr, want)
	}
}

// TestAggregateRecordsItsRun: aggregate records the dataset run as score
// does, under its source; --no-history records nothing.
func TestAggregateRecordsItsRun(t *testing.T) {
	shards := smallShards(t)
	store := filepath.Join(t.TempDir(), "history.db")
	if code, _, stderr := runWithHistory(t, store, "", append([]string{"aggregate", "--no-history", "--quiet"}, shards...)...); code != 0 {
		t.Fatalf("aggregate --no-history: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(store); err == nil {
		t.Errorf("--no-history made the store")
	}
	if code, _, stderr := runWithHistory(t, store, "", append([]string{"aggregate", "--quiet", "--label", "reduced"}, shards...)...); code != 0 {
		t.Fatalf("aggregate: exit %d: %s", code, stderr)
	}
	code, out, stderr := runWithHistory(t, store, "", "history", "list")
	if code != 0 || !strings.Contains(out, "reduced") || !strings.Contains(out, "aggregate") || !strings.Contains(out, "dataset 6 cases") {
		t.Fatalf("history list: exit %d, %s%s", code, out, stderr)
	}
	// Its files are the first and the last shard, not a reference and an
	// output.
	if want := "dataset 6 cases: shards " + shards[0] + " … " + shards[2]; !strings.Contains(out, want) {
		t.Errorf("history list:\n%s\nlacks %q", out, want)
	}
	// A case of the run shows its figures (the lines carry no tree).
	id := strings.Fields(strings.Split(out, "\n")[1])[0]
	code, out, stderr = runWithHistory(t, store, "", "history", "show", id, "--case", "inv-002")
	if code != 0 || !strings.Contains(out, "jsondiff 0.950477") {
		t.Errorf("history show --case: exit %d, %s%s", code, out, stderr)
	}
}
