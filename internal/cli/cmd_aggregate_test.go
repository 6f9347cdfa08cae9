package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// smallShards splits dataset-small's data.jsonl in three, in order, and
// scores each piece with --format jsonl, as a cluster's map step would. It
// returns the files of the case lines, in the dataset's order.
func smallShards(t *testing.T, flags ...string) []string {
	t.Helper()
	data, err := os.ReadFile(small + "data.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	records := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(records) != 6 {
		t.Fatalf("dataset-small has %d records, want 6", len(records))
	}
	dir := t.TempDir()
	var shards []string
	for i, part := range [][]string{records[:2], records[2:3], records[3:]} {
		piece := filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl", i))
		if err := os.WriteFile(piece, []byte(strings.TrimSuffix(strings.Join(part, ""), "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		code, lines, stderr := runCLI(t, "", append([]string{"score", piece, small + "weights.json", "--format", "jsonl", "--no-history"}, flags...)...)
		if code != 0 {
			t.Fatalf("score %s: exit %d: %s", piece, code, stderr)
		}
		cases := piece + ".cases"
		if err := os.WriteFile(cases, []byte(lines), 0o644); err != nil {
			t.Fatal(err)
		}
		shards = append(shards, cases)
	}
	return shards
}

// placeless drops where case lines say their cases are (the file and
// record): the lines of a shard name the shard.
func placeless(lines string) string {
	return regexp.MustCompile(`, "file": "[^"]*", "record": [0-9]+`).ReplaceAllString(lines, "")
}

// TestAggregateJSONL checks `aggregate --format jsonl`: the case lines of
// the shards, shard by shard in the order given, those `score --format
// jsonl` prints for the whole dataset when the shards split it in order
// (but for the file and record they name); --quiet prints the score
// alone, and --min gates it as for the other formats.
func TestAggregateJSONL(t *testing.T) {
	flags := []string{"--group-by", ".category"}
	shards := smallShards(t, flags...)
	code, want, stderr := runCLI(t, "", append([]string{"score", small + "data.jsonl", small + "weights.json", "--format", "jsonl", "--no-history"}, flags...)...)
	if code != 0 || strings.Count(want, "\n") != 6 {
		t.Fatalf("score: exit %d, %d lines: %s", code, strings.Count(want, "\n"), stderr)
	}
	code, got, stderr := runCLI(t, "", append([]string{"aggregate", "--format", "jsonl"}, shards...)...)
	if code != 0 || stderr != "" {
		t.Fatalf("aggregate: exit %d: %s", code, stderr)
	}
	if placeless(got) != placeless(want) {
		t.Errorf("aggregate --format jsonl:\n%s\nwant score's for the whole dataset:\n%s", got, want)
	}

	// The order given, - (standard input) in its place.
	lines := func(name string) string {
		t.Helper()
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	code, got, stderr = runCLI(t, lines(shards[0]), "aggregate", "--format", "jsonl", shards[2], "-", shards[1])
	if wantOrder := lines(shards[2]) + lines(shards[0]) + lines(shards[1]); code != 0 || got != wantOrder {
		t.Errorf("shards 2, - (0), 1: exit %d, %s\n%s\nwant\n%s", code, stderr, got, wantOrder)
	}

	// --quiet: the score alone; --min: the lines, then the gate.
	code, got, _ = runCLI(t, "", append([]string{"aggregate", "--format", "jsonl", "--quiet"}, shards...)...)
	if code != 0 || got != "0.5531496662907994\n" {
		t.Errorf("--quiet: exit %d, %q", code, got)
	}
	code, got, stderr = runCLI(t, "", append([]string{"aggregate", "--format", "jsonl", "--min", "0.9"}, shards...)...)
	if code != 1 || placeless(got) != placeless(want) || !strings.Contains(stderr, "score 0.55315 is below --min 0.9") {
		t.Errorf("--min 0.9: exit %d, stderr %q, stdout\n%s", code, stderr, got)
	}
}

// TestAggregateJSONLBadLine: a line that is not a case line stops the
// lines where it is, with its file:line:col and exit 2; the lines before
// it are out (the lines stream, as score's do).
func TestAggregateJSONLBadLine(t *testing.T) {
	shards := smallShards(t)
	first, err := os.ReadFile(shards[0])
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "bad.cases")
	if err := os.WriteFile(bad, []byte(string(first)+`{"id": "x", "status": "lost"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, got, stderr := runCLI(t, "", "aggregate", "--format", "jsonl", bad, shards[1])
	if code != 2 || got != string(first) || !strings.Contains(stderr, bad+`:3:23: unknown case status "lost"`) {
		t.Errorf("exit %d, stderr %q, stdout\n%s", code, stderr, got)
	}
}

// TestAggregateHelpSaysTheOrder checks that aggregate's help offers jsonl
// and says in what order its lines come.
func TestAggregateHelpSaysTheOrder(t *testing.T) {
	_, stdout, _ := runCLI(t, "", "aggregate", "--help")
	for _, want := range []string{"html (one page to share) or jsonl", "shard by shard in the order given"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("aggregate --help lacks %q:\n%s", want, stdout)
		}
	}
}

// TestAggregateShardTwice: a shard given twice, by its name or by
// another that is the same file, is refused before anything is read
// (its cases would count twice; cases without ids would not even be
// seen as the same).
func TestAggregateShardTwice(t *testing.T) {
	shards := smallShards(t)
	other := shards[0] + ".link"
	if err := os.Symlink(shards[0], other); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{shards[0], shards[1], shards[0]}, shards[0] + " is given twice: aggregate each shard once"},
		{[]string{shards[0], other}, other + " is the file " + shards[0] + " given before: aggregate each shard once"},
	} {
		code, out, stderr := runCLI(t, "", append([]string{"aggregate", "--no-history"}, c.args...)...)
		if code != 2 || out != "" || stderr != "jsontui: "+c.want+"\n" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2, %q", c.args, code, out, stderr, c.want)
		}
	}
}
