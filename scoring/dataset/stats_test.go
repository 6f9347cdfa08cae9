package dataset

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestTQuantile checks the t quantiles against published values.
func TestTQuantile(t *testing.T) {
	for _, c := range []struct {
		p    float64
		df   int
		want float64
	}{{0.975, 10, 2.228139}, {0.975, 1, 12.706205}, {0.975, 4, 2.776445}, {0.975, 5, 2.570582}, {0.975, 30, 2.042272}, {0.95, 10, 1.812461}} {
		if got := TQuantile(c.p, c.df); math.Abs(got-c.want) > 5e-7 {
			t.Errorf("t(%v, %d) = %v, want %v", c.p, c.df, got, c.want)
		}
	}
}

// TestPercentile checks numpy's linear percentiles: numpy.percentile of
// [1, 2, 3, 4] at 10, 50, 90 is 1.3, 2.5, 3.7; of [0, 7/9, 0.8, 0.9, 1]
// at 10 and 90 is 0.3111…, 0.96.
func TestPercentile(t *testing.T) {
	for _, c := range []struct {
		xs   []float64
		q    float64
		want float64
	}{{[]float64{1, 2, 3, 4}, 0.1, 1.3}, {[]float64{1, 2, 3, 4}, 0.5, 2.5}, {[]float64{1, 2, 3, 4}, 0.9, 3.7},
		{[]float64{0, 7.0 / 9, 0.8, 0.9, 1}, 0.1, 0.4 * 7 / 9}, {[]float64{0, 7.0 / 9, 0.8, 0.9, 1}, 0.9, 0.96},
		{[]float64{5}, 0.9, 5}, {[]float64{2, 2}, 0.5, 2}} {
		if got := Percentile(c.xs, c.q); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("Percentile(%v, %v) = %v, want %v", c.xs, c.q, got, c.want)
		}
	}
}

// TestQuantileSelects checks that quantile (selecting) gives what
// Percentile of the sorted values does, bit for bit.
func TestQuantileSelects(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 1; n < 300; n += 7 {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = float64(rng.IntN(20)) / 19 // many ties
		}
		sorted := slices.Sorted(slices.Values(xs))
		for _, q := range []float64{0.1, 0.5, 0.9} {
			work := slices.Clone(xs)
			if got, want := quantile(work, q), Percentile(sorted, q); got != want {
				t.Fatalf("n %d q %v: %v, want %v", n, q, got, want)
			}
		}
	}
}
