package dataset

import (
	"fmt"
	"math"
	"testing"
)

// TestRowsCarryPastInt32 adds parts whose counters together pass int32's
// range: the totals, the figures, a merge into another accumulator and
// the binary form hold every count exactly.
func TestRowsCarryPastInt32(t *testing.T) {
	big := int32(math.MaxInt32 - 5)
	part := func(c int32) pathPart {
		p := pathPart{path: 1, cases: 1, nodes: big, scored: big, scalars: 3, firstCase: c, scoreSum: 0.5, lossSum: 0.25}
		p.status[2], p.counts[TP] = big, 7
		return p
	}
	var a accumulator
	a.paths0 = newPathTable()
	a.paths0.child(0, "x", false)
	for c := range int32(3) {
		p := part(c)
		a.addPart(&p, nil)
	}
	want := 3 * int(big)
	check := func(what string, acc *accumulator) {
		t.Helper()
		tot := acc.totals(1)
		if tot.cases != 3 || tot.nodes != want || tot.scored != want || tot.status[2] != want || tot.counts[TP] != 21 || tot.scalars != 9 {
			t.Errorf("%s: totals %+v, want 3 cases and %d nodes, scored, of status 2", what, tot, want)
		}
		f := acc.pathFiguresOf(1, ".x", 1, 3)
		if f.Nodes != want || f.Statuses[2] != want || f.Score != 1.5/float64(want) || f.Loss != 0.25 {
			t.Errorf("%s: figures %+v", what, f)
		}
	}
	check("added", &a)
	var b accumulator
	b.mergeRow(1, &a, 1)
	check("merged", &b)
	var c accumulator
	wp := wirePath{Seen: true}
	tot := a.totals(1)
	wp.Cases, wp.Nodes, wp.Scored, wp.Scalars, wp.Status, wp.Counts = tot.cases, tot.nodes, tot.scored, tot.scalars, tot.status, tot.counts
	sums := a.sums.view(a.paths.at(1))
	var err error
	if wp.ScoreSum, err = sums[0].MarshalBinary(); err != nil {
		t.Fatal(err)
	}
	if wp.LossSum, err = sums[1].MarshalBinary(); err != nil {
		t.Fatal(err)
	}
	if err := c.readRow(1, &wp); err != nil {
		t.Fatal(err)
	}
	check("read back", &c)
}

// TestPathTableIndexAgain checks that the path table finds its keys again
// after letting its index go, and goes on adding paths: the same ids for
// the same keys below the same parents, new ones for the others.
func TestPathTableIndexAgain(t *testing.T) {
	p := newPathTable()
	var ids []int32
	for i := range 300 {
		parent := int32(0)
		if i%3 == 1 && len(ids) > 0 {
			parent = ids[len(ids)-1]
		}
		ids = append(ids, p.child(parent, fmt.Sprintf("k%d", i%50), i%7 == 0))
	}
	count := len(p.nodes)
	p.dropIndex()
	for i := range 300 {
		parent := int32(0)
		if i%3 == 1 && i > 0 {
			parent = ids[i-1]
		}
		if got := p.child(parent, fmt.Sprintf("k%d", i%50), i%7 == 0); got != ids[i] {
			t.Fatalf("key %d: path %d after the index went, %d before", i, got, ids[i])
		}
	}
	if len(p.nodes) != count {
		t.Fatalf("%d paths after looking them up again, %d before", len(p.nodes), count)
	}
	if id := p.child(0, "new", false); id != int32(count) || p.String(id) != ".new" {
		t.Fatalf("a new key: path %d %q, want %d .new", id, p.String(id), count)
	}
}
