package dataset

import (
	"slices"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// Frozen is a scored dataset fixed as it stands under the weights in
// force when Scored.Freeze made it: its figures, and every case's, which
// Replay hands out as Score hands out the cases of a run, comparing
// nothing again (the explorer records a save's run so). It holds what
// a re-weight changes (the weights, the containers' scores, the cases'
// rows) as copies and shares the rest with its Scored, which changes
// none of it: a Frozen is read-only, and any goroutine may replay it
// while the Scored's weights change on another.
type Frozen struct {
	d       *Scored
	weights []float64 // by path: the weight in force
	cscore  []float64 // every container's score in force, as d.f.cnode
	worst   []int32   // each case's costliest leaf, -1 for none
	loss    []float64 // and what it loses
	keys    []pathNode
	figs    *Figures // the figures in force, the cases' Worst nil
	paths   rowStore // the per-path rows, for the weights' warnings
	wide    map[int32]*pathWide
}

// Freeze fixes the dataset as it stands under the weights in force, for
// Frozen.Replay on another goroutine. It copies every container's score
// and the cases' rows (about 8 bytes a container and 100 a case): call it
// where the weights change, between two changes.
func (d *Scored) Freeze() *Frozen {
	z := &Frozen{d: d, weights: slices.Clone(d.weights), worst: slices.Clone(d.worst), loss: slices.Clone(d.loss),
		keys: d.acc.paths0.snapshot(), figs: d.Snapshot(), paths: d.acc.paths.clone(),
		wide: cloneWide(d.acc.wide)}
	z.cscore = make([]float64, len(d.f.cnode))
	for k := range d.Len() {
		n0 := int(d.caseN[k])
		for c := d.caseC[k]; c < d.caseC[k+1]; c++ {
			z.cscore[c] = d.f.score[n0+int(d.f.cnode[c])]
		}
	}
	return z
}

// Scored returns the dataset it was frozen from, to tell which it is:
// not to be used where its weights change elsewhere.
func (z *Frozen) Scored() *Scored { return z.d }

// figures returns the frozen figures as Score makes them under weights
// file w (nil for none): the warnings about the weights file are w's.
func (z *Frozen) figures(w *scoring.Weights) (*Figures, error) {
	d := z.d
	f := *z.figs
	f.Cases = slices.Clone(z.figs.Cases) // Replay fills in their Worst
	old, at := z.figs.Warnings, d.acc.weightsAt
	from := 0
	if d.acc.noWeights {
		from = 1
	}
	var warns []scoring.Warning
	if w != nil && !d.takesWeights {
		warns = append(warns, scoring.Warning{Path: ".", Message: noWeightsMessage(w, d.metric)})
	}
	warns = append(warns, old[from:at[0]]...)
	if w != nil && d.takesWeights && d.acc.tree {
		acc := &accumulator{paths: z.paths, wide: z.wide, paths0: d.acc.paths0}
		if err := acc.weightsWarnings(w); err != nil {
			return nil, err
		}
		warns = append(warns, acc.warnings...)
	}
	f.Warnings = append(warns, old[at[1]:]...)
	return &f, nil
}

// caseFrame returns case k's frame with its scores in force, in scores'
// storage: the leaves' from the Scored (they never change), the
// containers' as frozen. The Scored's own scores of containers are not
// read: a re-weight writes them meanwhile.
func (z *Frozen) caseFrame(k int, scores []float64) frame {
	d := z.d
	n0, n1 := int(d.caseN[k]), int(d.caseN[k+1])
	c0, c1 := int(d.caseC[k]), int(d.caseC[k+1])
	f := frame{path: d.f.path[n0:n1], flags: d.f.flags[n0:n1],
		cnode: d.f.cnode[c0:c1], cfirst: d.f.cfirst[c0:c1], ccount: d.f.ccount[c0:c1]}
	if d.f.wval != nil {
		f.wval = d.f.wval[n0:n1]
	}
	f.score = grow(scores, n1-n0)
	for i, fl := range f.flags {
		if fl&fContainer == 0 {
			f.score[i] = d.f.score[n0+i]
		}
	}
	for c, i := range f.cnode {
		f.score[i] = z.cscore[c0+c]
	}
	return f
}

// weighCase fills s.w, s.share and s.sums for case f (caseFrame): each
// node's weight and share of the case's score, and each container's
// sums, as a re-weight computes them, from the scores in force.
func (s *sweeper) weighCase(f *frame, weights []float64) {
	s.weigh(f, weights)
	n := len(f.path)
	s.sums = grow(s.sums, len(f.cnode))
	for k := range f.cnode {
		_, s.sums[k] = s.containerSums(f, k)
	}
	s.share = grow(s.share, n)
	s.share[0] = 1
	score, w, share := f.score, s.w, s.share
	for k, i := range f.cnode {
		cs := &s.sums[k]
		sh := share[i]
		for c, end := f.cfirst[k], f.cfirst[k]+f.ccount[k]; c < end; c++ {
			fr := 0.0
			switch {
			case score[c] != score[c]:
			case cs.equal:
				fr = 1 / float64(cs.scored)
			case w[c] > 0:
				fr = w[c] / cs.sumW
			}
			share[c] = sh * fr
		}
	}
}

// factor returns node i's normalization factor, as scoring.Tree.Factor
// does: 1 for an array (or an object whose keys weigh alike), n/Σw for
// an object; none for a scalar, or an object in which nothing weighs.
// cont is i's container (index in f.cnode), -1 for none.
func (s *sweeper) factor(f *frame, i int32, cont int32) (float64, bool) {
	fl := f.flags[i]
	switch {
	case fl&fFactor == 0:
		return 0, false
	case jsondoc.Kind(fl&fKind>>fKindShift) == jsondoc.Array:
		return 1, true
	case cont < 0:
		return 0, false // an empty object: nothing takes part
	}
	cs := &s.sums[cont]
	switch {
	case cs.equal:
		return 1, true
	case cs.sumW == 0:
		return 0, false
	}
	return float64(cs.scored) / cs.sumW, true
}
