package scoring

import (
	"math"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// slotWeightTrees returns, for n weights, the two generated trees the
// slot-weight benchmarks re-weight: "wide", one object of n keys (a
// weights file of n entries, as weights init writes for it), and
// "grouped", √n objects of √n keys (so that an edit scores √n children
// again, not n).
func slotWeightTrees(b *testing.B, n int) map[string]*Tree {
	g := int(math.Sqrt(float64(n)))
	trees := map[string]*Tree{}
	for name, src := range map[string][]byte{"wide": wideRef(n), "grouped": []byte(groupedRef(g, n/g))} {
		d, err := jsondoc.Parse("ref.json", src, nil)
		if err != nil {
			b.Fatal(err)
		}
		tree, err := Build(d, d, nil, Options{})
		if err != nil {
			b.Fatal(err)
		}
		trees[name] = tree
	}
	return trees
}

// BenchmarkSetSlotWeightEach sets every key slot's weight one call of
// SetSlotWeight at a time on the grouped tree (see slotWeightTrees):
// ns/weight grows as √n, the children of the two objects an edit scores
// again, and no longer as n (every node scanned to find a slot's).
func BenchmarkSetSlotWeightEach(b *testing.B) {
	for _, n := range wideSizes() {
		tree := slotWeightTrees(b, n)["grouped"]
		slots := keySlotsOf(tree)
		b.Run(sizeName(n), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				tree.slotIdx = nil // as on a tree just built
				for _, s := range slots {
					if _, err := tree.SetSlotWeight(s, float64(i%2)/2); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(slots)), "ns/weight")
		})
	}
}

// BenchmarkSetSlotWeights sets every key slot's weight in one call of
// SetSlotWeights, index of the slots' nodes included (as on a tree just
// built): ns/weight stays flat from 10k to 1M weights on both trees.
func BenchmarkSetSlotWeights(b *testing.B) {
	for _, n := range wideSizes() {
		for _, shape := range []string{"wide", "grouped"} {
			tree := slotWeightTrees(b, n)[shape]
			slots := keySlotsOf(tree)
			ws := make([][]SlotWeight, 2)
			for k := range ws {
				for i, s := range slots {
					ws[k] = append(ws[k], SlotWeight{Slot: s, Weight: float64(k+i%4) / 4})
				}
			}
			b.Run(shape+"/"+sizeName(n), func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					tree.slotIdx = nil
					if _, err := tree.SetSlotWeights(ws[i%2]); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(slots)), "ns/weight")
			})
		}
	}
}

// keySlotsOf returns the tree's key slots.
func keySlotsOf(tree *Tree) []int {
	var slots []int
	for i, s := range tree.Slots() {
		if s.IsKey() {
			slots = append(slots, i)
		}
	}
	return slots
}
