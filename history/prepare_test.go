package history

import (
	"reflect"
	"testing"
)

// TestPrepareLaysOutFiguresAtCommit checks that Prepare keeps the figures
// as their encoded parts (their blob is laid out only when the run is
// written, once the caller has dropped the tree they came from) and that
// the run written reads back with every node, as encodeFigures lays them.
func TestPrepareLaysOutFiguresAtCommit(t *testing.T) {
	const n = 3000
	s := tempStore(t)
	p, err := Prepare(&Run{Source: SourceScore, Reference: NewFile("r.json", nil), Output: NewFile("o.json", nil)},
		genNodes(n/2, 7), genNodes(n/2, 8))
	if err != nil {
		t.Fatal(err)
	}
	if p.rec.Figures != nil || p.rec.figs == nil || p.rec.NodeCount != n {
		t.Fatalf("prepared: blob %d bytes, parts %v, %d nodes; want no blob yet, parts, %d nodes", len(p.rec.Figures), p.rec.figs != nil, p.rec.NodeCount, n)
	}
	want := encodeFigures(genNodes(n/2, 7), genNodes(n/2, 8))
	id, err := s.Commit(p)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p.rec.Figures, want) {
		t.Fatalf("the blob written differs from encodeFigures' (%d bytes, want %d)", len(p.rec.Figures), len(want))
	}
	run, err := s.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	if got := collect(run.Nodes()); len(got) != n || !reflect.DeepEqual(got, append(collect(genNodes(n/2, 7)), collect(genNodes(n/2, 8))...)) {
		t.Fatalf("the run reads back %d nodes, want %d as encoded", len(got), n)
	}
}
