package report_test

import (
	"fmt"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/gen"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/scoring/scoringtest"
)

// BenchmarkSelections walks the report of generated pairs of 1, 20 and
// 200 MB (1 with -short) through --only-losses and --top 10: one pass
// each, --top holding ten nodes.
func BenchmarkSelections(b *testing.B) {
	sizes := []int{1, 20, 200}
	if testing.Short() {
		sizes = sizes[:1]
	}
	for _, mb := range sizes {
		r, o := gen.Pair(mb<<20, 1)
		ref, out := scoringtest.Docs(b, r, o)
		t := scoringtest.Build(b, ref, out, nil, scoring.Options{})
		rep := t.Report("jsondiff", nil)
		for _, sel := range []struct {
			name string
			of   func() *report.Report
		}{
			{"all", func() *report.Report { return rep }},
			{"only-losses", func() *report.Report { return report.OnlyLosses(rep) }},
			{"top-10", func() *report.Report { return report.Top(rep, 10) }},
		} {
			b.Run(fmt.Sprintf("%dMB/%s", mb, sel.name), func(b *testing.B) {
				b.ReportMetric(float64(t.Len()), "nodes")
				b.ReportAllocs()
				for b.Loop() {
					n := 0
					for range sel.of().Nodes {
						n++
					}
					if n == 0 {
						b.Fatal("no nodes")
					}
				}
			})
		}
	}
}
