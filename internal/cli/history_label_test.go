package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRunNamedByLabel checks that a run is named by its label (the
// latest run with it) where an id or id prefix is taken, and that a name
// that is none says so.
func TestRunNamedByLabel(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "history.db")
	data := small + "data.jsonl"
	for _, args := range [][]string{
		{"score", data, "--label", "model-a"},
		{"score", data, small + "weights.json", "--label", "model-b"},
		{"score", data, small + "weights.json", "--label", "model-b", "--pass", "0.5"},
	} {
		if code, _, stderr := runWithHistory(t, store, "", args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
	}
	code, stdout, stderr := runWithHistory(t, store, "", "history", "show", "model-b", "--format", "json")
	if code != 0 || !strings.Contains(stdout, `"pass": 0.`) {
		t.Errorf("show model-b: exit %d, %s; want the latest run labeled model-b (with --pass):\n%.300s", code, stderr, stdout)
	}
	code, stdout, stderr = runWithHistory(t, store, "", "history", "diff", "model-a", "model-b")
	if code != 0 || !strings.Contains(stdout, "\"model-a\"\nB  ") || !strings.Contains(stdout, "\"model-b\"\n") {
		t.Errorf("diff model-a model-b: exit %d, %s\n%s", code, stderr, stdout)
	}
	code, _, stderr = runWithHistory(t, store, "", "history", "show", "model-c")
	if want := "jsontui: no such run: no run has the id, id prefix or label \"model-c\"\n"; code != 2 || stderr != want {
		t.Errorf("show model-c: exit %d, %q; want 2, %q", code, stderr, want)
	}
}
