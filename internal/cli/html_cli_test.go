package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/report"
)

// The HTML report's plumbing, without a browser: every command that
// takes --format html writes a page, with the figures of --format json.

func TestAggregateHTML(t *testing.T) {
	dir := t.TempDir()
	data := writeDataset(t, dir, 60, 1)
	code, lines, errs := runCLI(t, "", "score", data, "--no-history", "--format", "jsonl")
	if code != 0 {
		t.Fatalf("score --format jsonl: exit %d: %s", code, errs)
	}
	shards := filepath.Join(dir, "cases.jsonl")
	if err := os.WriteFile(shards, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "", "aggregate", shards, "--format", "json")
	if code != 0 {
		t.Fatalf("aggregate --format json: exit %d: %s", code, errs)
	}
	var dj pageDatasetJSON
	if err := json.Unmarshal([]byte(out), &dj); err != nil {
		t.Fatal(err)
	}
	code, page, errs := runCLI(t, "", "aggregate", shards, "--format", "html")
	if code != 0 {
		t.Fatalf("aggregate --format html: exit %d: %s", code, errs)
	}
	for _, want := range []string{`<span class="big" id="score">` + report.ScoreText(*dj.Score, true) + "</span>",
		`id="heat-data"`, `<details class="casebox" id="case-`, "aggregated from " + shards} {
		if !strings.Contains(page, want) {
			t.Errorf("aggregate's page lacks %q", want)
		}
	}
}

func TestCaseHTML(t *testing.T) {
	data := writeDataset(t, t.TempDir(), 20, 1)
	code, page, errs := runCLI(t, "", "score", data, "--case", "inv-000003", "--format", "html")
	if code != 0 {
		t.Fatalf("score --case --format html: exit %d: %s", code, errs)
	}
	if !strings.Contains(page, "jsontui report · pair") || !strings.Contains(page, `<pre class="why">`) {
		t.Error("score --case --format html is not a pair's page with explanations")
	}
}

func TestHTMLUsage(t *testing.T) {
	dir := t.TempDir()
	data := writeDataset(t, dir, 10, 1)
	pizza := filepath.Join("..", "..", "testdata", "cases", "pizza")
	ref, out := filepath.Join(pizza, "reference.json"), filepath.Join(pizza, "output.json")
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"score", data, "--compare", "x"}, "--compare gives the Δ column of the HTML page: add --format html"},
		{[]string{"score", ref, out, "--format", "html", "--top", "3"}, "--top lists leaves, not a tree"},
		{[]string{"score", ref, out, "--format", "htm"}, `unknown --format "htm": use text, json, markdown or html`},
		{[]string{"score", data, "--format", "html", "--compare", "nosuchrun"}, "no such run"},
	} {
		code, _, errs := runCLI(t, "", c.args...)
		if code != 2 || !strings.Contains(errs, c.msg) {
			t.Errorf("%q: exit %d, %q; want 2 and %q", c.args, code, errs, c.msg)
		}
	}
	// -o replaces the file whole; a pair's run is still recorded.
	page := filepath.Join(dir, "page.html")
	if err := os.WriteFile(page, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stdout, errs := runCLI(t, "", "score", ref, out, "--format", "html", "-o", page, "--min", "0.95"); code != 1 || stdout != "" {
		t.Fatalf("score -o --min: exit %d, stdout %q: %s", code, stdout, errs)
	}
	b, err := os.ReadFile(page)
	if err != nil || !strings.HasPrefix(string(b), "<!DOCTYPE html>") {
		t.Fatalf("-o wrote %.40q, %v", b, err)
	}
	// A run that fails leaves the file as it was, and no temporary file.
	if code, _, _ := runCLI(t, "", "score", ref, filepath.Join(dir, "nosuch.json"), "--format", "html", "-o", page); code != 2 {
		t.Fatalf("score of a missing file: exit %d", code)
	}
	if after, _ := os.ReadFile(page); string(after) != string(b) {
		t.Error("a failed run changed the -o file")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 { // the dataset and the page
		t.Errorf("%d files in the folder after a failed run: a temporary file is left", len(ents))
	}
	if code, _, errs := runCLI(t, "", "score", ref, out, "-o", filepath.Join(dir, "no", "such", "dir.html")); code != 2 || !strings.Contains(errs, "-o ") {
		t.Errorf("-o into a missing folder: exit %d, %q", code, errs)
	}
}

// TestHTMLHostileNames: a page printed to standard output carries no raw
// escape sequence, whatever the ids, keys and values hold.
func TestHTMLHostileNames(t *testing.T) {
	dir := t.TempDir()
	var lines []string
	for i, s := range hostileSeqs {
		rec := map[string]any{"id": "id" + s, "expected": map[string]any{"k" + s: "v" + s, "n": 1},
			"output": map[string]any{"k" + s: "w" + s, "n": i}}
		b, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(b))
	}
	data := writeFile(t, dir, "data\x1b]0;F\x07.jsonl", strings.Join(lines, "\n")+"\n")
	for _, args := range [][]string{
		{"score", data, "--format", "html", "--no-history"},
		{"score", data, "--case", "id\u009b2J", "--format", "html", "--no-history"},
	} {
		code, stdout, stderr := runCLI(t, "", args...)
		if bad := rawControls(stdout + stderr); code != 0 || bad != "" {
			t.Errorf("%q: exit %d, raw control characters %s", args, code, bad)
		}
	}
}
