package cli

import (
	"os"
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
	if want := "jsontui: no such run: \"model-c\" (no run has it as its id, an id prefix or its label)\n"; code != 2 || stderr != want {
		t.Errorf("show model-c: exit %d, %q; want 2, %q", code, stderr, want)
	}
}

// TestDiffFolderAgainstRecords checks that a folder run and a file of
// records' run of the same cases, which share no id (file paths against
// ids), are said so with the match --strip-ext makes, and pair with it.
func TestDiffFolderAgainstRecords(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "history.db")
	for _, d := range []string{"R", "O"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var lines []string
	for i, v := range []string{"x", "y", "x"} {
		id := string(rune('a' + i))
		writeFile(t, filepath.Join(dir, "R"), id+".json", `{"b": "x"}`)
		writeFile(t, filepath.Join(dir, "O"), id+".json", `{"b": "`+v+`"}`)
		lines = append(lines, `{"id": "`+id+`", "expected": {"b": "x"}, "output": {"b": "x"}}`)
	}
	data := writeFile(t, dir, "d.jsonl", strings.Join(lines, "\n")+"\n")
	for _, args := range [][]string{{"score", filepath.Join(dir, "R"), filepath.Join(dir, "O"), "--label", "folder"}, {"score", data, "--label", "lines"}} {
		if code, _, stderr := runWithHistory(t, store, "", args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
	}
	_, stdout, stderr := runWithHistory(t, store, "", "history", "diff", "folder", "lines")
	want := "jsontui: the runs share no case id, but 3 of A's 3 cases match B's without the .json extension (a folder run's ids are file paths, a file of records' are not): give --strip-ext to pair them so\n"
	if stderr != want || !strings.HasPrefix(stdout, "No case has a score in both runs") {
		t.Errorf("stderr %q, want %q\nstdout:\n%s", stderr, want, stdout)
	}
	code, stdout, _ := runWithHistory(t, store, "", "history", "diff", "folder", "lines", "--strip-ext")
	if code != 0 || !strings.Contains(stdout, "3 paired: 1 improved, 0 regressed, 2 unchanged") {
		t.Errorf("--strip-ext: exit %d\n%s", code, stdout)
	}
}

// TestDiffMarkdown checks `history diff --format markdown` of two dataset
// runs (the verdict as the heading, the figures' table) and of two runs
// of a pair (the changed scores' table).
func TestDiffMarkdown(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "history.db")
	data := small + "data.jsonl"
	for _, args := range [][]string{{"score", data, "--label", "a"}, {"score", data, small + "weights.json", "--label", "b"},
		{"score", pizza + "reference.json", pizza + "output.json", "--label", "p"}, {"score", pizza + "reference.json", pizza + "output.json", pizza + "weights.json", "--label", "q"}} {
		if code, _, stderr := runWithHistory(t, store, "", args...); code != 0 {
			t.Fatalf("%v: %s", args, stderr)
		}
	}
	code, stdout, _ := runWithHistory(t, store, "", "history", "diff", "a", "b", "--format", "markdown")
	if code != 0 || !strings.HasPrefix(stdout, "### No significant difference: B − A = +0.083") ||
		!strings.Contains(stdout, "| score A | score B | Δ | paired |") || !strings.Contains(stdout, "| `.` | 0.470394 | 0.55315 |") {
		t.Errorf("dataset diff markdown: exit %d\n%s", code, stdout)
	}
	code, stdout, _ = runWithHistory(t, store, "", "history", "diff", "p", "q", "--format", "markdown")
	if code != 0 || !strings.HasPrefix(stdout, "### score ") || !strings.Contains(stdout, "| path | A | B | Δ |") {
		t.Errorf("pair diff markdown: exit %d\n%s", code, stdout)
	}
}
