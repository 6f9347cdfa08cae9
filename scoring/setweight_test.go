package scoring

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// randomPair writes a reference with an array of n records and an output
// that differs from it here and there.
func randomPair(rng *rand.Rand, n int) (ref, out string) {
	var r, o strings.Builder
	r.WriteString(`{"title": "records", "meta": {"count": ` + fmt.Sprint(n) + `, "source": "gen"}, "items": [`)
	o.WriteString(`{"title": "record", "meta": {"count": ` + fmt.Sprint(n+1) + `}, "items": [`)
	for i := 0; i < n; i++ {
		if i > 0 {
			r.WriteString(", ")
			o.WriteString(", ")
		}
		name := fmt.Sprintf("item-%d", rng.IntN(1000))
		price := rng.IntN(100)
		fmt.Fprintf(&r, `{"id": %d, "name": %q, "price": %d, "tags": ["a", "b"], "ok": true}`, i, name, price)
		switch rng.IntN(6) {
		case 0:
			fmt.Fprintf(&o, `{"id": %d, "name": %q, "price": %d}`, i, name+"x", price+1)
		case 1:
			fmt.Fprintf(&o, `{"id": %d, "name": null, "price": "%d", "tags": ["a"], "ok": false, "extra": 1}`, i, price)
		default:
			fmt.Fprintf(&o, `{"id": %d, "name": %q, "price": %d, "tags": ["a", "b"], "ok": true}`, i, name, price)
		}
	}
	r.WriteString("]}")
	o.WriteString("]}")
	return r.String(), o.String()
}

// naive computes a node's score from the formulas of docs/scoring.md, recursively, using
// the leaf scores and the weights stored in the tree.
func naive(t *Tree, id NodeID) (float64, bool) {
	first, n := t.Children(id)
	if t.nodes[id].agg < 0 {
		return t.Score(id)
	}
	isArray := t.Kind(id).String() == "array"
	var sum, parts float64
	for c := first; c < first+NodeID(n); c++ {
		s, ok := naive(t, c)
		if !ok {
			continue
		}
		w := t.Weight(c)
		if isArray {
			w = 1
		}
		sum += w * s
		parts += w
	}
	if parts == 0 {
		return t.Score(id) // the empty-container rules; covered by TestAggregate
	}
	return sum / parts, true
}

func checkAgainstNaive(t *testing.T, tree *Tree, when string) {
	t.Helper()
	for i := 0; i < tree.Len(); i++ {
		id := NodeID(i)
		got, ok := tree.Score(id)
		want, wok := naive(tree, id)
		if ok != wok || ok && math.Abs(got-want) > 1e-12 {
			t.Fatalf("%s: %s scores %v (%v), the formulas give %v (%v)", when, tree.Path(id), got, ok, want, wok)
		}
	}
}

func TestSetWeightMatchesFormulas(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	ref, out := randomPair(rng, 700) // over segMin: the array keeps a segment tree
	tree := score(t, ref, out, "")
	checkAgainstNaive(t, tree, "built")
	var keys []NodeID
	for i := 0; i < tree.Len(); i++ {
		if tree.Slot(NodeID(i)) >= 0 {
			keys = append(keys, NodeID(i))
		}
	}
	for step := 0; step < 300; step++ {
		id := keys[rng.IntN(len(keys))]
		w := []float64{0, 0.25, 0.5, 1, rng.Float64()}[rng.IntN(5)]
		if err := tree.SetWeight(id, w); err != nil {
			t.Fatal(err)
		}
		if step%50 == 0 {
			checkAgainstNaive(t, tree, fmt.Sprintf("step %d", step))
		}
	}
	checkAgainstNaive(t, tree, "after 300 edits")
	checkInvariants(t, tree)
}

// TestSetSlotWeightMatchesRebuild edits slots at random and checks that the
// tree equals, bit for bit, one built afresh from the weights file the
// edits amount to (MarshalWeights).
func TestSetSlotWeightMatchesRebuild(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	ref, out := randomPair(rng, 400)
	tree := score(t, ref, out, `{"meta": {"__meta": 0.5}, "items": {"tags": 0.3}}`)
	var slots []int
	for i, s := range tree.Slots() {
		if s.IsKey() {
			slots = append(slots, i)
		}
	}
	for step := 0; step < 60; step++ {
		slot := slots[rng.IntN(len(slots))]
		w := []float64{0, 0.2, 0.75, 1}[rng.IntN(4)]
		n, err := tree.SetSlotWeight(slot, w)
		if err != nil {
			t.Fatal(err)
		}
		if n != tree.SlotNodeCount(slot) {
			t.Errorf("SetSlotWeight changed %d nodes, slot has %d", n, tree.SlotNodeCount(slot))
		}
		fresh := score(t, ref, out, string(tree.MarshalWeights()))
		for i := tree.Len() - 1; i >= 0; i-- {
			a, _ := tree.Score(NodeID(i))
			b, _ := fresh.Score(NodeID(i))
			if math.Float64bits(a) != math.Float64bits(b) {
				t.Fatalf("step %d: %s scores %v after edits, %v rebuilt from\n%s", step, tree.Path(NodeID(i)), a, b, tree.MarshalWeights())
			}
		}
	}
	tree.ResetWeights()
	fresh := score(t, ref, out, `{"meta": {"__meta": 0.5}, "items": {"tags": 0.3}}`)
	if a, b := must(tree.Total()), must(fresh.Total()); a != b {
		t.Errorf("after ResetWeights total %v, want %v", a, b)
	}
}

func must(v float64, ok bool) float64 {
	if !ok {
		return math.NaN()
	}
	return v
}

func TestSetWeightErrors(t *testing.T) {
	tree := score(t, `{"a": [{"x": 1}], "b": 2}`, `{"a": [{"x": 1}], "b": 2, "c": 3}`, "")
	cases := map[string]string{
		".":       "the root has no weight of its own: its score is the total",
		".a[0]":   ".a[0] is an array element: elements weigh alike; weigh the keys inside them, or the array itself",
		".c":      ".c is a key only the output has: it takes no part, so it has no weight",
		".a[0].x": "",
	}
	for path, want := range cases {
		err := tree.SetWeight(find(t, tree, path), 0.5)
		if got := fmt.Sprint(err); want == "" && err != nil || want != "" && got != want {
			t.Errorf("SetWeight(%s): %v, want %q", path, err, want)
		}
	}
	if err := tree.SetWeight(find(t, tree, ".b"), 1.5); err == nil || err.Error() != "weight 1.5 is outside [0, 1]" {
		t.Errorf("SetWeight 1.5: %v", err)
	}
	if _, err := tree.SetSlotWeight(0, 0.5); err == nil {
		t.Error("SetSlotWeight on the root slot succeeded")
	}
}

func TestClone(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	ref, out := randomPair(rng, 300)
	tree := score(t, ref, out, "")
	before, _ := tree.Total()
	snap := tree.Clone()
	slot := -1
	for i, s := range tree.Slots() {
		if s.IsKey() && s.Key == "name" {
			slot = i
		}
	}
	if _, err := tree.SetSlotWeight(slot, 0); err != nil {
		t.Fatal(err)
	}
	after, _ := tree.Total()
	if got, _ := snap.Total(); got != before || after == before {
		t.Fatalf("clone total %v, original %v → %v", got, before, after)
	}
	if snap.SlotAt(slot).Weight != 1 || snap.Weight(snap.SlotNodes(slot)[0]) != 1 {
		t.Error("the clone's weights changed with the original's")
	}
	// The clone re-weights on its own, to the same figures.
	if _, err := snap.SetSlotWeight(slot, 0); err != nil {
		t.Fatal(err)
	}
	if got, _ := snap.Total(); got != after {
		t.Errorf("clone re-weighted to %v, original %v", got, after)
	}
}

// TestNodeWeightOverSlot checks that a weight SetWeight gives one node
// holds for that node alone, survives a Clone apart from the original, and
// gives way to the slot's weight on SetSlotWeight and ResetWeights.
func TestNodeWeightOverSlot(t *testing.T) {
	tree := score(t, `{"a": [{"x": 1, "y": 2}, {"x": 1, "y": 2}]}`, `{"a": [{"x": 1, "y": 3}, {"x": 0, "y": 2}]}`, "")
	x0, x1 := find(t, tree, ".a[0].x"), find(t, tree, ".a[1].x")
	if err := tree.SetWeight(x0, 0.25); err != nil {
		t.Fatal(err)
	}
	if tree.Weight(x0) != 0.25 || tree.Weight(x1) != 1 {
		t.Fatalf("weights %v, %v after SetWeight(.a[0].x, 0.25)", tree.Weight(x0), tree.Weight(x1))
	}
	// .a[0] = (0.25·1 + 1·0.8) / 1.25 = 0.84, where .y scores 0.8 (2 vs 3).
	if got := must(tree.Score(find(t, tree, ".a[0].y"))); math.Abs(got-0.8) > 1e-12 {
		t.Errorf(".a[0].y scores %v, want 0.8", got)
	}
	if got := must(tree.Score(find(t, tree, ".a[0]"))); math.Abs(got-0.84) > 1e-12 {
		t.Errorf(".a[0] scores %v, want 0.84", got)
	}
	snap := tree.Clone()
	if err := tree.SetWeight(x0, 0.5); err != nil {
		t.Fatal(err)
	}
	if snap.Weight(x0) != 0.25 {
		t.Errorf("the clone's node weight became %v", snap.Weight(x0))
	}
	slot := int(tree.Slot(x0))
	if _, err := tree.SetSlotWeight(slot, 0.75); err != nil {
		t.Fatal(err)
	}
	if tree.Weight(x0) != 0.75 || tree.Weight(x1) != 0.75 {
		t.Errorf("weights %v, %v after SetSlotWeight(x, 0.75)", tree.Weight(x0), tree.Weight(x1))
	}
	snap.ResetWeights()
	if snap.Weight(x0) != 1 {
		t.Errorf("weight %v after ResetWeights", snap.Weight(x0))
	}
	checkInvariants(t, tree)
	checkInvariants(t, snap)
}
