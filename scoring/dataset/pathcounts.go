package dataset

import (
	"math"

	"github.com/jsontui/jsontui/scoring"
)

// wideCounts are a path's counts when one of them passes int32's range.
type wideCounts struct {
	statuses [7]int
	counts   [5]int
}

// Status returns how many of the path's nodes have status s.
func (p *PathFigures) Status(s scoring.Status) int {
	if p.wide != nil {
		return p.wide.statuses[s]
	}
	return int(p.statuses[s])
}

// StatusCounts returns how many of the path's nodes have each status,
// indexed by scoring.Status.
func (p *PathFigures) StatusCounts() [7]int {
	if p.wide != nil {
		return p.wide.statuses
	}
	var c [7]int
	for s, n := range p.statuses {
		c[s] = int(n)
	}
	return c
}

// Count returns the path's leaf count i (TP, FD, FA, FN or TN) over the
// leaves at or below it.
func (p *PathFigures) Count(i int) int {
	if p.wide != nil {
		return p.wide.counts[i]
	}
	return int(p.counts[i])
}

// LeafCounts returns the path's TP, FD, FA, FN and TN over the leaves at
// or below it.
func (p *PathFigures) LeafCounts() [5]int {
	if p.wide != nil {
		return p.wide.counts
	}
	var c [5]int
	for i, n := range p.counts {
		c[i] = int(n)
	}
	return c
}

// SetCounts sets the path's node counts by status (indexed by
// scoring.Status) and its leaf counts (TP, FD, FA, FN, TN).
func (p *PathFigures) SetCounts(statuses [7]int, counts [5]int) {
	p.wide, p.statuses, p.counts = nil, [7]int32{}, [5]int32{}
	for _, n := range statuses {
		if n < 0 || n > math.MaxInt32 {
			p.wide = &wideCounts{statuses: statuses, counts: counts}
			return
		}
	}
	for _, n := range counts {
		if n < 0 || n > math.MaxInt32 {
			p.wide = &wideCounts{statuses: statuses, counts: counts}
			return
		}
	}
	for s, n := range statuses {
		p.statuses[s] = int32(n)
	}
	for i, n := range counts {
		p.counts[i] = int32(n)
	}
}
