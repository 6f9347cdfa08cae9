package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHistoryRestore checks that `history restore` prints a run's
// weights in force, writes them with -o (keeping the mode of the file it
// replaces), and refuses --rules-out for a run without rules.
func TestHistoryRestore(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "history.db")
	weights := writeFile(t, dir, "w.json", `{"vendor": 0.25, "items": {"__items": 0.5, "price": 0}}`)
	if code, _, stderr := runWithHistory(t, store, "", "score", small+"data.jsonl", weights, "--label", "tuned"); code != 0 {
		t.Fatalf("score: %s", stderr)
	}
	code, stdout, stderr := runWithHistory(t, store, "", "history", "restore", "tuned")
	if code != 0 || !strings.Contains(stdout, `"vendor": 0.25`) || !strings.Contains(stdout, `"price": 0`) || !strings.HasSuffix(stdout, "}\n") {
		t.Errorf("restore: exit %d, %s\n%s", code, stderr, stdout)
	}
	out := writeFile(t, dir, "restored.json", "old")
	if err := os.Chmod(out, 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runWithHistory(t, store, "", "history", "restore", "tuned", "-o", out)
	got, err := os.ReadFile(out)
	if code != 0 || err != nil || string(got) != stdout {
		t.Errorf("restore -o: exit %d, %s; file %q, want %q", code, stderr, got, stdout)
	}
	if st, err := os.Stat(out); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("restore -o: mode %v, want 0600 kept", st.Mode())
	}
	code, _, stderr = runWithHistory(t, store, "", "history", "restore", "tuned", "--rules-out", filepath.Join(dir, "r.json"))
	if code != 2 || !strings.Contains(stderr, "used no rules") {
		t.Errorf("--rules-out without rules: exit %d, %s", code, stderr)
	}
}
