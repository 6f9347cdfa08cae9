package dataset

import (
	"math"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/exactsum"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// Figures are a dataset's figures (docs/datasets.md).
type Figures struct {
	// Metric and Options are the metric that scored the cases and its
	// options in force.
	Metric  string
	Options []string
	// Score is the mean of the case scores; HasScore is false when no
	// case has one.
	Score    float64
	HasScore bool
	Stats    Stats
	// Paths are the per-schema-path figures of a tree metric, in tree
	// order (a path's children after it, in the order they first
	// appear); nil for a metric that is one number.
	Paths []PathFigures
	// Groups are the figures per --group-by value, in the order the
	// values first appear; nil without --group-by.
	Groups []GroupFigures
	// Cases are every reference case, in reference order.
	Cases []CaseFigures
	// Extra are the ids of the outputs that have no reference.
	Extra []string
	// Warnings are remarks about the inputs: the weights file against
	// the cases' keys, and the cases' own (the first ones, then a count).
	Warnings []scoring.Warning
	// Agreement is how well the case scores agree with people's labels,
	// nil without labels (scoring/calibrate measures it).
	Agreement *Agreement
}

// Stats are the statistics of a dataset's case scores.
type Stats struct {
	// Cases counts the reference cases; Scored, Ignored, Missing and
	// Invalid split them by status. Extra counts outputs with no
	// reference.
	Cases, Scored, Ignored, Missing, Invalid, Extra int
	// N is how many cases have a score (scored ones that have one,
	// missing and invalid ones, which score 0): the figures below are
	// over them, and meaningless when N is 0.
	N                                int
	Mean, Median, P10, P90, Min, Max float64
	// Std is the sample standard deviation and CI95 the mean's 95%
	// t-interval; both need N ≥ 2 (HasSpread).
	Std       float64
	CI95      [2]float64
	HasSpread bool
	// Perfect is the share of scores equal to 1.
	Perfect float64
	// Pass is the share of scores ≥ the --pass threshold PassAt, when
	// given (HasPass).
	Pass, PassAt float64
	HasPass      bool
}

// PathFigures are the figures of one schema path across the dataset.
type PathFigures struct {
	// Path is the schema path, such as `.items[].price`; Depth its depth
	// below the root.
	Path  string
	Depth int
	// Kind is the JSON type at the path where it first appears.
	Kind string
	// Cases counts the cases with a node at the path, Nodes the nodes.
	Cases, Nodes int
	// Score is the mean score of the path's nodes that have one.
	Score    float64
	HasScore bool
	// Weight is the path's weight.
	Weight float64
	// Loss is what the path costs the dataset's score: the sum over the
	// cases of their loss at the path, over the cases that have a score.
	Loss float64
	// Statuses counts the path's nodes per status, indexed by
	// scoring.Status.
	Statuses [7]int
	// Counts are TP, FD, FA, FN and TN over the leaves at or below the
	// path.
	Counts [5]int
	// Precision, Recall and F1 are nil-able: Has* is false when a
	// denominator is 0.
	Precision, Recall, F1          float64
	HasPrecision, HasRecall, HasF1 bool
}

// The indices of PathFigures.Counts.
const (
	TP = iota
	FD
	FA
	FN
	TN
)

// CountNames names PathFigures.Counts, in order.
var CountNames = [5]string{"tp", "fd", "fa", "fn", "tn"}

// GroupFigures are the figures of the cases of one --group-by value.
type GroupFigures struct {
	// Group is the value; HasGroup is false for the cases without one.
	Group    string
	HasGroup bool
	// Cases counts the group's reference cases; Mean and Median are over
	// those that have a score (N of them).
	Cases        int
	N            int
	Mean, Median float64
	Pass         float64
	HasPass      bool
}

// CaseFigures are one case's figures.
type CaseFigures struct {
	ID    string
	Score float64
	Group string
	// Worst is the case's costliest leaf; nil when it loses nothing.
	Worst   *Worst
	Repairs []string
	// Error is the parse error of an invalid case.
	Error string
	// Label is the JSON text of the case's label field (Spec.LabelField),
	// "" for none; LabelLine is its line in the reference's file (or,
	// for two directories, the case's file), or in the output's when
	// LabelInOutput (only the output's record has the field).
	Label     string
	LabelLine int32
	// The small fields last, together: a dataset keeps one CaseFigures a
	// case (112 bytes).
	Status        CaseStatus
	HasScore      bool
	HasGroup      bool
	LabelInOutput bool
}

// Worst is a case's costliest leaf: the node without children that
// loses the most (the first in document order on a tie).
type Worst struct {
	Path string
	Loss float64
}

// xsum is an exact sum (exactsum.Sum), rounded once when read: the
// case figures it adds give the same total in any order and any grouping,
// which keeps a dataset scored in shards, or by any number of workers,
// equal to one scored whole to the last bit.
//
// A path seen in one case only (every path of a big flat object) adds one
// value: that value is kept as it is, and the full sum (about 550 bytes)
// is made when a second value comes. An xsum owns its full sum: copy one
// only to drop the original.
type xsum struct {
	one float64       // the one value added, while s is nil and has is set
	has bool          // one holds a value
	s   *exactsum.Sum // the full sum, once two or more values are added
}

// add adds x to the sum.
func (k *xsum) add(x float64) {
	switch {
	case k.s != nil:
		k.s.Add(x)
	case !k.has:
		k.one, k.has = x, true
	default:
		k.full().Add(x)
	}
}

// full returns the full sum, made of the one value if need be.
func (k *xsum) full() *exactsum.Sum {
	if k.s == nil {
		k.s = new(exactsum.Sum)
		if k.has {
			k.s.Add(k.one)
		}
		k.has = false
	}
	return k.s
}

// reset empties the sum, keeping the full sum's storage for the next.
func (k *xsum) reset() {
	if k.s != nil {
		*k.s = exactsum.Sum{}
	}
	k.one, k.has = 0, false
}

// merge adds o's total to the sum.
func (k *xsum) merge(o *xsum) {
	switch {
	case o.s != nil:
		k.full().Merge(o.s)
	case o.has:
		k.add(o.one)
	}
}

// value returns the total rounded once, as the full sum rounds it.
func (k *xsum) value() float64 {
	switch {
	case k.s != nil:
		return k.s.Float64()
	case !k.has:
		return 0
	}
	return loneTotal(k.one)
}

// loneTotal is what the full sum of the one value x reads as, without
// making it (about 550 bytes, and math/big's garbage to round it): x
// itself, exact, but for a zero, which an exact sum holds as +0, and a
// NaN, which it reads as math.NaN() whatever x's bits.
// TestXsumIsTheFullSum holds the two to the same bits.
func loneTotal(x float64) float64 {
	switch {
	case x != x:
		return math.NaN()
	case x == 0:
		return 0
	}
	return x
}

// MarshalBinary returns the full sum's canonical bytes.
func (k *xsum) MarshalBinary() ([]byte, error) {
	if k.s != nil {
		return k.s.MarshalBinary()
	}
	var s exactsum.Sum
	if k.has {
		s.Add(k.one)
	}
	return s.MarshalBinary()
}

// pathAcc gathers one path's figures over the cases.
type pathAcc struct {
	seen          bool
	cases, nodes  int
	scored        int
	scoreSum, los xsum
	status        [7]int
	counts        [5]int
	kind          jsondoc.Kind
	kinds         uint8
	scalars       int
	weight        float64
	first         firstSeen
	// pathWeight is the weight the path's nodes that weigh by it take
	// (hasPathWeight): the one the user may change.
	pathWeight    float64
	hasPathWeight bool
}

// addPart adds a part at the path: one case's or a batch's, whose score
// and loss sums are sums, or the part's own when sums is nil (a part of
// one case).
func (a *pathAcc) addPart(p *pathPart, sums *[2]xsum) {
	caseIdx := int(p.firstCase)
	first := !a.seen || caseIdx < a.first.caseIdx || caseIdx == a.first.caseIdx && p.first < a.first.node
	if first {
		a.seen, a.first = true, firstSeen{caseIdx: caseIdx, node: p.first}
		a.kind, a.weight = p.kind, p.weight
	}
	if p.hasPathWeight && (!a.hasPathWeight || first) {
		a.pathWeight, a.hasPathWeight = p.pathWeight, true
	}
	if a.hasPathWeight {
		a.weight = a.pathWeight // the weights file's, whatever node came first
	}
	a.cases += int(p.cases)
	a.kinds |= p.kinds
	a.scalars += int(p.scalars)
	a.nodes += int(p.nodes)
	a.scored += int(p.scored)
	if sums == nil {
		a.scoreSum.add(p.scoreSum)
		a.los.add(p.lossSum)
	} else {
		a.scoreSum.merge(&sums[0])
		a.los.merge(&sums[1])
	}
	for s, n := range p.status {
		a.status[s] += int(n)
	}
	for c, n := range p.counts {
		a.counts[c] += int(n)
	}
}

// pathFigures returns the figures of a path from its sums, n being the
// number of cases that have a score.
func (a *pathAcc) pathFigures(path string, depth, n int) PathFigures {
	f := PathFigures{Path: path, Depth: depth, Kind: a.kind.String(), Cases: a.cases, Nodes: a.nodes,
		Weight: a.weight, Statuses: a.status, Counts: a.counts}
	if a.scored > 0 {
		f.Score, f.HasScore = a.scoreSum.value()/float64(a.scored), true
	}
	if n > 0 {
		f.Loss = a.los.value() / float64(n)
	}
	c := a.counts
	if d := c[TP] + c[FD] + c[FA]; d > 0 {
		f.Precision, f.HasPrecision = float64(c[TP])/float64(d), true
	}
	if d := c[TP] + c[FN]; d > 0 {
		f.Recall, f.HasRecall = float64(c[TP])/float64(d), true
	}
	if f.HasPrecision && f.HasRecall {
		f.HasF1 = true
		if s := f.Precision + f.Recall; s > 0 {
			f.F1 = 2 * f.Precision * f.Recall / s
		}
	}
	return f
}
