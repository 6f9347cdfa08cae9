package dataset

import (
	"math"
	"testing"
)

// TestWeightModelScores: under the weights in force, Eval gives the
// dataset's case scores; under other weights, those SetWeights gives.
func TestWeightModelScores(t *testing.T) {
	d := smallScored(t)
	m, err := d.WeightModel()
	if err != nil {
		t.Fatal(err)
	}
	cases := []int{0, 1, 2, 3, 4, 5}
	got := make([]float64, len(cases))
	m.Eval(m.Start(), cases, got)
	for k, c := range d.Figures().Cases {
		if got[k] != c.Score {
			t.Fatalf("case %s: model %v, dataset %v", c.ID, got[k], c.Score)
		}
	}
	x := m.Start()
	var ws []PathWeight
	for k, e := range m.Entries() {
		x[k] = 0.25 + 0.5*float64(k%2)
		ws = append(ws, PathWeight{e.Path, x[k]})
	}
	if err := d.SetWeights(ws); err != nil {
		t.Fatal(err)
	}
	m.Eval(x, cases, got)
	for k, c := range d.Figures().Cases {
		if math.Abs(got[k]-c.Score) > 1e-15 {
			t.Fatalf("case %s reweighted: model %v, dataset %v", c.ID, got[k], c.Score)
		}
	}
}

// TestWeightModelGradient: the gradient of Σ u·score agrees with central
// differences at an inner point.
func TestWeightModelGradient(t *testing.T) {
	d := smallScored(t)
	m, err := d.WeightModel()
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Entries()) < 3 {
		t.Fatalf("entries %+v", m.Entries())
	}
	cases := []int{0, 1, 2, 3, 4, 5}
	u := []float64{1, -2, 0.5, 3, 1, -1}
	x := m.Start()
	for k := range x {
		x[k] = 0.3 + 0.1*float64(k%5)
	}
	s := make([]float64, len(cases))
	m.Eval(x, cases, s)
	g := m.Gradient(u)
	f := func(x []float64) float64 {
		m.Eval(x, cases, s)
		v := 0.0
		for j := range s {
			v += u[j] * s[j]
		}
		return v
	}
	nonZero := 0
	for k := range x {
		if math.Abs(g[k]) > 1e-3 {
			nonZero++
		}
		h := 1e-6
		xp, xm := append([]float64(nil), x...), append([]float64(nil), x...)
		xp[k] += h
		xm[k] -= h
		fd := (f(xp) - f(xm)) / (2 * h)
		if math.Abs(fd-g[k]) > 1e-6 {
			t.Errorf("entry %s: gradient %v, differences %v", m.Entries()[k].Path, g[k], fd)
		}
	}
	if nonZero < 3 {
		t.Errorf("gradient %v: fewer than 3 entries move the scores", g)
	}
}
