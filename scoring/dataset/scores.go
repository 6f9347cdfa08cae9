package dataset

import (
	"math"
	"slices"
)

// Scores returns every case's score under the weights in force, in
// reference order (NaN for a case without one), in dst's storage: what a
// list of the cases sorts by, without making each case's figures.
func (d *Scored) Scores(dst []float64) []float64 {
	dst = grow(dst, len(d.acc.cases))
	for k := range d.acc.cases {
		c := &d.acc.cases[k]
		dst[k] = math.NaN()
		if c.HasScore {
			dst[k] = c.Score
		}
	}
	return dst
}

// Histogram counts the scores of the cases that have one in bins equal
// bins over [0, 1]: bin k holds the scores in [k/bins, (k+1)/bins), the
// last one 1 too. bins below 1 is 1.
func (d *Scored) Histogram(bins int) []int {
	bins = max(1, bins)
	out := make([]int, bins)
	for k := range d.acc.cases {
		if c := &d.acc.cases[k]; c.HasScore {
			out[histBin(c.Score, bins)]++
		}
	}
	return out
}

// histBin returns the bin of a score in [0, 1] among bins.
func histBin(v float64, bins int) int {
	b := int(v * float64(bins))
	return max(0, min(b, bins-1))
}

// CaseID returns case k's id, without making the rest of its figures.
func (d *Scored) CaseID(k int) string { return d.acc.cases[k].ID }

// Snapshot returns a copy of the figures in force that another goroutine
// may read while the weights change (a comparison with a recorded run,
// Compare): the score, the stats, the paths, the groups and every case's
// id, status and score. The cases' Worst are left out (nil): they are made
// on demand (Case), which a snapshot cannot do.
func (d *Scored) Snapshot() *Figures {
	f := *d.figs
	f.Paths = slices.Clone(d.figs.Paths)
	f.Groups = slices.Clone(d.figs.Groups)
	f.Cases = slices.Clone(d.acc.cases)
	for k := range f.Cases {
		f.Cases[k].Worst = nil
	}
	return &f
}
