package calibrate

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/jsontui/jsontui/scoring/dataset"
)

// Proposal is one weight change and what it does to the headline
// agreement (τ-b or AUC) of the labelled cases.
type Proposal struct {
	Path          string   // the entry's first path
	Paths         []string // every path it sets
	From, To      float64
	Before, After float64
}

// Gain returns After − Before.
func (p Proposal) Gain() float64 { return p.After - p.Before }

// proposeCandidates is how many entries Propose tries, those whose
// weights the smooth loss's gradient says matter most; proposeSteps the
// weights it tries for each (0, 0.1, … 1).
const (
	proposeCandidates = 8
	proposeSteps      = 10
)

// Propose returns the single weight change that raises the headline
// agreement of the paired cases most, from the weights x (by m's
// entries; m.Start() for the weights in force): of the entries whose
// weight the pairwise loss's gradient says matters most, each tried at
// 0, 0.1, … 1. On a tie the smaller move wins, then the entry first in
// tree order. ok is false when no such change raises the agreement.
func Propose(m *dataset.WeightModel, p *Paired, x []float64) (best Proposal, ok bool) {
	n := len(p.Cases)
	s, u := make([]float64, n), make([]float64, n)
	m.Eval(x, p.Cases, s)
	before := headline(p.Kind, s, p.Values)
	if math.IsNaN(before) {
		return best, false
	}
	l := newLoss(Pairwise, p.Values, s, rand.New(rand.NewPCG(1, 0)))
	l.eval(s, u)
	g := m.Gradient(u)
	entries := m.Entries()
	cand := make([]int, 0, len(entries))
	for k := range entries {
		if g[k] < 0 && x[k] < 1 || g[k] > 0 && x[k] > 0 {
			cand = append(cand, k)
		}
	}
	slices.SortStableFunc(cand, func(a, b int) int { return cmp.Compare(math.Abs(g[b]), math.Abs(g[a])) })
	cand = cand[:min(len(cand), proposeCandidates)]
	slices.Sort(cand)
	y := slices.Clone(x)
	bestGain := 0.0
	for _, k := range cand {
		for step := range proposeSteps + 1 {
			w := float64(step) / proposeSteps
			if w == x[k] {
				continue
			}
			y[k] = w
			m.Eval(y, p.Cases, s)
			after := headline(p.Kind, s, p.Values)
			gain := after - before
			better := gain > bestGain+1e-12 ||
				ok && math.Abs(gain-bestGain) <= 1e-12 && math.Abs(w-x[k]) < math.Abs(best.To-best.From)
			if gain > 1e-12 && better {
				best = Proposal{Path: entries[k].Path, Paths: entries[k].Paths, From: x[k], To: w, Before: before, After: after}
				bestGain, ok = gain, true
			}
		}
		y[k] = x[k]
	}
	return best, ok
}
