package scoring

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// groupedRef returns an object of groups objects of keys keys each, every
// key a slot of its own: {"g0000": {"g0000k0000": 1, …}, …}.
func groupedRef(groups, keys int) string {
	var b strings.Builder
	b.WriteByte('{')
	for g := range groups {
		if g > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"g%04d":{`, g)
		for k := range keys {
			if k > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"g%04dk%04d":%d`, g, k, (g+k)%7)
		}
		b.WriteByte('}')
	}
	b.WriteByte('}')
	return b.String()
}

// TestSetSlotWeightWork sets the weight of every key slot of a tree of
// 100 groups of 100 keys, one slot at a time, and counts the work: the
// nodes read to find each slot's nodes and the children read to score
// their parents again. Finding a slot's nodes must not scan the tree:
// the work is that of the scores, 100+100 children an edit, not 10,000.
func TestSetSlotWeightWork(t *testing.T) {
	const groups, keys = 100, 100
	ref := groupedRef(groups, keys)
	tree := score(t, ref, strings.ReplaceAll(ref, ":3", ":4"), "")
	tree.weightWork = 0
	edits := 0
	for i, s := range tree.Slots() {
		if !s.IsKey() || s.Key[0] != 'g' || len(s.Key) != 10 {
			continue
		}
		if _, err := tree.SetSlotWeight(i, 0.5); err != nil {
			t.Fatal(err)
		}
		edits++
	}
	if edits != groups*keys {
		t.Fatalf("%d edits, want %d", edits, groups*keys)
	}
	// Per edit: the group's keys and the root's groups read again, plus
	// the slot's one node; once: the index of the slots' nodes.
	if max := edits*(keys+groups+1) + 2*tree.Len(); tree.weightWork > max {
		t.Errorf("%d edits cost %d steps, want at most %d", edits, tree.weightWork, max)
	}
	// All at once: each node once, each group's keys and the root's
	// groups read again once.
	var ws []SlotWeight
	for i, s := range tree.Slots() {
		if s.IsKey() && len(s.Key) == 10 {
			ws = append(ws, SlotWeight{Slot: i, Weight: 0.25})
		}
	}
	tree.weightWork = 0
	if n, err := tree.SetSlotWeights(ws); err != nil || n != groups*keys {
		t.Fatalf("SetSlotWeights: %d nodes, %v", n, err)
	}
	if want := 2*groups*keys + groups; tree.weightWork != want {
		t.Errorf("SetSlotWeights of %d slots cost %d steps, want %d", len(ws), tree.weightWork, want)
	}
}

// TestSetSlotWeightsLikeBuild re-weights trees through SetSlotWeights —
// every key slot at once, a few slots (the large array updated element by
// element in its segment tree), slots at several depths, over nodes that
// had weights of their own — and checks every figure against a tree built
// afresh with the same weights, and against the slots set one at a time:
// scores, aggregates, weights, and the status counts against a count node
// by node.
func TestSetSlotWeightsLikeBuild(t *testing.T) {
	ref, out := genDocs(t, 1<<20, 11)
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct {
		name string
		pick func(s Slot) bool
	}{
		{"every key", func(Slot) bool { return true }},
		{"one record key", func(s Slot) bool { return s.Key == "price" }},
		{"two depths", func(s Slot) bool { return s.Key == "qty" || s.Key == "version" || s.Key == "records" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree, err := Build(ref, out, nil, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var ws []SlotWeight
			for i, s := range tree.Slots() {
				if s.IsKey() && tc.pick(s) {
					ws = append(ws, SlotWeight{Slot: i, Weight: float64(rng.IntN(5)) / 4})
				}
			}
			if len(ws) == 0 {
				t.Fatal("no slot picked")
			}
			// A weight of its own on some nodes of the slots: the slot's
			// weight replaces it.
			for _, e := range ws {
				if nodes := tree.SlotNodes(e.Slot); len(nodes) > 2 {
					if err := tree.SetWeight(nodes[1], 0.125); err != nil {
						t.Fatal(err)
					}
				}
			}
			each := tree.Clone()
			before := tree.StatusCounts()
			n, err := tree.SetSlotWeights(ws)
			if err != nil {
				t.Fatal(err)
			}
			want := 0
			for _, e := range ws {
				want += tree.SlotNodeCount(e.Slot)
				if _, err := each.SetSlotWeight(e.Slot, e.Weight); err != nil {
					t.Fatal(err)
				}
			}
			if n != want {
				t.Errorf("SetSlotWeights says %d nodes, the slots have %d", n, want)
			}
			w, err := ParseWeights("w.json", tree.MarshalWeights())
			if err != nil {
				t.Fatal(err)
			}
			fresh, err := Build(ref, out, w, Options{})
			if err != nil {
				t.Fatal(err)
			}
			sameTrees(t, fresh, tree)
			sameTrees(t, each, tree)
			if len(tree.own) != 0 {
				t.Errorf("%d nodes keep a weight of their own", len(tree.own))
			}
			got := tree.StatusCounts()
			if c := countByNode(tree); got != c || got != fresh.StatusCounts() {
				t.Errorf("counts %v, node by node %v, built afresh %v", got, c, fresh.StatusCounts())
			}
			if tc.name == "every key" && got == before {
				t.Error("the weights changed no status: the test proves nothing")
			}
		})
	}
}

// TestSetSlotWeightsErrors checks that a bad entry leaves the tree as it
// was, however many good ones come before it.
func TestSetSlotWeightsErrors(t *testing.T) {
	tree := score(t, `{"a": 1, "b": [{"x": 1}]}`, `{"a": 2, "b": [{"x": 0}]}`, "")
	var a, x int
	for i, s := range tree.Slots() {
		switch s.Key {
		case "a":
			a = i
		case "x":
			x = i
		}
	}
	total, _ := tree.Total()
	for _, tc := range []struct {
		ws   []SlotWeight
		want string
	}{
		{[]SlotWeight{{a, 0.5}, {x, 1.5}}, "weight 1.5 is outside [0, 1]"},
		{[]SlotWeight{{a, 0.5}, {0, 0.5}}, "slot 0 holds no key's weight"},
		{[]SlotWeight{{x, 0}, {tree.NumSlots(), 0.5}}, fmt.Sprintf("slot %d holds no key's weight", tree.NumSlots())},
	} {
		if _, err := tree.SetSlotWeights(tc.ws); err == nil || err.Error() != tc.want {
			t.Errorf("%v: %v, want %q", tc.ws, err, tc.want)
		}
		if got, _ := tree.Total(); got != total || tree.SlotAt(a).Weight != 1 || tree.SlotAt(x).Weight != 1 {
			t.Errorf("%v: the tree changed: total %v (was %v)", tc.ws, got, total)
		}
	}
	if n, err := tree.SetSlotWeights(nil); n != 0 || err != nil {
		t.Errorf("no weights: %d, %v", n, err)
	}
}
