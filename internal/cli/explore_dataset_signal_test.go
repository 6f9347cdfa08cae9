//go:build unix

package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestDatasetExplorerSignals: a dataset's explorer records a run at every
// save and at the end, as `score` records the dataset under those
// weights (the same figures, every case's), labelled and tagged as the
// flags say; a signal ends it as q does, without asking: the state at
// quit is recorded and the unsaved weights kept in a recovery file beside
// the weights file, which the next opening of the dataset offers back.
func TestDatasetExplorerSignals(t *testing.T) {
	for _, tc := range signalEnds() {
		t.Run(tc.name, func(t *testing.T) {
			dir, data, weights := smallCopy(t)
			store := filepath.Join(dir, "history.db")
			env := []string{"JSONTUI_HISTORY=" + store, "HOME=" + filepath.Join(dir, "home"), "XDG_STATE_HOME=" + filepath.Join(dir, "state")}
			p := startExplorer(t, env, data, weights, "--pass", "0.9", "--tag", "tuning")
			p.waitFor("? for help")
			p.typeKeys("j-")
			p.waitFor("weight of .vendor 1 → 0.95")
			p.typeKeys("\x13") // ctrl+s
			p.waitFor("saved " + weights)
			saved, err := os.ReadFile(weights)
			if err != nil {
				t.Fatal(err)
			}
			p.typeKeys("-")
			p.waitFor("weight of .vendor 0.95 → 0.9")
			waitForKept(t, dir, `"vendor": 0.9`)
			tc.end(p)
			if code := p.wait(); code != tc.code {
				t.Errorf("exit code %d, want %d", code, tc.code)
			}
			labels, scores := historyRuns(t, store)
			if strings.Join(labels, ",") != ",explorer saved,explorer quit" {
				t.Fatalf("recorded %q, want the opening, the save and the state at quit", labels)
			}
			// The saved run is what score records of the dataset under
			// the file saved: history show prints the same.
			ids := historyIDs(t, store)
			savedCopy := filepath.Join(t.TempDir(), "weights.json")
			if err := os.WriteFile(savedCopy, saved, 0o644); err != nil {
				t.Fatal(err)
			}
			other := filepath.Join(t.TempDir(), "history.db")
			code, _, stderr := runWithHistory(t, other, "", "score", data, weights, "--pass", "0.9", "--tag", "tuning", "--label", "explorer saved")
			if code != 0 {
				t.Fatalf("score: exit %d: %s", code, stderr)
			}
			otherIDs := historyIDs(t, other)
			if got, want := showRun(t, store, ids[1]), showRun(t, other, otherIDs[0]); got != want {
				t.Errorf("history show of the saved run:\n%s\nof score's run under the file saved:\n%s", got, want)
			}
			// The recovery file keeps the weights at the end, and the run
			// at quit is scored with them.
			files := recoveryFiles(t, dir)
			if len(files) != 1 {
				t.Fatalf("recovery files in %s: %v", dir, files)
			}
			var rec struct {
				Dataset bool            `json:"dataset"`
				Weights json.RawMessage `json:"weights"`
			}
			b, err := readRecovery(files[0], &rec)
			if err != nil || !rec.Dataset || !strings.Contains(string(rec.Weights), `"vendor": 0.9`) {
				t.Fatalf("recovery file %s (%v):\n%s", files[0], err, b)
			}
			kept := filepath.Join(t.TempDir(), "kept.json")
			if err := os.WriteFile(kept, rec.Weights, 0o644); err != nil {
				t.Fatal(err)
			}
			sc := scoreKept(t, data, kept)
			if !near(scores[2], sc.Score) || near(scores[2], scores[1]) || near(scores[1], scores[0]) {
				t.Errorf("the runs scored %v; the kept weights %v", scores, sc.Score)
			}
			// The next opening of the dataset offers the weights back.
			p = startExplorer(t, env, data, weights, "--pass", "0.9")
			p.waitFor("r restore")
			p.waitFor(".vendor  0.95 → 0.9")
			p.typeKeys("r")
			waitForTakeOver(t, dir, files[0], `"vendor": 0.9`)
			quitWithoutSaving(t, p, dir)
			if labels, _ := historyRuns(t, store); len(labels) != 5 || labels[3] != "" || labels[4] != "explorer quit" {
				t.Errorf("runs after the second opening: %q", labels)
			}
		})
	}
}

// TestDatasetExplorerNoHistory: with --no-history the dataset's explorer
// records nothing, saves and quits included, and still keeps the unsaved
// weights; --label names every run it records.
func TestDatasetExplorerNoHistory(t *testing.T) {
	dir, data, weights := smallCopy(t)
	store := filepath.Join(dir, "history.db")
	env := []string{"JSONTUI_HISTORY=" + store, "HOME=" + filepath.Join(dir, "home"), "XDG_STATE_HOME=" + filepath.Join(dir, "state")}
	p := startExplorer(t, env, data, weights, "--no-history")
	p.waitFor("? for help")
	p.typeKeys("j-\x13")
	p.waitFor("saved " + weights)
	p.typeKeys("-")
	waitForKept(t, dir, `"vendor": 0.9`)
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	if code := p.wait(); code != 143 {
		t.Errorf("exit code %d", code)
	}
	if labels, _ := historyRuns(t, store); len(labels) != 0 {
		t.Errorf("--no-history recorded %q", labels)
	}
	if files := recoveryFiles(t, dir); len(files) != 1 {
		t.Errorf("recovery files %v", files)
	}

	p = startExplorer(t, env, data, weights, "--label", "tuning")
	p.waitFor("r restore")
	p.typeKeys("d")
	p.typeKeys("j+\x13")
	p.waitFor("saved " + weights)
	p.typeKeys("q")
	if code := p.wait(); code != 0 {
		t.Errorf("exit code %d", code)
	}
	if labels, _ := historyRuns(t, store); strings.Join(labels, ",") != "tuning,tuning" {
		t.Errorf("recorded %q, want the opening and the save, labelled", labels)
	}
	if files := recoveryFiles(t, dir); len(files) != 0 {
		t.Errorf("recovery files left: %v", files)
	}
}
