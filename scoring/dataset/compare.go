package dataset

import (
	"cmp"
	"math"
	"slices"
)

// Comparing two runs of a dataset (docs/history.md): `jsontui history
// diff A B` and the explorer's compared run. Compare pairs the runs'
// cases by id and gives the change of every figure, with the paired
// statistics that say whether B differs from A more than chance would
// make it: the mean change with its 95% t-interval and the paired t-test,
// and the sign test over the cases that changed.

// ChangeEps is how much a case's score must change to count as improved
// or regressed: |Δ| > ChangeEps. Smaller changes are rounding.
const ChangeEps = 1e-9

// Significance is the level below which a test's p-value calls a
// difference significant: 0.05, the level of the 95% interval.
const Significance = 0.05

// TopCases is how many of the most regressed and most improved cases a
// Comparison lists.
const TopCases = 10

// CompareSide is one of the two runs Compare takes.
type CompareSide struct {
	// ID names the run: a history id, or "" for figures that are not
	// recorded (the explorer's, under the weights in force).
	ID string
	// Figures are the run's figures; Compare reads their Score, Cases
	// (ids, statuses, scores), Paths, Metric and Options.
	Figures *Figures
	// Rules identifies the per-key rules in force, "" for none (such as
	// the SHA-256 of the rules file): runs whose Rules differ are said to
	// have been compared by other rules.
	Rules string
}

// Comparison is what changed from run A to run B of a dataset.
type Comparison struct {
	// A and B are the runs' ids and dataset scores.
	A, B RunScore
	// Paired counts the cases that have a score in both runs (by id);
	// Improved, Regressed and Unchanged split them by their change
	// (ChangeEps).
	Paired, Improved, Regressed, Unchanged int
	// OnlyA and OnlyB are the ids of the reference cases one run has and
	// the other does not, in that run's order.
	OnlyA, OnlyB []string
	// Unscored are the ids of the cases both runs have that lack a score
	// in one or both (ignored: nothing takes part), in B's order: they
	// are not paired.
	Unscored []string
	// Delta are the paired statistics of the cases' changes.
	Delta DeltaStats
	// MostRegressed and MostImproved are up to TopCases cases that lost
	// and gained the most, the largest change first (B's order on a tie).
	MostRegressed, MostImproved []CaseDelta
	// Deltas are every paired case, in B's order: for a column of
	// changes beside B's cases.
	Deltas []CaseDelta
	// AgreementA and AgreementB are the runs' agreement with people's
	// labels, nil for a run without labels.
	AgreementA, AgreementB *Agreement
	// Paths are the per-schema-path changes: the paths of B in its tree
	// order, then those only A has in A's.
	Paths []PathDelta
	// Weights are the schema paths both runs have whose weight differs,
	// in B's order.
	Weights []WeightDelta
	// Metric and Options are each run's metric and options in force;
	// RulesA and RulesB identify the per-key rules ("" for none).
	MetricA, MetricB   string
	OptionsA, OptionsB []string
	RulesA, RulesB     string
}

// RunScore names one run of a comparison and gives its dataset score.
type RunScore struct {
	ID string
	// Score is the dataset's score; meaningless when !HasScore.
	Score    float64
	HasScore bool
	// Cases counts the run's reference cases.
	Cases int
}

// DeltaStats are the paired statistics of the changes d = B − A of the
// paired cases.
type DeltaStats struct {
	// N is the number of paired cases; the figures below are meaningless
	// when it is 0.
	N int
	// Mean is the mean change and Std its sample standard deviation
	// (n−1; meaningful when N ≥ 2).
	Mean, Std float64
	// CI95 is the mean's 95% t-interval, mean ± t(0.975, n−1)·std/√n;
	// HasCI is false when N < 2.
	CI95  [2]float64
	HasCI bool
	// T is the paired t statistic mean/(std/√n) and PT its two-sided
	// p-value (n−1 degrees of freedom); HasPT is false when the changes
	// have no spread (std 0, or N < 2).
	T, PT float64
	HasPT bool
	// PSign is the sign test's exact two-sided p-value: the chance, if
	// a case were as likely to improve as to regress, of a split of the
	// changed cases at least as uneven as Improved against Regressed.
	// HasPSign is false when no case changed.
	PSign    float64
	HasPSign bool
}

// CaseDelta is one paired case's change.
type CaseDelta struct {
	ID string
	// IndexA and IndexB are the case's places in each run's Cases.
	IndexA, IndexB int
	// A and B are its scores, Delta = B − A, and StatusA and StatusB its
	// statuses (a missing or invalid case scores 0).
	A, B, Delta      float64
	StatusA, StatusB CaseStatus
}

// PathDelta is one schema path's change.
type PathDelta struct {
	Path string
	// InA and InB say which runs have the path.
	InA, InB bool
	// A and B are the path's mean scores; meaningless without HasA, HasB
	// (the path is not in the run, or none of its nodes has a score).
	A, B       float64
	HasA, HasB bool
	// LossA and LossB are what the path costs each run's score (0 where
	// the run does not have it).
	LossA, LossB float64
}

// Delta returns the change of the path's score; ok is false unless both
// runs have one.
func (p *PathDelta) Delta() (d float64, ok bool) {
	if !p.HasA || !p.HasB {
		return 0, false
	}
	return p.B - p.A, true
}

// WeightDelta is a schema path whose weight differs between the runs.
type WeightDelta struct {
	Path string
	A, B float64
}

// Compare compares run a with run b: it pairs their reference cases by
// id (only cases that have a score in both runs are paired) and computes
// the changes of the cases, the paths and the weights, and the paired
// statistics. It reads the figures and changes nothing; its cost is
// linear in the number of cases (plus the sorting of those that changed,
// for the most regressed and improved).
func Compare(a, b CompareSide) *Comparison {
	fa, fb := a.Figures, b.Figures
	c := &Comparison{
		A:       RunScore{ID: a.ID, Score: fa.Score, HasScore: fa.HasScore, Cases: len(fa.Cases)},
		B:       RunScore{ID: b.ID, Score: fb.Score, HasScore: fb.HasScore, Cases: len(fb.Cases)},
		MetricA: fa.Metric, MetricB: fb.Metric,
		OptionsA: fa.Options, OptionsB: fb.Options,
		RulesA: a.Rules, RulesB: b.Rules,
		AgreementA: fa.Agreement, AgreementB: fb.Agreement,
	}
	c.compareCases(fa.Cases, fb.Cases)
	c.comparePaths(fa.Paths, fb.Paths)
	return c
}

// compareCases pairs the cases by id and fills the case figures and the
// statistics.
func (c *Comparison) compareCases(ca, cb []CaseFigures) {
	inA := make(map[string]int32, len(ca))
	for i := range ca {
		inA[ca[i].ID] = int32(i)
	}
	seen := make([]bool, len(ca))
	deltas := make([]float64, 0, min(len(ca), len(cb)))
	for j := range cb {
		y := &cb[j]
		i, ok := inA[y.ID]
		if !ok {
			c.OnlyB = append(c.OnlyB, y.ID)
			continue
		}
		seen[i] = true
		x := &ca[i]
		if !x.HasScore || !y.HasScore {
			c.Unscored = append(c.Unscored, y.ID)
			continue
		}
		d := y.Score - x.Score
		c.Deltas = append(c.Deltas, CaseDelta{ID: y.ID, IndexA: int(i), IndexB: j, A: x.Score, B: y.Score, Delta: d,
			StatusA: x.Status, StatusB: y.Status})
		deltas = append(deltas, d)
		switch {
		case d > ChangeEps:
			c.Improved++
		case d < -ChangeEps:
			c.Regressed++
		default:
			c.Unchanged++
		}
	}
	for i := range ca {
		if !seen[i] {
			c.OnlyA = append(c.OnlyA, ca[i].ID)
		}
	}
	c.Paired = len(c.Deltas)
	c.Delta = pairedStats(deltas, c.Improved, c.Regressed)

	var down, up []CaseDelta
	for _, d := range c.Deltas {
		switch {
		case d.Delta < -ChangeEps:
			down = append(down, d)
		case d.Delta > ChangeEps:
			up = append(up, d)
		}
	}
	// Stable sorts keep B's order on a tie.
	slices.SortStableFunc(down, func(x, y CaseDelta) int { return cmp.Compare(x.Delta, y.Delta) })
	slices.SortStableFunc(up, func(x, y CaseDelta) int { return cmp.Compare(y.Delta, x.Delta) })
	c.MostRegressed = slices.Clip(down[:min(len(down), TopCases)])
	c.MostImproved = slices.Clip(up[:min(len(up), TopCases)])
}

// comparePaths matches the paths of the runs by schema path.
func (c *Comparison) comparePaths(pa, pb []PathFigures) {
	inA := make(map[string]int, len(pa))
	for i := range pa {
		inA[pa[i].Path] = i
	}
	seen := make([]bool, len(pa))
	for j := range pb {
		y := &pb[j]
		d := PathDelta{Path: y.Path, InB: true, B: y.Score, HasB: y.HasScore, LossB: y.Loss}
		if i, ok := inA[y.Path]; ok {
			seen[i] = true
			x := &pa[i]
			d.InA, d.A, d.HasA, d.LossA = true, x.Score, x.HasScore, x.Loss
			if x.Weight != y.Weight && !(math.IsNaN(x.Weight) && math.IsNaN(y.Weight)) {
				c.Weights = append(c.Weights, WeightDelta{Path: y.Path, A: x.Weight, B: y.Weight})
			}
		}
		c.Paths = append(c.Paths, d)
	}
	for i := range pa {
		if !seen[i] {
			x := &pa[i]
			c.Paths = append(c.Paths, PathDelta{Path: x.Path, InA: true, A: x.Score, HasA: x.HasScore, LossA: x.Loss})
		}
	}
}

// ScoreDelta returns B's dataset score minus A's; ok is false unless
// both have one.
func (c *Comparison) ScoreDelta() (d float64, ok bool) {
	if !c.A.HasScore || !c.B.HasScore {
		return 0, false
	}
	return c.B.Score - c.A.Score, true
}

// Significant reports whether B differs from A beyond chance: the paired
// t-test's p below Significance, or, when the changes have no spread (every
// paired case changed alike), the sign test's.
func (c *Comparison) Significant() bool {
	d := &c.Delta
	switch {
	case d.HasPT:
		return d.PT < Significance
	case d.HasPSign && d.N >= 2:
		return d.PSign < Significance
	}
	return false
}

// SameConfig reports whether both runs were scored by the same metric,
// options and rules.
func (c *Comparison) SameConfig() bool {
	return c.MetricA == c.MetricB && slices.Equal(c.OptionsA, c.OptionsB) && c.RulesA == c.RulesB
}
