package session

import (
	"fmt"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// benchWeightCounts are the weights the bulk benchmarks change: 10k, and
// 100k and 1M to show the cost per weight stays flat (setting 100k
// weights took 42 s when each one scanned the tree).
func benchWeightCounts() []int {
	if testing.Short() {
		return []int{10_000}
	}
	return []int{10_000, 100_000, 1_000_000}
}

func countName(n int) string {
	if n >= 1_000_000 {
		return fmt.Sprintf("%dM", n/1_000_000)
	}
	return fmt.Sprintf("%dk", n/1000)
}

// wideTree builds the tree of an object of n keys against an output in
// which every third value differs, so that the weights move the total.
func wideTree(tb testing.TB, n int) *scoring.Tree {
	tb.Helper()
	var r, o strings.Builder
	r.WriteByte('{')
	o.WriteByte('{')
	for i := range n {
		if i > 0 {
			r.WriteByte(',')
			o.WriteByte(',')
		}
		fmt.Fprintf(&r, `"key_%07d":%d`, i, i%100)
		v := i % 100
		if i%3 == 0 {
			v++
		}
		fmt.Fprintf(&o, `"key_%07d":%d`, i, v)
	}
	r.WriteByte('}')
	o.WriteByte('}')
	rd, err := jsondoc.Parse("ref.json", []byte(r.String()), nil)
	if err != nil {
		tb.Fatal(err)
	}
	od, err := jsondoc.Parse("out.json", []byte(o.String()), nil)
	if err != nil {
		tb.Fatal(err)
	}
	tree, err := scoring.Build(rd, od, nil, scoring.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return tree
}

// BenchmarkSetWeights sets every weight of a fresh session over an object
// of n keys in one step: what restoring a recovery file or loading a
// run's weights (R) does. ns/weight stays flat from 10k to 1M.
func BenchmarkSetWeights(b *testing.B) {
	for _, n := range benchWeightCounts() {
		tree := wideTree(b, n)
		weights := make([][]float64, 2)
		for k := range weights {
			weights[k] = make([]float64, tree.NumSlots())
			for i, sl := range tree.Slots() {
				weights[k][i] = sl.Weight
				if sl.IsKey() {
					weights[k][i] = float64(k+i%4) / 4
				}
			}
		}
		b.Run(countName(n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				b.StopTimer()
				s := New(tree.Clone(), nil, "")
				b.StartTimer()
				if _, err := s.SetWeights(weights[i%2], "load"); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/weight")
		})
	}
}
