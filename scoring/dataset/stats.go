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

// scoreStats fills the statistics of scores (the cases that have one)
// into st. scores is sorted in place. pass, if not nil, is the --pass
// threshold.
func scoreStats(st *Stats, scores []float64, pass *float64) {
	st.N = len(scores)
	if pass != nil {
		st.HasPass, st.PassAt = true, *pass
	}
	if st.N == 0 {
		return
	}
	slices.Sort(scores)
	var sum ksum
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
	st.Median = Percentile(scores, 0.5)
	st.P10 = Percentile(scores, 0.1)
	st.P90 = Percentile(scores, 0.9)
	st.Min, st.Max = scores[0], scores[st.N-1]
	st.Perfect = float64(perfect) / n
	if pass != nil {
		st.Pass = float64(passed) / n
	}
	if st.N < 2 {
		return
	}
	var sq ksum
	for _, s := range scores {
		d := s - st.Mean
		sq.add(d * d)
	}
	st.Std = math.Sqrt(sq.value() / (n - 1))
	half := TQuantile(0.975, st.N-1) * st.Std / math.Sqrt(n)
	st.CI95 = [2]float64{st.Mean - half, st.Mean + half}
	st.HasSpread = true
}
