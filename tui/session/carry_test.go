package session

import (
	"path/filepath"
	"testing"

	"github.com/jsontui/jsontui/scoring"
)

// TestResume tunes two weights, saves, tunes one more and zeroes one with
// x, then resumes on lynxius's tree of the same pizza: the weights in
// force, what changed since opening and since the save, and x's memory
// carry over by key; the totals' baselines are the new tree's.
func TestResume(t *testing.T) {
	dir := t.TempDir()
	wpath := filepath.Join(dir, "weights.json")
	if _, err := WriteFile(wpath, []byte(read(t, filepath.Join(pizzaDir, "weights.json"))), false); err != nil {
		t.Fatal(err)
	}
	s := open(t, wpath)
	if _, err := s.SetWeight(node(t, s, ".beer"), 1); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Save(""); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SetWeight(node(t, s, ".margherita"), 0.5); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ToggleZero(node(t, s, ".fixed_menus[0].drink")); err != nil {
		t.Fatal(err)
	}
	st := s.State()
	if st.Weights() != s.Weights() || st.Path() != wpath {
		t.Fatal("the state does not name the session's weights file")
	}
	tree, err := scoring.Build(s.Tree().Ref(), s.Tree().Out(), st.Weights(), scoring.LynxiusOptions())
	if err != nil {
		t.Fatal(err)
	}
	r, err := Resume(tree, st)
	if err != nil {
		t.Fatal(err)
	}
	want, err := scoring.Build(s.Tree().Ref(), s.Tree().Out(), mustWeights(t, s.Tree().MarshalWeights()), scoring.LynxiusOptions())
	if err != nil {
		t.Fatal(err)
	}
	got, _ := r.Tree().Total()
	if w, _ := want.Total(); !near(got, w) {
		t.Errorf("resumed total %v, want %v", got, w)
	}
	slot := func(p string) int { return r.Tree().Slot(node(t, r, p)) }
	if !r.Resumed() || !r.Dirty() || !r.Changed(slot(".beer")) || !r.Changed(slot(".margherita")) || r.Changed(slot(".pepperoni")) {
		t.Error("what changed since opening and since the save did not carry over")
	}
	if open, save, ok := r.Deltas(); !ok || open != 0 || save != 0 {
		t.Errorf("deltas %v %v %v: the baselines are not the new tree's", open, save, ok)
	}
	// x gives the drink its weight back; undo starts afresh.
	if _, err := r.ToggleZero(node(t, r, ".fixed_menus[0].drink")); err != nil {
		t.Fatal(err)
	}
	if w := r.Tree().Slots()[slot(".fixed_menus[0].drink")].Weight; w != 0.5 {
		t.Errorf("x gave back %v, want 0.5", w)
	}
	if _, err := r.Undo(); err != nil || r.CanUndo() {
		t.Errorf("undo: %v, more to undo %v", err, r.CanUndo())
	}
	// Saving again does not keep a second .bak: the first save kept it.
	saved, err := r.Save("")
	if err != nil || saved.Backup != "" {
		t.Errorf("save after resuming: %+v %v", saved, err)
	}
}

func mustWeights(t *testing.T, data []byte) *scoring.Weights {
	t.Helper()
	w, err := scoring.ParseWeights("w.json", data)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func near(a, b float64) bool { return a-b < 1e-12 && b-a < 1e-12 }
