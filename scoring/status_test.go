package scoring

import "testing"

// countByNode counts the statuses of t node by node.
func countByNode(t *Tree) (c [7]int) {
	for id := range t.Len() {
		c[t.Status(NodeID(id))]++
	}
	return c
}

// TestStatusCounts checks the counts a build makes on the way, and those
// counted again after weights change, against a count node by node, on a
// tree large enough to be counted in parts.
func TestStatusCounts(t *testing.T) {
	ref, out := genDocs(t, 3<<20, 7)
	tree, err := Build(ref, out, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if tree.Len() < 1<<17 {
		t.Fatalf("only %d nodes", tree.Len())
	}
	check := func(when string) {
		t.Helper()
		want := countByNode(tree)
		if got := tree.StatusCounts(); got != want {
			t.Errorf("%s: counts %v, want %v", when, got, want)
		}
		if want[Match] == 0 || want[Partial] == 0 {
			t.Fatalf("%s: %v: the generated pair should have matches and partial scores", when, want)
		}
	}
	check("built")
	before := tree.StatusCounts()
	// Every generated record has a name; some differ only there.
	slot := -1
	for i, s := range tree.Slots() {
		if s.IsKey() && s.Key == "name" {
			slot = i
		}
	}
	if slot < 0 {
		t.Fatal("no slot for the key name")
	}
	if _, err := tree.SetSlotWeight(slot, 0); err != nil {
		t.Fatal(err)
	}
	if tree.StatusCounts() == before {
		t.Fatal("weighing name 0 changed no status: the test proves nothing")
	}
	check("name weighs 0")
	if err := tree.SetWeight(1, 0); err != nil {
		t.Fatal(err)
	}
	check("a node's own weight set")
	tree.ResetWeights()
	check("weights reset")
	if got := tree.StatusCounts(); got != before {
		t.Errorf("after the reset: %v, want the counts of the build %v", got, before)
	}
	c := tree.Clone()
	if got := c.StatusCounts(); got != before {
		t.Errorf("clone: %v, want %v", got, before)
	}
}
