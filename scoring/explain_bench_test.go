package scoring

import (
	"fmt"
	"testing"
)

// BenchmarkExplain explains the root, the widest container and a leaf of
// generated pairs of 1, 20 and 200 MB, under jsondiff and uipath (whose
// root counts the leaves below it, at most 2^20 nodes walked): an
// explanation writes at most 8 terms and 12 children, but sums over every
// child.
func BenchmarkExplain(b *testing.B) {
	for _, mb := range benchSizes() {
		ref, out := benchDocs(b, mb)
		for _, metric := range []struct {
			name string
			opt  Options
		}{{"jsondiff", Options{}}, {"uipath", UIPathOptions()}} {
			t, err := Build(ref, out, nil, metric.opt)
			if err != nil {
				b.Fatal(err)
			}
			widest, most := NodeID(0), 0
			leaf := NoNode
			for id := NodeID(0); int(id) < t.Len(); id++ {
				if _, n := t.Children(id); n > most {
					widest, most = id, n
				}
				if leaf == NoNode && !t.Kind(id).IsContainer() {
					leaf = id
				}
			}
			for _, node := range []struct {
				name string
				id   NodeID
			}{{"root", 0}, {fmt.Sprintf("widest-%d", most), widest}, {"leaf", leaf}} {
				b.Run(fmt.Sprintf("%dMB/%s/%s", mb, metric.name, node.name), func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						if len(t.Explain(node.id, ExplainOptions{})) == 0 {
							b.Fatal("no explanation")
						}
					}
				})
			}
		}
	}
}
