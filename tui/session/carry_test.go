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
	if w := r.Tree().SlotWeightAt(slot(".fixed_menus[0].drink")); w != 0.5 {
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

// TestStepWithRules: a step that changes weights and rules together is
// one step: Undo takes back its weights and calls for the rules before
// it, Redo for those after; the steps carry over a Resume from
// StateWithSteps, by key, and not from State.
func TestStepWithRules(t *testing.T) {
	s := open(t, filepath.Join(pizzaDir, "weights.json"))
	total0, _ := s.Tree().Total()
	if _, err := s.SetWeight(node(t, s, ".margherita"), 0.5); err != nil {
		t.Fatal(err)
	}
	rules, err := scoring.ParseRules("rules.json", []byte(`{".fixed_menus[].pizza": "exact"}`))
	if err != nil {
		t.Fatal(err)
	}
	weights := make([]float64, s.Tree().NumSlots())
	for i, sl := range s.Tree().Slots() {
		weights[i] = sl.Weight
	}
	beer := s.Tree().Slot(node(t, s, ".beer"))
	weights[beer] = 0.75
	n, err := s.SetWeightsAndRules(weights, &RulesChange{After: rules}, "restore X")
	if err != nil || n != 1 {
		t.Fatalf("SetWeightsAndRules: %d %v", n, err)
	}
	// Rules alone are a step too.
	if n, err := s.SetWeightsAndRules(weights, &RulesChange{Before: rules}, "rules only"); err != nil || n != 0 {
		t.Fatalf("rules only: %d %v", n, err)
	}
	if msg, err := s.Undo(); err != nil || msg != "undid: rules only" {
		t.Fatalf("undo: %q %v", msg, err)
	}
	if r, ok := s.StepRules(); !ok || r != rules {
		t.Fatalf("undoing the rules-only step calls for %v, %v", r, ok)
	}
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if r, ok := s.StepRules(); !ok || r != nil || s.Tree().SlotWeightAt(beer) != 0.25 {
		t.Fatalf("undo calls for the rules %v, %v; .beer weighs %v", r, ok, s.Tree().SlotWeightAt(beer))
	}

	// Scored again (here: built again) and resumed with the steps.
	tree := scoringtestBuild(t, s)
	r, err := Resume(tree, s.StateWithSteps())
	if err != nil {
		t.Fatal(err)
	}
	if !r.CanUndo() || !r.CanRedo() {
		t.Fatalf("steps did not carry over: undo %v, redo %v", r.CanUndo(), r.CanRedo())
	}
	if msg, err := r.Redo(); err != nil || msg != "redid: restore X" {
		t.Fatalf("redo: %q %v", msg, err)
	}
	if rr, ok := r.StepRules(); !ok || rr != rules || r.Tree().SlotWeightAt(r.Tree().Slot(node(t, r, ".beer"))) != 0.75 {
		t.Fatalf("redo calls for %v, %v", rr, ok)
	}
	// A step of weights only calls for no rules.
	if _, err := r.Undo(); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Undo(); err != nil {
		t.Fatal(err)
	}
	if _, ok := r.StepRules(); ok || r.CanUndo() {
		t.Errorf("undoing a weight edit calls for rules (%v), more to undo %v", ok, r.CanUndo())
	}
	if got, _ := r.Tree().Total(); !near(got, total0) {
		t.Errorf("everything undone: total %v, want %v", got, total0)
	}
	// From State, the history starts afresh.
	r2, err := Resume(scoringtestBuild(t, r), r.State())
	if err != nil || r2.CanUndo() || r2.CanRedo() {
		t.Errorf("resumed from State: undo %v, redo %v, %v", r2.CanUndo(), r2.CanRedo(), err)
	}
}

// scoringtestBuild builds the tree of s's documents afresh under its
// weights file.
func scoringtestBuild(t *testing.T, s *Session) *scoring.Tree {
	t.Helper()
	tree, err := scoring.Build(s.Tree().Ref(), s.Tree().Out(), s.Weights(), scoring.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return tree
}
