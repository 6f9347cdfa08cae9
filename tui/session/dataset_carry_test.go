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

// scoreSmallWith scores dataset-small with metric under the weights w,
// held for re-weighting.
func scoreSmallWith(t *testing.T, metric string, w *scoring.Weights) *dataset.Scored {
	t.Helper()
	m, err := scoring.LookupMetric(metric)
	if err != nil {
		t.Fatal(err)
	}
	src, err := dataset.Open(dataset.Spec{Ref: filepath.Join(smallDir, "data.jsonl")})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	res, err := dataset.Score(context.Background(), src, dataset.Config{Metric: m, Weights: w, Keep: true})
	if err != nil {
		t.Fatal(err)
	}
	return res.Scored
}

// TestResumeDataset: the weights tuned under one metric weigh the
// dataset scored again under another (the score is the engine's under
// the edited file), what is unsaved and the undo steps go on by path; a
// metric that takes no weights gets none.
func TestResumeDataset(t *testing.T) {
	orig, err := os.ReadFile(filepath.Join(smallDir, "weights.json"))
	if err != nil {
		t.Fatal(err)
	}
	d, w := scoreSmall(t, string(orig))
	s := NewDataset(d, w, "weights.json")
	if _, err := s.SetWeight(".vendor", 0.5); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Nudge(".total", -0.05); err != nil {
		t.Fatal(err)
	}
	st := s.State()
	lx := scoreSmallWith(t, "lynxius", w)
	r, err := ResumeDataset(lx, st)
	if err != nil {
		t.Fatal(err)
	}
	edited, err := scoring.ParseWeights("w.json", []byte(strings.Replace(strings.Replace(string(orig), `"total": 1.0`, `"total": 0.95`, 1), "{", `{"vendor": 0.5,`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	fresh := scoreSmallWith(t, "lynxius", edited)
	if got, want := lx.Stats().Mean, fresh.Stats().Mean; math.Abs(got-want) > 1e-12 {
		t.Errorf("lynxius under the weights carried: %v, scored afresh under the edited file %v", got, want)
	}
	if !r.Dirty() || !r.Changed(".vendor") || !r.Changed(".total") || r.Changed(".paid") || !r.Resumed() {
		t.Errorf("dirty %v, changed .vendor %v .total %v .paid %v, resumed %v", r.Dirty(), r.Changed(".vendor"), r.Changed(".total"), r.Changed(".paid"), r.Resumed())
	}
	if r.Version() <= s.Version() {
		t.Errorf("version %d after %d: caches keyed on it would not be made again", r.Version(), s.Version())
	}
	if open, _, ok := r.Deltas(); !ok || open != 0 {
		t.Errorf("Δ since the switch %v %v, want 0", open, ok)
	}
	text, err := r.Undo()
	if err != nil || text != "undid: weight of .total 1 → 0.95" {
		t.Fatalf("undo: %q %v", text, err)
	}
	if w, _ := lx.Weight(".total"); w != 1 {
		t.Errorf(".total after undo: %v", w)
	}
	if _, err := r.Undo(); err != nil {
		t.Fatal(err)
	}
	if r.Dirty() {
		t.Error("dirty once every step is undone")
	}
	if _, err := r.Redo(); err != nil {
		t.Fatal(err)
	}
	// uipath weighs nodes its own way: nothing carries over, nothing to
	// undo, nothing unsaved (the caller holds r apart meanwhile).
	ui := scoreSmallWith(t, "uipath", w)
	before := ui.Stats().Mean
	u, err := ResumeDataset(ui, r.State())
	if err != nil {
		t.Fatal(err)
	}
	if ui.Stats().Mean != before || u.Dirty() {
		t.Errorf("uipath: score %v (was %v), dirty %v", ui.Stats().Mean, before, u.Dirty())
	}
	if _, err := u.Undo(); err == nil {
		t.Error("undo under uipath")
	}
	// Back to jsondiff from the state held apart: .vendor's 0.5 again.
	jd := scoreSmallWith(t, "jsondiff", w)
	back, err := ResumeDataset(jd, r.State())
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := jd.Weight(".vendor"); v != 0.5 || !back.Dirty() {
		t.Errorf("back to jsondiff: .vendor %v, dirty %v", v, back.Dirty())
	}
}
