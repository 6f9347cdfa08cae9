package dataset

import (
	"math"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/exactsum"
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
// A wide dataset has one a path (a million for a flat object of a million
// keys), so its counts are held in 32 bits while they fit, which they
// do but for a path of more than 2^31 nodes or leaves below it, and read
// through Status, StatusCounts, Count and LeafCounts: 160 bytes a path.
type PathFigures struct {
	// Path is the schema path, such as `.items[].price`.
	Path string
	// Kind is the JSON type at the path where it first appears.
	Kind string
	// Cases counts the cases with a node at the path, Nodes the nodes.
	Cases, Nodes int
	// Score is the mean score of the path's nodes that have one
	// (HasScore).
	Score float64
	// Weight is the path's weight.
	Weight float64
	// Loss is what the path costs the dataset's score: the sum over the
	// cases of their loss at the path, over the cases that have a score.
	Loss float64
	// Precision, Recall and F1 are nil-able: Has* is false when a
	// denominator is 0.
	Precision, Recall, F1 float64
	// wide holds the counts when one of them passes int32's range (nil
	// otherwise, the counts in statuses and counts).
	wide     *wideCounts
	statuses [7]int32
	counts   [5]int32
	// Depth is the path's depth below the root.
	Depth                                    int32
	HasScore, HasPrecision, HasRecall, HasF1 bool
}

// The indices of PathFigures' leaf counts (Count, LeafCounts).
const (
	TP = iota
	FD
	FA
	FN
	TN
)

// CountNames names PathFigures' leaf counts, in order.
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

// CaseFigures are one case's figures. A dataset keeps one a case (64
// bytes), its rarer figures apart (Notes).
type CaseFigures struct {
	ID    string
	Score float64
	Group string
	// Worst is the case's costliest leaf; nil when it loses nothing.
	Worst *Worst
	// Notes are the case's repairs, parse error and label: nil when it
	// has none of them (most cases). Read them through Repairs,
	// ParseError and the Label methods, which take nil for none.
	Notes    *CaseNotes
	Status   CaseStatus
	HasScore bool
	HasGroup bool
}

// CaseNotes are the figures of a case that most cases lack.
type CaseNotes struct {
	Repairs []string
	// Error is the parse error of an invalid case.
	Error string
	// Label is the JSON text of the case's label field (Spec.LabelField),
	// "" for none; LabelLine is its line in the reference's file (or,
	// for two directories, the case's file), or in the output's when
	// LabelInOutput (only the output's record has the field).
	Label         string
	LabelLine     int32
	LabelInOutput bool
}

// orNil returns n, or nil when it holds nothing: what a case keeps.
func (n *CaseNotes) orNil() *CaseNotes {
	if n == nil || len(n.Repairs) == 0 && n.Error == "" && n.Label == "" && n.LabelLine == 0 && !n.LabelInOutput {
		return nil
	}
	return n
}

// Repairs returns the repairs made to the case's output (Notes.Repairs).
func (c *CaseFigures) Repairs() []string {
	if c.Notes == nil {
		return nil
	}
	return c.Notes.Repairs
}

// ParseError returns the parse error of an invalid case, "" for another
// (Notes.Error).
func (c *CaseFigures) ParseError() string {
	if c.Notes == nil {
		return ""
	}
	return c.Notes.Error
}

// Label returns the JSON text of the case's label field, "" for none
// (Notes.Label).
func (c *CaseFigures) Label() string {
	if c.Notes == nil {
		return ""
	}
	return c.Notes.Label
}

// LabelLine returns the line of the case's label field (Notes.LabelLine).
func (c *CaseFigures) LabelLine() int32 {
	if c.Notes == nil {
		return 0
	}
	return c.Notes.LabelLine
}

// LabelInOutput says the case's label field is in the output's record
// (Notes.LabelInOutput).
func (c *CaseFigures) LabelInOutput() bool {
	return c.Notes != nil && c.Notes.LabelInOutput
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
