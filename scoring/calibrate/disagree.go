package calibrate

import (
	"cmp"
	"math"
	"slices"

	"github.com/jsontui/jsontui/scoring/dataset"
)

// Measure returns the headline agreement (τ-b or AUC) of the paired
// cases' scores in cases (a dataset's figures under the weights in
// force) with their labels, without an interval: the explorer's live
// figure.
func (p *Paired) Measure(cases []dataset.CaseFigures) float64 {
	return Measure(p.Kind, p.Scores(cases), p.Values)
}

// Disagreement is how far a labelled case's score and label disagree.
type Disagreement struct {
	Case         int // the case's index in the dataset's cases
	Score, Label float64
	// Gap is the case's rank by score less its rank by label, each as a
	// share of the labelled cases (ties taking the mean of their ranks):
	// near 1 the score ranks it high and people low, near −1 the
	// reverse.
	Gap float64
}

// Disagreements returns the paired cases ordered by how far apart their
// score and label rank them, the widest gap (either way) first; the
// case's order in the dataset on a tie.
func (p *Paired) Disagreements(cases []dataset.CaseFigures) []Disagreement {
	n := len(p.Cases)
	scores := p.Scores(cases)
	s := newSample(scores, p.Values)
	rs, _ := ranks(scores, s.byXY, nil, nil)
	rl, _ := ranks(p.Values, s.sortedY(), nil, nil)
	out := make([]Disagreement, n)
	for i, k := range p.Cases {
		out[i] = Disagreement{Case: k, Score: scores[i], Label: p.Values[i], Gap: (rs[i] - rl[i]) / float64(n)}
	}
	slices.SortStableFunc(out, func(a, b Disagreement) int {
		if c := cmp.Compare(math.Abs(b.Gap), math.Abs(a.Gap)); c != 0 {
			return c
		}
		return cmp.Compare(a.Case, b.Case)
	})
	return out
}
