package session

import (
	"github.com/jsontui/jsontui/scoring"
	"math"
	"path/filepath"
	"strings"
	"testing"
)

func TestSetWeightsIsOneStep(t *testing.T) {
	s := open(t, filepath.Join(pizzaDir, "weights.json"))
	tr := s.Tree()
	before, _ := tr.Total()
	slots := tr.Slots()
	weights := tr.SlotWeights(nil)
	// Every key weighs 1: the total of the pizza with no weights file.
	for i, sl := range slots {
		if sl.IsKey() {
			weights[i] = 1
		}
	}
	n, err := s.SetWeights(weights, "load run X")
	if err != nil {
		t.Fatal(err)
	}
	// beer 0.25, fixed_menus 0.8, menu_name 0, pizza 0.5, drink 0.5.
	if n != 5 {
		t.Errorf("%d weights changed, want 5", n)
	}
	if got, _ := tr.Total(); math.Abs(got-0.903376) > 1e-6 || !s.Dirty() {
		t.Errorf("total %v, dirty %v", got, s.Dirty())
	}
	c := s.Counts()
	msg, err := s.Undo()
	if err != nil || msg != "undid: load run X" {
		t.Fatalf("undo: %q %v", msg, err)
	}
	if got, _ := tr.Total(); got != before || s.Dirty() || s.CanUndo() {
		t.Errorf("after undo: total %v (was %v), dirty %v", got, before, s.Dirty())
	}
	if _, err := s.Redo(); err != nil || s.Counts() != c {
		t.Errorf("redo: %v, counts %v want %v", err, s.Counts(), c)
	}
	// The same weights again: no step.
	if n, err := s.SetWeights(weights, "again"); n != 0 || err != nil {
		t.Errorf("again: %d %v", n, err)
	}
	if _, err := s.SetWeights(weights[:2], "short"); err == nil {
		t.Error("too few weights were taken")
	}
	weights[1] = 1.5
	if _, err := s.SetWeights(weights, "bad"); err == nil || !strings.Contains(err.Error(), "outside [0, 1]") {
		t.Errorf("a weight of 1.5: %v", err)
	}
	s.Lock("testing")
	weights[1] = 0.5
	if _, err := s.SetWeights(weights, "locked"); err == nil {
		t.Error("a locked session took weights")
	}
}

// TestSetWeightsWork sets every weight of an object of 20,000 keys in one
// step, and counts the nodes the status counts read to find the
// containers above the keys: each node once, not the tree once a key.
func TestSetWeightsWork(t *testing.T) {
	const n = 20_000
	tree := wideTree(t, n)
	s := New(tree, nil, "")
	weights := make([]float64, tree.NumSlots())
	changed := 0
	for i, sl := range tree.Slots() {
		weights[i] = sl.Weight
		if sl.IsKey() {
			weights[i] = float64(i%4+1) / 4
			if weights[i] != 1 {
				changed++
			}
		}
	}
	if k, err := s.SetWeights(weights, "all"); err != nil || k != changed || k < n/2 {
		t.Fatalf("SetWeights: %d weights changed, %v", k, err)
	}
	if max := 2 * tree.Len(); s.counts.work > max {
		t.Errorf("the counts read %d nodes, want at most %d", s.counts.work, max)
	}
	var want [7]int
	for id := range tree.Len() {
		want[tree.Status(scoring.NodeID(id))]++
	}
	if got := s.Counts(); got != want {
		t.Errorf("counts %v, node by node %v", got, want)
	}
}
