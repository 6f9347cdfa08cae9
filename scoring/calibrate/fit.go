package calibrate

import (
	"cmp"
	"errors"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/floats"

	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/setting"
)

// FitOptions are a fit's settings (`jsontui weights fit`'s flags).
type FitOptions struct {
	Objective Objective
	// Keep is the pull towards the start weights: Keep·Σ(w − w0)² is
	// added to the loss.
	Keep float64
	// Free lets weights that start at 0 move; otherwise they stay 0.
	Free bool
	// Folds is the number of folds of the cross-validation (at least 2).
	Folds int
	// MinGain is the held-out gain below which the fit is no
	// improvement.
	MinGain float64
	// Seed seeds the folds and the pairs sampled.
	Seed uint64
}

// DefaultFitOptions are the defaults of `jsontui weights fit`.
func DefaultFitOptions() FitOptions {
	return FitOptions{Objective: Pairwise, Keep: 0.001, Folds: 5, MinGain: 0.01, Seed: 1}
}

// Change is one weights entry a fit moved.
type Change struct {
	Path     string   // the entry's first path
	Paths    []string // every path it sets
	From, To float64
	// Effect is what the headline agreement on the fitted cases loses
	// when this weight alone goes back to From.
	Effect float64
	entry  int // its place in the model's entries
}

// FitResult is what a fit found.
type FitResult struct {
	Kind      Kind
	Objective Objective
	Cases     int // the labelled cases fitted
	Folds     int
	// Before and After are the headline agreement (τ-b or AUC) on the
	// cases fitted, under the start weights and the fitted ones.
	Before, After float64
	// HeldBefore and HeldAfter are the headline agreement on held-out
	// cases: every case scored under the weights fitted without its
	// fold, pooled.
	HeldBefore, HeldAfter float64
	// Gain is the held-out gain, HeldAfter − HeldBefore: the agreement
	// of the out-of-fold scores, pooled, gains less from chance than a
	// mean of the folds' own gains, each over few cases. FoldGains are
	// those (After − Before on each fold's cases; NaN where a fold's
	// agreement is undefined), for the report.
	FoldGains []float64
	Gain      float64
	// Changes are the entries moved, the largest Effect first.
	Changes []Change
	// Weights are the fitted weights, by the model's entries.
	Weights []float64
	// Improved is whether Gain reaches FitOptions.MinGain.
	Improved bool
}

// fitter fits a model's weights to labelled cases.
type fitter struct {
	m      *dataset.WeightModel
	p      *Paired
	opt    FitOptions
	x0     []float64
	frozen []bool
}

// Fit finds the weights, in [0, 1] by entry of m, that agree best with
// the paired labels: it minimises opt.Objective's loss plus the pull
// towards m's weights in force (opt.Keep) by projected gradient, rounds
// the weights to 3 decimals and takes back every change whose own effect
// on the headline agreement is not a gain. The same fit runs on each of
// opt.Folds folds' other cases to measure the held-out gain. The result
// depends on its inputs and opt.Seed only.
func Fit(m *dataset.WeightModel, p *Paired, opt FitOptions) (*FitResult, error) {
	n := len(p.Cases)
	switch {
	case opt.Folds < 2:
		return nil, setting.Errorf("%[1]s must be at least 2", "folds")
	case n < 2*opt.Folds:
		return nil, errors.New("too few labelled cases to fit and to hold out: at least 2 a fold are needed")
	case len(m.Entries()) == 0:
		return nil, errors.New("no weight to fit: the references have no object keys")
	case !(opt.Keep >= 0):
		return nil, setting.Errorf("%[1]s must be 0 or more", "keep")
	}
	f := &fitter{m: m, p: p, opt: opt, x0: m.Start()}
	f.frozen = make([]bool, len(f.x0))
	for k, w := range f.x0 {
		f.frozen[k] = w == 0 && !opt.Free
	}
	r := &FitResult{Kind: p.Kind, Objective: opt.Objective, Cases: n, Folds: opt.Folds}
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	f.crossValidate(r)
	x := f.fitOnce(all, rand.New(rand.NewPCG(opt.Seed, 0)))
	r.Weights = x
	r.Before = f.headline(f.x0, all)
	r.After = f.headline(x, all)
	r.Changes = f.changes(x, all)
	r.Improved = r.Gain >= opt.MinGain
	return r, nil
}

// crossValidate fits on all folds but one, for each fold, and measures
// the agreement on the fold held out.
func (f *fitter) crossValidate(r *FitResult) {
	n, k := len(f.p.Cases), f.opt.Folds
	perm := rand.New(rand.NewPCG(f.opt.Seed, 1)).Perm(n)
	held := make([]float64, n)
	start := f.scores(f.x0, allOf(n))
	for fold := range k {
		var train, test []int
		for pos, i := range perm {
			if pos%k == fold {
				test = append(test, i)
			} else {
				train = append(train, i)
			}
		}
		slices.Sort(test)
		slices.Sort(train)
		x := f.fitOnce(train, rand.New(rand.NewPCG(f.opt.Seed, uint64(2+fold))))
		after := f.scores(x, test)
		before := make([]float64, len(test))
		for j, i := range test {
			held[i], before[j] = after[j], start[i]
		}
		labels := f.labelsOf(test)
		g := headline(f.p.Kind, after, labels) - headline(f.p.Kind, before, labels)
		r.FoldGains = append(r.FoldGains, g)
	}
	r.HeldBefore = headline(f.p.Kind, start, f.p.Values)
	r.HeldAfter = headline(f.p.Kind, held, f.p.Values)
	r.Gain = r.HeldAfter - r.HeldBefore
}

// fitOnce fits the weights to the cases at positions idx of the pairing.
func (f *fitter) fitOnce(idx []int, rng *rand.Rand) []float64 {
	labels := f.labelsOf(idx)
	cases := f.casesOf(idx)
	l := newLoss(f.opt.Objective, labels, f.scores(f.x0, idx), rng)
	s, u := make([]float64, len(idx)), make([]float64, len(idx))
	obj := func(x []float64) (float64, []float64) {
		f.m.Eval(x, cases, s)
		v := l.eval(s, u)
		g := f.m.Gradient(u)
		v += penalty(f.opt.Keep, x, f.x0, g)
		for k := range g {
			if f.frozen[k] {
				g[k] = 0
			}
		}
		return v, g
	}
	x := projectedGradient(obj, f.x0, f.frozen)
	for k := range x {
		x[k] = math.Round(x[k]*1000) / 1000
		if f.frozen[k] || math.Abs(x[k]-f.x0[k]) < 0.0005 {
			x[k] = f.x0[k]
		}
	}
	// A change whose own effect is no gain goes back.
	for _, c := range f.changes(x, idx) {
		if !(c.Effect > 0) {
			x[c.entry] = c.From
		}
	}
	return x
}

// changes returns the entries x moves from the start, each with its
// effect on the headline agreement over the cases at idx, largest first
// (tree order on a tie).
func (f *fitter) changes(x []float64, idx []int) []Change {
	full := f.headline(x, idx)
	var out []Change
	y := slices.Clone(x)
	for k, e := range f.m.Entries() {
		if x[k] == f.x0[k] {
			continue
		}
		y[k] = f.x0[k]
		out = append(out, Change{Path: e.Path, Paths: e.Paths, From: f.x0[k], To: x[k], Effect: full - f.headline(y, idx), entry: k})
		y[k] = x[k]
	}
	slices.SortStableFunc(out, func(a, b Change) int { return cmp.Compare(b.Effect, a.Effect) })
	return out
}

// headline returns the headline agreement under weights x over the cases
// at positions idx of the pairing.
func (f *fitter) headline(x []float64, idx []int) float64 {
	return headline(f.p.Kind, f.scores(x, idx), f.labelsOf(idx))
}

// scores returns the scores under x of the cases at positions idx.
func (f *fitter) scores(x []float64, idx []int) []float64 {
	s := make([]float64, len(idx))
	f.m.Eval(x, f.casesOf(idx), s)
	return s
}

func (f *fitter) casesOf(idx []int) []int {
	out := make([]int, len(idx))
	for j, i := range idx {
		out[j] = f.p.Cases[i]
	}
	return out
}

func (f *fitter) labelsOf(idx []int) []float64 {
	out := make([]float64, len(idx))
	for j, i := range idx {
		out[j] = f.p.Values[i]
	}
	return out
}

func allOf(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// maxIter bounds the projected gradient's iterations.
const maxIter = 100

// projectedGradient minimises obj over the box [0, 1] (frozen entries
// held at x0) from x0: the spectral projected gradient (Birgin, Martínez
// and Raydan): a step along the projected gradient, its length from the
// last two iterates (Barzilai–Borwein), with Armijo backtracking.
func projectedGradient(obj func([]float64) (float64, []float64), x0 []float64, frozen []bool) []float64 {
	x := slices.Clone(x0)
	fx, g := obj(x)
	alpha := 0.1 / max(floats.Norm(g, math.Inf(1)), 1e-12)
	d, xn := make([]float64, len(x)), make([]float64, len(x))
	for range maxIter {
		for k := range x {
			d[k] = x[k] - alpha*g[k]
		}
		project(d, x0, frozen)
		floats.Sub(d, x)
		if floats.Norm(d, math.Inf(1)) < 1e-6 {
			break
		}
		slope := floats.Dot(g, d)
		lambda := 1.0
		var fn float64
		var gn []float64
		accepted := false
		for range 30 {
			floats.AddScaledTo(xn, x, lambda, d)
			if fn, gn = obj(xn); fn <= fx+1e-4*lambda*slope {
				accepted = true
				break
			}
			lambda /= 2
		}
		if !accepted {
			break
		}
		sy, ss := 0.0, 0.0
		for k := range x {
			s, y := xn[k]-x[k], gn[k]-g[k]
			sy += s * y
			ss += s * s
		}
		alpha = 1 / max(floats.Norm(gn, math.Inf(1)), 1e-12)
		if sy > 0 {
			alpha = min(max(ss/sy, 1e-10), 1e10)
		}
		done := fx-fn <= 1e-10*max(1, math.Abs(fx))
		x, xn = xn, x
		fx, g = fn, gn
		if done {
			break
		}
	}
	return x
}
