package scoring

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/jsontui/jsontui/scoring/gen"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

var (
	benchMu    sync.Mutex
	benchPairs = map[int][2]*jsondoc.Doc{}
)

// benchDocs returns a parsed generated pair of about mb MB each.
func benchDocs(b *testing.B, mb int) (ref, out *jsondoc.Doc) {
	benchMu.Lock()
	defer benchMu.Unlock()
	p, ok := benchPairs[mb]
	if !ok {
		r, o := genDocs(b, mb<<20, 1)
		p = [2]*jsondoc.Doc{r, o}
		benchPairs[mb] = p
	}
	return p[0], p[1]
}

func benchSizes() []int {
	if testing.Short() {
		return []int{1}
	}
	return []int{1, 20, 200}
}

// BenchmarkParseAndScore reports parse+score throughput over the combined
// input of a pair (both parsed in parallel, as the CLI does, then scored).
func BenchmarkParseAndScore(b *testing.B) {
	for _, mb := range benchSizes() {
		rs, os := gen.Pair(mb<<20, 1)
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			b.SetBytes(int64(len(rs) + len(os)))
			b.ReportAllocs()
			for b.Loop() {
				var r, o *jsondoc.Doc
				var wg sync.WaitGroup
				wg.Add(1)
				go func() { defer wg.Done(); r, _ = jsondoc.Parse("ref.json", rs, nil) }()
				o, _ = jsondoc.Parse("out.json", os, nil)
				wg.Wait()
				if _, err := Build(r, o, nil, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkBuild reports the scoring step alone.
func BenchmarkBuild(b *testing.B) {
	for _, mb := range benchSizes() {
		r, o := benchDocs(b, mb)
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			b.SetBytes(int64(r.Size() + o.Size()))
			b.ReportAllocs()
			var tree *Tree
			for b.Loop() {
				tree, _ = Build(r, o, nil, Options{})
			}
			b.ReportMetric(float64(tree.Len()), "nodes")
		})
	}
}

// bigTree returns a tree of over 1.5M nodes.
func bigTree(b *testing.B) *Tree {
	mb := 21
	if testing.Short() {
		mb = 2
	}
	r, o := benchDocs(b, mb)
	tree, err := Build(r, o, nil, Options{})
	if err != nil {
		b.Fatal(err)
	}
	return tree
}

// BenchmarkSetWeight times re-weighting one node of a >1.5M-node tree and
// updating the scores up to the root.
func BenchmarkSetWeight(b *testing.B) {
	tree := bigTree(b)
	var keys []NodeID
	for i := 0; i < tree.Len(); i++ {
		if tree.Slot(NodeID(i)) >= 0 {
			keys = append(keys, NodeID(i))
		}
	}
	rng := rand.New(rand.NewPCG(1, 1))
	b.ReportMetric(float64(tree.Len()), "nodes")
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if err := tree.SetWeight(keys[rng.IntN(len(keys))], float64(i%20)/20); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSetSlotWeight times the batch form: one key in every record of
// a >1.5M-node tree.
func BenchmarkSetSlotWeight(b *testing.B) {
	tree := bigTree(b)
	slot := -1
	for i, s := range tree.Slots() {
		if s.IsKey() && s.Key == "price" {
			slot = i
		}
	}
	b.ReportMetric(float64(tree.Len()), "nodes")
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := tree.SetSlotWeight(slot, float64(i%20)/20); err != nil {
			b.Fatal(err)
		}
	}
}
