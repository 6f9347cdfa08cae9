package calibrate

import (
	"math"
	"math/rand/v2"
	"strconv"

	"gonum.org/v1/gonum/stat"

	"github.com/jsontui/jsontui/scoring/setting"
)

// Objective names the smooth loss a fit minimises.
type Objective string

// The objectives.
const (
	// Pairwise is a pairwise logistic loss over pairs of cases whose
	// labels differ: log(1 + e^(−γ(s_hi − s_lo))). It stands in for
	// τ-b with grades and for the AUC with verdicts (the pairs are then
	// a pass and a fail), both counts of pairs put in the right order.
	Pairwise Objective = "pairwise"
	// MSE is the mean squared difference between score and label (a
	// verdict's label is 1 or 0).
	MSE Objective = "mse"
)

// ParseObjective reads --objective: "pairwise" (also the default, ""),
// or "mse".
func ParseObjective(s string) (Objective, error) {
	switch Objective(s) {
	case "", Pairwise:
		return Pairwise, nil
	case MSE:
		return MSE, nil
	}
	return "", setting.New("objective", strconv.Quote(s), "it is pairwise (the default: a smooth stand-in for tau-b with grades, for the AUC with verdicts) or mse")
}

// maxPairs is the number of pairs above which a pairwise loss samples
// pairsPerCase partners a case instead of taking every pair.
const (
	maxPairs     = 20_000
	pairsPerCase = 24
)

// loss is a fit's smooth loss over a set of labelled cases.
type loss struct {
	obj    Objective
	labels []float64
	// hi, lo are the pairs (positions in labels) with labels[hi] >
	// labels[lo].
	hi, lo []int32
	gamma  float64
}

// newLoss makes the loss of obj over labels; start are the scores under
// the start weights, which fix the logistic's steepness γ (4 over the
// scores' standard deviation, at least 0.01): a pair whose scores are
// a standard deviation apart in the right order costs little. Pairs are
// sampled with rng when there are too many.
func newLoss(obj Objective, labels, start []float64, rng *rand.Rand) *loss {
	l := &loss{obj: obj, labels: labels}
	if obj != Pairwise {
		return l
	}
	l.gamma = 4 / max(stat.StdDev(start, nil), 0.01)
	n := len(labels)
	add := func(i, j int) {
		switch {
		case labels[i] > labels[j]:
			l.hi, l.lo = append(l.hi, int32(i)), append(l.lo, int32(j))
		case labels[i] < labels[j]:
			l.hi, l.lo = append(l.hi, int32(j)), append(l.lo, int32(i))
		}
	}
	if float64(n)*float64(n-1)/2 <= maxPairs {
		for i := range n {
			for j := i + 1; j < n; j++ {
				add(i, j)
			}
		}
		return l
	}
	for i := range n {
		for range pairsPerCase {
			if j := rng.IntN(n); j != i {
				add(i, j)
			}
		}
	}
	return l
}

// eval returns the loss of scores s and its derivative by each score
// into u.
func (l *loss) eval(s, u []float64) float64 {
	clear(u)
	if l.obj == MSE {
		var v float64
		n := float64(len(s))
		for i, sc := range s {
			d := sc - l.labels[i]
			v += d * d
			u[i] = 2 * d / n
		}
		return v / n
	}
	if len(l.hi) == 0 {
		return 0
	}
	var v float64
	np := float64(len(l.hi))
	for k, i := range l.hi {
		j := l.lo[k]
		z := -l.gamma * (s[i] - s[j])
		sp, sg := softplusSigmoid(z)
		v += sp
		d := l.gamma * sg / np // −∂/∂s_i of the pair's loss
		u[i] -= d
		u[j] += d
	}
	return v / np
}

// softplusSigmoid returns log(1 + e^z) and 1/(1 + e^−z), from one
// exponential and without overflow.
func softplusSigmoid(z float64) (float64, float64) {
	if z > 0 {
		e := math.Exp(-z)
		return z + math.Log1p(e), 1 / (1 + e)
	}
	e := math.Exp(z)
	return math.Log1p(e), e / (1 + e)
}

// penalty is keep·Σ(x − x0)², the pull towards the start weights, added
// to f, and its gradient to g.
func penalty(keep float64, x, x0, g []float64) float64 {
	var v float64
	for k := range x {
		d := x[k] - x0[k]
		v += d * d
		g[k] += 2 * keep * d
	}
	return keep * v
}

// project clamps x into [0, 1], and the frozen entries to x0.
func project(x, x0 []float64, frozen []bool) {
	for k := range x {
		switch {
		case frozen[k]:
			x[k] = x0[k]
		case x[k] < 0:
			x[k] = 0
		case x[k] > 1:
			x[k] = 1
		}
	}
}
