package dataset

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"
)

// TQuantile returns the p quantile of Student's t distribution with df
// degrees of freedom (gonum's StudentsT): t(0.975, 10) = 2.228139.
func TQuantile(p float64, df int) float64 {
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(df)}.Quantile(p)
}

// Percentile returns the q quantile (0 ≤ q ≤ 1) of sorted, interpolating
// linearly between order statistics as numpy's default (method
// "linear") does, with numpy's arithmetic.
func Percentile(sorted []float64, q float64) float64 {
	n := len(sorted)
	if n == 0 {
		return math.NaN()
	}
	pos := q * float64(n-1)
	lo := math.Floor(pos)
	i := int(lo)
	if i >= n-1 {
		return sorted[n-1]
	}
	a, b, t := sorted[i], sorted[i+1], pos-lo
	// numpy's _lerp: a + (b−a)·t, or b − (b−a)·(1−t) from t ≥ 0.5.
	d := b - a
	if t >= 0.5 {
		return b - d*(1-t)
	}
	return a + d*t
}

// quantile returns the q quantile of xs as Percentile does of xs sorted,
// in linear time: it reorders xs (selecting, not sorting).
func quantile(xs []float64, q float64) float64 {
	n := len(xs)
	pos := q * float64(n-1)
	lo := math.Floor(pos)
	i := int(lo)
	if i >= n-1 {
		return slices.Max(xs)
	}
	selectK(xs, i)
	pair := [2]float64{xs[i], slices.Min(xs[i+1:])}
	return Percentile(pair[:], pos-lo)
}

// selectK reorders xs so that xs[k] is the value sorting would put
// there, the smaller ones before it and the others after (Hoare's
// selection, the pivot a median of three).
func selectK(xs []float64, k int) {
	lo, hi := 0, len(xs)-1
	for lo < hi {
		mid := lo + (hi-lo)/2
		if xs[mid] < xs[lo] {
			xs[mid], xs[lo] = xs[lo], xs[mid]
		}
		if xs[hi] < xs[lo] {
			xs[hi], xs[lo] = xs[lo], xs[hi]
		}
		if xs[hi] < xs[mid] {
			xs[hi], xs[mid] = xs[mid], xs[hi]
		}
		pivot := xs[mid]
		i, j := lo, hi
		for i <= j {
			for xs[i] < pivot {
				i++
			}
			for pivot < xs[j] {
				j--
			}
			if i <= j {
				xs[i], xs[j] = xs[j], xs[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return
		}
	}
}

// scoreStats fills the statistics of scores (the cases that have one)
// into st. scores is reordered. pass, if not nil, is the --pass
// threshold.
func scoreStats(st *Stats, scores []float64, pass *float64) {
	st.N = len(scores)
	if pass != nil {
		st.HasPass, st.PassAt = true, *pass
	}
	if st.N == 0 {
		return
	}
	var sum xsum
	perfect, passed := 0, 0
	for _, s := range scores {
		sum.add(s)
		if s == 1 {
			perfect++
		}
		if pass != nil && s >= *pass {
			passed++
		}
	}
	n := float64(st.N)
	st.Mean = sum.value() / n
	st.Median = quantile(scores, 0.5)
	st.P10 = quantile(scores, 0.1)
	st.P90 = quantile(scores, 0.9)
	st.Min, st.Max = slices.Min(scores), slices.Max(scores)
	st.Perfect = float64(perfect) / n
	if pass != nil {
		st.Pass = float64(passed) / n
	}
	if st.N < 2 {
		return
	}
	var sq xsum
	for _, s := range scores {
		d := s - st.Mean
		sq.add(d * d)
	}
	st.Std = math.Sqrt(sq.value() / (n - 1))
	half := TQuantile(0.975, st.N-1) * st.Std / math.Sqrt(n)
	st.CI95 = [2]float64{st.Mean - half, st.Mean + half}
	st.HasSpread = true
}

// ShownCI returns the mean score's 95% interval as the reports show it:
// the t-interval CI95 cut to [0, 1], the range a mean of scores can
// take, and whether it was cut. With few cases or a wide spread the
// t-interval reaches past that range (for two cases scoring 0 and 1 it
// is 0.5 ± 6.35); CI95 itself is kept as the formula gives it.
func (st *Stats) ShownCI() (ci [2]float64, cut bool) {
	return clampCI(st.CI95, 0, 1)
}

// ShownCI returns the mean change's 95% interval as the reports show it:
// the t-interval CI95 cut to [−1, 1], the range a change of a score can
// take, and whether it was cut.
func (d *DeltaStats) ShownCI() (ci [2]float64, cut bool) {
	return clampCI(d.CI95, -1, 1)
}

// clampCI cuts the interval ci to [lo, hi] and says whether it did.
func clampCI(ci [2]float64, lo, hi float64) ([2]float64, bool) {
	out := [2]float64{max(ci[0], lo), min(ci[1], hi)}
	return out, out != ci
}
