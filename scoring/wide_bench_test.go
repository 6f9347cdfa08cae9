package scoring

import (
	"fmt"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// wideSizes are the key counts of the wide-object benchmarks: 10k, and
// 100k and 1M to show the cost per key stays flat (issue 10: weights
// resolve and exact were quadratic).
func wideSizes() []int {
	if testing.Short() {
		return []int{10_000}
	}
	return []int{10_000, 100_000, 1_000_000}
}

func sizeName(n int) string {
	if n >= 1_000_000 {
		return fmt.Sprintf("%dM", n/1_000_000)
	}
	return fmt.Sprintf("%dk", n/1000)
}

// BenchmarkResolveWeights resolves a weights file of one entry per key
// (what weights init writes) onto a tree of a wide object, and rescores:
// Tree.ApplyWeights. ns/entry stays flat from 10k to 1M entries.
// "unknown" has as many entries again that the reference lacks: their
// warnings are counted, the first 20 get a bounded "did you mean".
func BenchmarkResolveWeights(b *testing.B) {
	for _, n := range wideSizes() {
		rd, err := jsondoc.Parse("ref.json", wideRef(n), nil)
		if err != nil {
			b.Fatal(err)
		}
		for _, unknown := range []int{0, n} {
			w, err := ParseWeights("weights.json", wideWeights(n, unknown))
			if err != nil {
				b.Fatal(err)
			}
			tree, err := Build(rd, rd, nil, Options{})
			if err != nil {
				b.Fatal(err)
			}
			name := sizeName(n)
			if unknown > 0 {
				name += "/unknown"
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if err := tree.ApplyWeights(w); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n+unknown), "ns/entry")
			})
		}
	}
}

// BenchmarkExactWide scores --metric exact on two equal objects of n keys,
// the output's in reverse order. ns/key stays flat from 10k to 1M keys.
func BenchmarkExactWide(b *testing.B) {
	for _, n := range wideSizes() {
		rd, od := wideDocs(b, n)
		b.Run(sizeName(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				res, err := Run(exactMetric{}, &Input{Ref: rd, Out: od})
				if err != nil || res.Score != 1 {
					b.Fatal(err, res.Score)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/key")
		})
	}
}

// BenchmarkBuildWide builds the tree of a wide object against itself, the
// output's keys in reverse order: a slot per key. B/op is what the build
// allocates per run (issue 10: one object of 1M keys peaked at 23 times
// its input; see the report of the branch for the RSS figures).
func BenchmarkBuildWide(b *testing.B) {
	for _, n := range wideSizes() {
		rd, od := wideDocs(b, n)
		b.Run(sizeName(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Build(rd, od, nil, Options{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/key")
		})
	}
}
