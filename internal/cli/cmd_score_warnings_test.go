package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScoreWarningsAggregated reproduces issue 10's flood of warnings: a
// weights file of 5,000 entries the reference lacks printed 5,000 lines.
// Every rendering now lists the first 20 and counts the others, alike:
// standard error, Markdown, JSON ("warnings" and "more_warnings") and the
// recorded run.
func TestScoreWarningsAggregated(t *testing.T) {
	dir := t.TempDir()
	ref, weights := filepath.Join(dir, "ref.json"), filepath.Join(dir, "weights.json")
	var w strings.Builder
	w.WriteString(`{"a": 0.5`)
	for i := range 5000 {
		fmt.Fprintf(&w, ",\n \"x%d\": 1", i)
	}
	w.WriteString("}")
	if err := os.WriteFile(ref, []byte(`{"a": 1, "b": 2}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(weights, []byte(w.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	store := filepath.Join(dir, "history.db")
	code, _, stderr := runWithHistory(t, store, "", "score", ref, ref, weights, "-q", "--label", "flood")
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	if code != 0 || len(lines) != 21 || lines[20] != "jsontui: warning: … and 4,980 more warnings" ||
		!strings.HasPrefix(lines[0], "jsontui: warning: .x0: "+weights+":2:2: the reference has no key \"x0\"") {
		t.Fatalf("exit %d, %d lines on stderr:\n%s", code, len(lines), stderr)
	}
	code, stdout, _ := runCLI(t, "", "score", ref, ref, weights, "--format", "json", "--no-history")
	var rep struct {
		Warnings     []struct{ Path, Message string } `json:"warnings"`
		MoreWarnings *int                             `json:"more_warnings"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || code != 0 {
		t.Fatalf("exit %d, %v", code, err)
	}
	if len(rep.Warnings) != 20 || rep.MoreWarnings == nil || *rep.MoreWarnings != 4980 || rep.Warnings[19].Path != ".x19" {
		t.Errorf("JSON: %d warnings, more_warnings %v", len(rep.Warnings), rep.MoreWarnings)
	}
	code, stdout, _ = runCLI(t, "", "score", ref, ref, weights, "--format", "markdown", "--no-history")
	if code != 0 || strings.Count(stdout, "> Warning (") != 20 || !strings.Contains(stdout, "\n> … and 4,980 more warnings\n") {
		t.Errorf("Markdown:\n%s", stdout)
	}
	code, stdout, _ = runWithHistory(t, store, "", "history", "--format", "json")
	var list struct {
		Runs []struct{ ID string } `json:"runs"`
	}
	if err := json.Unmarshal([]byte(stdout), &list); err != nil || len(list.Runs) != 1 {
		t.Fatalf("history: exit %d, %v", code, err)
	}
	code, stdout, _ = runWithHistory(t, store, "", "history", "show", list.Runs[0].ID, "--format", "json")
	rep.Warnings, rep.MoreWarnings = nil, nil
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || code != 0 {
		t.Fatalf("history show: exit %d, %v", code, err)
	}
	if len(rep.Warnings) != 20 || rep.MoreWarnings == nil || *rep.MoreWarnings != 4980 {
		t.Errorf("recorded run: %d warnings, more_warnings %v", len(rep.Warnings), rep.MoreWarnings)
	}
}
