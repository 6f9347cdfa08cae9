package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestHistoryCommands(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	run := func(args ...string) (int, string, string) {
		t.Helper()
		return runWithHistory(t, store, "", args...)
	}
	if code, out, _ := run("history"); code != 0 || !strings.HasPrefix(out, "No runs recorded yet in "+store) {
		t.Fatalf("empty history: exit %d, %q", code, out)
	}
	if code, _, errOut := run("score", pizza+"reference.json", pizza+"output.json", pizza+"weights.json", "-q", "--label", "baseline", "--tag", "ci", "--tag", "v1"); code != 0 || errOut != "" {
		t.Fatalf("score: exit %d, %q", code, errOut)
	}
	if code, _, _ := run("score", pizza+"reference.json", pizza+"output.json", "-q"); code != 0 {
		t.Fatalf("score: exit %d", code)
	}
	if code, _, _ := run("score", pizza+"reference.json", pizza+"output.json", "-q", "--no-history"); code != 0 {
		t.Fatalf("score: exit %d", code)
	}
	code, out, _ := run("history", "--format", "json")
	var list struct {
		Runs []struct {
			ID, Label, Source, Reference, Output, Weights, Metric string
			Tags                                                  []string
			Score                                                 *float64
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &list); err != nil || code != 0 {
		t.Fatalf("history --format json: exit %d, %v\n%s", code, err, out)
	}
	if len(list.Runs) != 2 {
		t.Fatalf("%d runs recorded, want 2 (--no-history must not record)", len(list.Runs))
	}
	newer, older := list.Runs[0], list.Runs[1]
	abs, _ := filepath.Abs(pizza + "weights.json")
	if older.Label != "baseline" || strings.Join(older.Tags, ",") != "ci,v1" || older.Source != "score" ||
		older.Weights != abs || *older.Score != 0.8760128132654985 || newer.Weights != "" || newer.Metric != "jsondiff" {
		t.Errorf("runs: %+v", list.Runs)
	}
	code, out, _ = run("history")
	if code != 0 || !regexp.MustCompile(`(?m)^`+newer.ID[:10]+`\s+\S+ \S+\s+0\.903376\s+\+0\.027364\s+jsondiff\s+score\s+`).MatchString(out) {
		t.Errorf("history list:\n%s", out)
	}
	code, out, _ = run("history", "show", older.ID[:12])
	if code != 0 || !strings.Contains(out, `"baseline"  tags: ci, v1`) || !strings.Contains(out, "jsondiff 0.876013") ||
		!strings.Contains(out, "pizza      ") {
		t.Errorf("history show:\n%s", out)
	}
	code, out, _ = run("history", "show", older.ID, "--format", "json")
	var shown struct {
		Score float64          `json:"score"`
		Nodes []map[string]any `json:"nodes"`
	}
	if err := json.Unmarshal([]byte(out), &shown); err != nil || code != 0 || shown.Score != 0.8760128132654985 || len(shown.Nodes) != 15 {
		t.Errorf("history show --format json: exit %d, %v, %d nodes", code, err, len(shown.Nodes))
	}
	code, out, _ = run("history", "diff", older.ID, newer.ID)
	if code != 0 {
		t.Errorf("history diff: exit %d", code)
	}
	for _, want := range []string{"total  0.876013 → 0.903376  (+0.027364)", "weights changed (5)", ".beer                   0.25  → 1 (no entry)", "scores changed (1)"} {
		if !strings.Contains(out, want) {
			t.Errorf("history diff: missing %q in\n%s", want, out)
		}
	}
	code, out, _ = run("history", "--pair", pizza+"reference.json", pizza+"output.json", "--limit", "1", "--format", "json")
	if code != 0 || strings.Count(out, `"id"`) != 1 || !strings.Contains(out, newer.ID) {
		t.Errorf("--pair --limit: exit %d\n%s", code, out)
	}
	if code, _, errOut := run("history", "show", "zzzz"); code != 2 || errOut != "jsontui: no such run: \"zzzz\" (no run has it as its id, an id prefix or its label)\n" {
		t.Errorf("unknown id: exit %d, %q", code, errOut)
	}
	if code, out, _ := run("history", "rm", newer.ID[:10]); code != 0 || !strings.HasPrefix(out, "removed run "+newer.ID) {
		t.Errorf("rm: exit %d, %q", code, out)
	}
	if _, out, _ := run("history", "--format", "json"); strings.Count(out, `"id"`) != 1 {
		t.Errorf("after rm:\n%s", out)
	}
}

func TestHistoryCorruptStore(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	if err := os.WriteFile(store, []byte("this is not a database, it is a text file of some length................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................................"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runWithHistory(t, store, "", "history")
	if code != 2 || !strings.HasPrefix(errOut, "jsontui: "+store+": not a jsontui history store (") {
		t.Errorf("history on a corrupt store: exit %d, %q", code, errOut)
	}
	// score still works, warns, and keeps the run pending.
	code, out, errOut := runWithHistory(t, store, "", "score", pizza+"reference.json", pizza+"output.json", "-q")
	if code != 0 || out != "0.9033764367816092\n" || !strings.Contains(errOut, "jsontui: warning: history: run kept in "+filepath.Join(filepath.Dir(store), "pending")) {
		t.Errorf("score on a corrupt store: exit %d, %q, %q", code, out, errOut)
	}
}
