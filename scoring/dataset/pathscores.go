package dataset

import "math"

// PathScorer gives the cases' scores at each path, as CasePathScores does,
// without the sweep that figures shares and losses: the mean of a case's
// node scores at a path needs none of them. It keeps its buffers from
// one case to the next; use one per goroutine (several may read one
// Scored at once while nothing re-weights it). The HTML report's heat
// map reads every case through one.
type PathScorer struct {
	d    *Scored
	slot []int32 // path id -> its place in order, -1 for none
	n    []int32
}

// PathScorer returns a scorer of d's cases.
func (d *Scored) PathScorer() *PathScorer {
	slot := make([]int32, len(d.weights))
	for i := range slot {
		slot[i] = -1
	}
	for p, j := range d.rank {
		if int(p) < len(slot) {
			slot[p] = int32(j)
		}
	}
	return &PathScorer{d: d, slot: slot}
}

// Case returns case k's mean score at each path of Figures().Paths (NaN
// where it has no node with a score), in dst's storage.
func (s *PathScorer) Case(k int, dst []float64) []float64 {
	d := s.d
	dst = grow(dst, len(d.order))
	s.n = grow(s.n, len(d.order))
	clear(dst)
	clear(s.n)
	f := d.frameOf(k)
	for i, p := range f.path {
		sc := f.score[i]
		if sc != sc || int(p) >= len(s.slot) || s.slot[p] < 0 {
			continue
		}
		j := s.slot[p]
		dst[j] += sc
		s.n[j]++
	}
	for j := range dst {
		if s.n[j] == 0 {
			dst[j] = math.NaN()
		} else {
			dst[j] /= float64(s.n[j])
		}
	}
	return dst
}
