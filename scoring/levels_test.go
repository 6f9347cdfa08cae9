package scoring

import (
	"math"
	"runtime"
	"testing"

	"github.com/jsontui/jsontui/scoring/gen"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// TestParallelBuildIsSequentialBuild builds a document wide enough for two
// builders and checks the tree is node for node the one a single builder
// makes: same layout, slots, weights and scores.
func TestParallelBuildIsSequentialBuild(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core")
	}
	rs, os := gen.Pair(3<<20, 7)
	rd, err := jsondoc.Parse("ref.json", rs, nil)
	if err != nil {
		t.Fatal(err)
	}
	od, err := jsondoc.Parse("out.json", os, nil)
	if err != nil {
		t.Fatal(err)
	}
	w, err := ParseWeights("w.json", []byte(`{"records": {"price": 0.5, "dims": {"__dims": 0.2, "h": 0}}}`))
	if err != nil {
		t.Fatal(err)
	}
	par, err := Build(rd, od, w, Options{})
	if err != nil {
		t.Fatal(err)
	}
	prev := runtime.GOMAXPROCS(1)
	seq, err := Build(rd, od, w, Options{})
	runtime.GOMAXPROCS(prev)
	if err != nil {
		t.Fatal(err)
	}
	if par.Len() != seq.Len() || len(par.slots) != len(seq.slots) || len(par.aggs) != len(seq.aggs) {
		t.Fatalf("parallel: %d nodes, %d slots, %d aggregates; sequential: %d, %d, %d",
			par.Len(), len(par.slots), len(par.aggs), seq.Len(), len(seq.slots), len(seq.aggs))
	}
	if par.Len() < 4*chunkNodes {
		t.Fatalf("only %d nodes: no level is wide enough to build in parallel", par.Len())
	}
	for i := range par.nodes {
		a, b := par.nodes[i], seq.nodes[i]
		sameScore := math.Float64bits(a.score) == math.Float64bits(b.score)
		a.score, b.score = 0, 0 // NaN is never equal to itself
		if a != b || !sameScore {
			t.Fatalf("node %d (%s): parallel %+v, sequential %+v", i, seq.Path(NodeID(i)), a, b)
		}
	}
	for i := range par.aggs {
		if par.aggs[i].first != seq.aggs[i].first || par.aggs[i].count != seq.aggs[i].count {
			t.Fatalf("aggregate %d differs", i)
		}
	}
	for i := range par.slots {
		a, b := par.slots[i], seq.slots[i]
		if a.Key != b.Key || a.Parent != b.Parent || a.Weight != b.Weight || a.Nodes != b.Nodes || a.kinds != b.kinds {
			t.Fatalf("slot %d: parallel %+v, sequential %+v", i, a, b)
		}
	}
}
