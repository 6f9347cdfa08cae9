package session

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
)

const smallDir = "../../testdata/cases/dataset-small"

// scoreSmall scores dataset-small under the weights text, held for
// re-weighting.
func scoreSmall(t *testing.T, weights string) (*dataset.Scored, *scoring.Weights) {
	t.Helper()
	w, err := scoring.ParseWeights("weights.json", []byte(weights))
	if err != nil {
		t.Fatal(err)
	}
	src, err := dataset.Open(dataset.Spec{Ref: filepath.Join(smallDir, "data.jsonl")})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	res, err := dataset.Score(context.Background(), src, dataset.Config{Weights: w, Keep: true})
	if err != nil {
		t.Fatal(err)
	}
	return res.Scored, w
}

// TestDatasetSession: an edit re-weights every case to the score the
// dataset has when scored afresh under the edited file; undo, redo, x,
// reset and reset-all step back and forth; a save keeps the file's shape
// and becomes the file reset returns to.
func TestDatasetSession(t *testing.T) {
	orig, err := os.ReadFile(filepath.Join(smallDir, "weights.json"))
	if err != nil {
		t.Fatal(err)
	}
	d, w := scoreSmall(t, string(orig))
	dir := t.TempDir()
	path := filepath.Join(dir, "weights.json")
	os.WriteFile(path, orig, 0o600)
	s := NewDataset(d, w, path)
	text, err := s.SetWeight(".vendor", 0.5)
	if err != nil || text != "weight of .vendor 1 → 0.5" {
		t.Fatalf("SetWeight: %q %v", text, err)
	}
	fresh, _ := scoreSmall(t, strings.Replace(string(orig), "{", `{"vendor": 0.5,`, 1))
	if got, want := d.Stats().Mean, fresh.Stats().Mean; math.Abs(got-want) > 1e-12 {
		t.Errorf("score %v, scored afresh %v", got, want)
	}
	if !s.Dirty() || !s.Changed(".vendor") || s.Changed(".total") {
		t.Error("dirty and changed")
	}
	stepDataset(t, s, d, fresh)
	s.Undo()
	checkDatasetSave(t, s, d, path)
}

// stepDataset nudges, zeroes and undoes weights of d through s, then
// resets them all to the file's: the score returns to fresh's.
func stepDataset(t *testing.T, s *Dataset, d, fresh *dataset.Scored) {
	t.Helper()
	if _, err := s.Nudge(".items[].price", 0.05); err != nil {
		t.Fatal(err)
	}
	if v, _ := d.Weight(".items[].price"); v != 0.55 {
		t.Errorf("nudged to %v", v)
	}
	if _, err := s.ToggleZero(".total"); err != nil {
		t.Fatal(err)
	}
	if text, _ := s.ToggleZero(".total"); text != "weight of .total 0 → 1" {
		t.Errorf("x again: %q", text)
	}
	text, _ := s.Undo()
	if v, _ := d.Weight(".total"); v != 0 || text != "undid: weight of .total 0 → 1" {
		t.Errorf("undo: %q, .total %v", text, v)
	}
	s.Redo()
	if v, _ := d.Weight(".total"); v != 1 {
		t.Errorf("redo: .total %v", v)
	}
	if text, _ := s.ResetAll(); text != "reset 2 weights to the file's" {
		t.Errorf("reset all: %q", text)
	}
	if s.Dirty() || d.Stats().Mean != fresh.Stats().Mean && math.Abs(d.Stats().Mean-0.553150) > 1e-6 {
		t.Errorf("after reset: dirty %v, score %v", s.Dirty(), d.Stats().Mean)
	}
}

// checkDatasetSave checks that paths without a weight refuse one, that a
// save writes the file at path in its shape with the entry it lacked
// added, and that reset then returns to the saved weights.
func checkDatasetSave(t *testing.T, s *Dataset, d *dataset.Scored, path string) {
	t.Helper()
	for _, c := range []struct {
		path string
		want error
	}{{".", &ErrNoWeight{}}, {".items[]", &ErrNoWeight{}}, {".currency", &ErrNoWeight{}}} {
		if _, err := s.SetWeight(c.path, 0.5); err == nil {
			t.Errorf("%s took a weight", c.path)
		}
	}
	saved, err := s.Save("")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	// The file's entries as written, the one it lacked added at its end.
	want := `{
  "note": 0.0,
  "total": 1.0,
  "items": {
    "__items": 0.8,
    "price": 0.55
  },
  "vendor": 0.5
}
`
	if string(got) != want || saved.Backup == "" {
		t.Errorf("saved (backup %q):\n%s\nwant:\n%s", saved.Backup, got, want)
	}
	if s.Dirty() {
		t.Error("dirty after the save")
	}
	s.SetWeight(".vendor", 1)
	s.Reset(".vendor")
	if v, _ := d.Weight(".vendor"); v != 0.5 {
		t.Errorf("reset after the save: %v", v)
	}
}
