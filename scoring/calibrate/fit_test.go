package calibrate

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/jsontui/jsontui/scoring/dataset"
)

// synthetic writes a dataset of n cases with one object of fields f0…
// (numbers; each output's value right or off by a random amount) and
// returns it scored and kept.
func synthetic(tb testing.TB, n, fields int, seed uint64) *dataset.Scored {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, `{"id": "c%d", "expected": {`, i)
		var out bytes.Buffer
		for k := range fields {
			if k > 0 {
				b.WriteString(", ")
				out.WriteString(", ")
			}
			v := 100 + rng.IntN(900)
			o := v
			if rng.IntN(2) == 0 {
				o = v + rng.IntN(v)
			}
			fmt.Fprintf(&b, `"f%d": %d`, k, v)
			fmt.Fprintf(&out, `"f%d": %d`, k, o)
		}
		fmt.Fprintf(&b, `}, "output": {%s}}`+"\n", out.String())
	}
	name := filepath.Join(tb.TempDir(), "data.jsonl")
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		tb.Fatal(err)
	}
	src, err := dataset.Open(dataset.Spec{Ref: name})
	if err != nil {
		tb.Fatal(err)
	}
	defer src.Close()
	res, err := dataset.Score(context.Background(), src, dataset.Config{Keep: true})
	if err != nil {
		tb.Fatal(err)
	}
	return res.Scored
}

// hiddenLabels labels every case with its score under hidden weights
// plus noise of standard deviation sd (clamped to [0, 1]); with verdict,
// a pass is such a grade at or above the median.
func hiddenLabels(m *dataset.WeightModel, n int, hidden []float64, sd float64, verdict bool, seed uint64) *Paired {
	rng := rand.New(rand.NewPCG(seed, 9))
	p := &Paired{Kind: Grade, Cases: allOf(n), Values: make([]float64, n)}
	m.Eval(hidden, p.Cases, p.Values)
	for i, v := range p.Values {
		p.Values[i] = min(1, max(0, v+sd*rng.NormFloat64()))
	}
	if verdict {
		p.Kind = Verdict
		sorted := slices.Sorted(slices.Values(p.Values))
		median := sorted[n/2]
		for i, v := range p.Values {
			p.Values[i] = 0
			if v >= median {
				p.Values[i] = 1
			}
		}
	}
	return p
}

// TestFitRecoversHiddenWeights: labels made from hidden weights plus
// noise: the fitted weights rank the fields as the hidden ones do, and
// the held-out agreement after the fit comes most of the way from the
// start's to the hidden weights'.
func TestFitRecoversHiddenWeights(t *testing.T) {
	const n = 600
	d := synthetic(t, n, 6, 1)
	m, err := d.WeightModel()
	if err != nil {
		t.Fatal(err)
	}
	hidden := []float64{1, 0.7, 0.4, 0.15, 0.05, 0.02}
	p := hiddenLabels(m, n, hidden, 0.02, false, 2)
	r, err := Fit(m, p, DefaultFitOptions())
	if err != nil {
		t.Fatal(err)
	}
	var fs fitter
	fs.m, fs.p = m, p
	best := fs.headline(hidden, allOf(n))
	t.Logf("weights %v; before %.4f after %.4f (hidden %.4f); held out %.4f -> %.4f, gain %.4f %v",
		r.Weights, r.Before, r.After, best, r.HeldBefore, r.HeldAfter, r.Gain, r.FoldGains)
	order := func(w []float64) []int {
		idx := allOf(len(w))
		slices.SortStableFunc(idx, func(a, b int) int { return -cmpF(w[a], w[b]) })
		return idx
	}
	if got, want := order(r.Weights), order(hidden); !slices.Equal(got[:4], want[:4]) {
		t.Errorf("fitted weights %v rank the fields %v, the hidden %v", r.Weights, got, want)
	}
	if !r.Improved || r.HeldAfter-r.HeldBefore < 0.8*(best-r.HeldBefore) {
		t.Errorf("held out %.4f -> %.4f; the hidden weights give %.4f", r.HeldBefore, r.HeldAfter, best)
	}
	if len(r.Changes) == 0 || r.Changes[0].Effect < r.Changes[len(r.Changes)-1].Effect {
		t.Errorf("changes %+v", r.Changes)
	}
}

func cmpF(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// TestFitPureNoise: labels that owe nothing to the scores: no
// improvement.
func TestFitPureNoise(t *testing.T) {
	const n = 400
	d := synthetic(t, n, 6, 3)
	m, err := d.WeightModel()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	p := &Paired{Kind: Grade, Cases: allOf(n), Values: make([]float64, n)}
	for i := range p.Values {
		p.Values[i] = rng.Float64()
	}
	r, err := Fit(m, p, DefaultFitOptions())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("gain %.4f %v, weights %v", r.Gain, r.FoldGains, r.Weights)
	if r.Improved {
		t.Errorf("pure noise improved: gain %v (%v)", r.Gain, r.FoldGains)
	}
}

// TestFitDeterministic: the same inputs give the same weights, bit for
// bit.
func TestFitDeterministic(t *testing.T) {
	const n = 300
	d := synthetic(t, n, 5, 4)
	m, err := d.WeightModel()
	if err != nil {
		t.Fatal(err)
	}
	p := hiddenLabels(m, n, []float64{1, 0.2, 0.6, 0.1, 0.9}, 0.05, true, 3)
	a, err := Fit(m, p, DefaultFitOptions())
	if err != nil {
		t.Fatal(err)
	}
	b, err := Fit(m, p, DefaultFitOptions())
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.Weights, b.Weights) || math.Float64bits(a.Gain) != math.Float64bits(b.Gain) || !a.Improved {
		t.Fatalf("two fits: %v (gain %v), %v (gain %v)", a.Weights, a.Gain, b.Weights, b.Gain)
	}
	t.Logf("verdicts: AUC %.4f -> %.4f, held out %.4f -> %.4f, weights %v", a.Before, a.After, a.HeldBefore, a.HeldAfter, a.Weights)
}

// TestFitZeroWeightsStay: a weight that starts at 0 stays 0, though the
// labels weigh its field most, unless Free.
func TestFitZeroWeightsStay(t *testing.T) {
	const n = 150
	d := synthetic(t, n, 4, 21)
	if err := d.SetWeights([]dataset.PathWeight{{Path: ".f0", Weight: 0}}); err != nil {
		t.Fatal(err)
	}
	m, err := d.WeightModel()
	if err != nil {
		t.Fatal(err)
	}
	p := hiddenLabels(m, n, []float64{1, 0.3, 0.3, 0.3}, 0.02, false, 22)
	opt := DefaultFitOptions()
	opt.Folds = 3
	r, err := Fit(m, p, opt)
	if err != nil {
		t.Fatal(err)
	}
	if r.Weights[0] != 0 {
		t.Errorf("without Free: weights %v", r.Weights)
	}
	opt.Free = true
	r, err = Fit(m, p, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !(r.Weights[0] > 0.5) || !r.Improved {
		t.Errorf("with Free: weights %v, gain %v", r.Weights, r.Gain)
	}
}
