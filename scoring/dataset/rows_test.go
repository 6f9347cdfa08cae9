package dataset

import (
	"fmt"
	"math"
	"testing"
	"unsafe"
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
		if f.Nodes != want || f.Status(2) != want || f.Count(TP) != 21 || f.Score != 1.5/float64(want) || f.Loss != 0.25 {
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

// TestPathFiguresCounts checks that a path's counts are held in 32 bits
// while they fit, in 160 bytes a path, and whole past int32's range.
func TestPathFiguresCounts(t *testing.T) {
	if n := unsafe.Sizeof(PathFigures{}); n != 160 {
		t.Errorf("PathFigures take %d bytes, want 160", n)
	}
	for _, top := range []int{math.MaxInt32, math.MaxInt32 + 1, 1 << 40} {
		st, c := [7]int{1, top, 3, 0, 0, 0, 7}, [5]int{top, 0, 2, 0, 5}
		var p PathFigures
		p.SetCounts(st, c)
		if p.StatusCounts() != st || p.LeafCounts() != c || p.Status(1) != top || p.Count(TP) != top || p.Count(FA) != 2 {
			t.Errorf("%d: statuses %v, counts %v", top, p.StatusCounts(), p.LeafCounts())
		}
		if wide := top > math.MaxInt32; (p.wide != nil) != wide {
			t.Errorf("%d: held wide %v, want %v", top, p.wide != nil, wide)
		}
	}
}
