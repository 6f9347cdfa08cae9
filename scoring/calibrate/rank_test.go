package calibrate

import (
	"math"
	"math/rand/v2"
	"testing"
)

func near(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-12 || math.IsNaN(got) != math.IsNaN(want) {
		t.Errorf("%s = %.17g, want %.17g", what, got, want)
	}
}

// kendallNaive is τ-b over every pair, for checking Knight's.
func kendallNaive(x, y []float64) float64 {
	var c, d, tx, ty float64
	for i := range x {
		for j := i + 1; j < len(x); j++ {
			dx, dy := x[i]-x[j], y[i]-y[j]
			switch {
			case dx == 0 && dy == 0:
			case dx == 0:
				tx++
			case dy == 0:
				ty++
			case dx*dy > 0:
				c++
			default:
				d++
			}
		}
	}
	return (c - d) / math.Sqrt((c+d+tx)*(c+d+ty))
}

// TestKendallByHand: x = 1 2 2 3, y = 1 3 2 2. Of the 6 pairs, (1,2)
// (1,3) (1,4) are concordant, (2,3) is tied in x, (2,4) is discordant
// (x up, y down), (3,4) tied in y: S = 3 − 1 = 2; pairs untied in x 5,
// in y 5: τ-b = 2/5.
func TestKendallByHand(t *testing.T) {
	near(t, "tau-b", KendallTauB([]float64{1, 2, 2, 3}, []float64{1, 3, 2, 2}), 0.4)
	// Reversed order and a joint tie: x = 3 2 1 1, y = 1 2 3 3: five
	// discordant pairs, one tied in both: S = −5, (6−1)(6−1): −1.
	near(t, "tau-b reversed", KendallTauB([]float64{3, 2, 1, 1}, []float64{1, 2, 3, 3}), -1)
	near(t, "tau-b one side constant", KendallTauB([]float64{1, 1, 1}, []float64{1, 2, 3}), math.NaN())
	near(t, "tau-b one pair", KendallTauB([]float64{1}, []float64{1}), math.NaN())
}

// TestKendallAgreesWithPairs: Knight's count equals the count over every
// pair, on data with many ties in both.
func TestKendallAgreesWithPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 50 {
		n := 2 + rng.IntN(60)
		x, y := make([]float64, n), make([]float64, n)
		for i := range x {
			x[i], y[i] = float64(rng.IntN(5)), float64(rng.IntN(4))
		}
		if noSpread(x, nil) || noSpread(y, nil) {
			continue
		}
		got, want := KendallTauB(x, y), kendallNaive(x, y)
		if math.Abs(got-want) > 1e-12 {
			t.Fatalf("trial %d: tau-b %v, pairs give %v (x %v, y %v)", trial, got, want, x, y)
		}
	}
}

// TestSpearmanByHand: x = 1 2 2 3 ranks 1 2.5 2.5 4, y = 1 3 2 2 ranks
// 1 4 2.5 2.5. Centred (mean 2.5): x −1.5 0 0 1.5, y −1.5 1.5 0 0:
// Σxy = 2.25, Σx² = Σy² = 4.5: ρ = 0.5.
func TestSpearmanByHand(t *testing.T) {
	near(t, "spearman", Spearman([]float64{1, 2, 2, 3}, []float64{1, 3, 2, 2}), 0.5)
}

// TestPearsonByHand: x = 1 2 3, y = 1 3 2: centred −1 0 1 and −1 1 0:
// Σxy = 1, Σx² = Σy² = 2: r = 0.5.
func TestPearsonByHand(t *testing.T) {
	near(t, "pearson", Pearson([]float64{1, 2, 3}, []float64{1, 3, 2}), 0.5)
	near(t, "pearson constant", Pearson([]float64{1, 1, 1}, []float64{1, 3, 2}), math.NaN())
}

// TestAUCByHand: passes score 0.9 0.5 0.5, fails 0.5 0.1. Of the 6
// pass–fail pairs, 0.9 beats both (2), each 0.5 ties one fail (½) and
// beats the other (1): (2 + 1.5 + 1.5)/6 = 5/6.
func TestAUCByHand(t *testing.T) {
	s := []float64{0.9, 0.5, 0.5, 0.5, 0.1}
	p := []bool{true, true, true, false, false}
	near(t, "auc", AUC(s, p), 5.0/6)
	near(t, "auc one kind", AUC(s, []bool{true, true, true, true, true}), math.NaN())
	// Threshold: t = 0.1 (all pass) is right 3 times; t = 0.5 fails
	// 0.1 only: 4 right; t = 0.9: 0.9 passes, the rest fail: 3 right.
	th, acc := Threshold(s, p)
	near(t, "threshold", th, 0.5)
	near(t, "accuracy", acc, 0.8)
}

// TestThresholdLowestOnTie: scores 0.2 0.4 0.6 0.8 with verdicts fail
// pass fail pass: t = 0.4 and t = 0.8 are both right 3 times out of 4;
// the lower is taken.
func TestThresholdLowestOnTie(t *testing.T) {
	th, acc := Threshold([]float64{0.8, 0.6, 0.4, 0.2}, []bool{true, false, true, false})
	near(t, "threshold", th, 0.4)
	near(t, "accuracy", acc, 0.75)
}

// TestBootstrapSeeded: the same seed gives the same interval; another
// seed another; the interval holds the value on a clear relation.
func TestBootstrapSeeded(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 200
	x, y := make([]float64, n), make([]float64, n)
	for i := range x {
		x[i] = rng.Float64()
		y[i] = min(1, max(0, x[i]+0.2*rng.NormFloat64()))
	}
	a, b, c := Agree(Grade, x, y, 1), Agree(Grade, x, y, 1), Agree(Grade, x, y, 2)
	if a.KendallTauB != b.KendallTauB || a.Pearson != b.Pearson {
		t.Fatalf("seed 1 twice: %+v then %+v", a.KendallTauB, b.KendallTauB)
	}
	if a.KendallTauB.CI95 == c.KendallTauB.CI95 {
		t.Fatalf("seeds 1 and 2 give one interval %v", a.KendallTauB.CI95)
	}
	for _, f := range []Figure{a.KendallTauB, a.Spearman, a.Pearson} {
		if !(f.CI95[0] < f.Value && f.Value < f.CI95[1]) || f.CI95[1]-f.CI95[0] > 0.3 {
			t.Errorf("interval %v around %v", f.CI95, f.Value)
		}
	}
}

// TestCountsAgreeWithCopies: a statistic of pairs taken cnt[i] times (a
// bootstrap resample, computed on the sample sorted once) equals the
// statistic of the pairs copied out.
func TestCountsAgreeWithCopies(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for trial := range 40 {
		n := 3 + rng.IntN(30)
		x, y := make([]float64, n), make([]float64, n)
		cnt := make([]int32, n)
		var ex, ey []float64
		for i := range x {
			x[i], y[i] = float64(rng.IntN(6))/5, float64(rng.IntN(2))
			cnt[i] = int32(rng.IntN(3))
			for range cnt[i] {
				ex, ey = append(ex, x[i]), append(ey, y[i])
			}
		}
		s := newSample(x, y)
		for k, pair := range [][2]float64{
			{s.kendall(cnt), KendallTauB(ex, ey)},
			{s.spearman(cnt), Spearman(ex, ey)},
			{s.pearson(cnt), Pearson(ex, ey)},
			{s.auc(cnt), AUC(ex, boolsOf(ey))},
		} {
			if !(math.Abs(pair[0]-pair[1]) <= 1e-12 || math.IsNaN(pair[0]) && math.IsNaN(pair[1])) {
				t.Fatalf("trial %d figure %d: counts %v, copies %v (x %v y %v cnt %v)", trial, k, pair[0], pair[1], x, y, cnt)
			}
		}
		t1, a1 := s.threshold(cnt)
		t2, a2 := Threshold(ex, boolsOf(ey))
		if len(ex) > 0 && (t1 != t2 || math.Abs(a1-a2) > 1e-12) {
			t.Fatalf("trial %d threshold: counts %v %v, copies %v %v", trial, t1, a1, t2, a2)
		}
	}
}

func boolsOf(v []float64) []bool {
	out := make([]bool, len(v))
	for i, x := range v {
		out[i] = x == 1
	}
	return out
}
