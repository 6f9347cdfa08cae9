package dataset

import (
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
	sums := a.sums.view(&a.paths[1])
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
