package dataset

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// pairedStats computes the paired statistics of the changes deltas, of
// which improved rose and regressed fell by more than ChangeEps.
func pairedStats(deltas []float64, improved, regressed int) DeltaStats {
	st := DeltaStats{N: len(deltas)}
	if m := improved + regressed; m > 0 {
		st.PSign, st.HasPSign = SignTestP(improved, regressed), true
	}
	if st.N == 0 {
		return st
	}
	var sum xsum
	for _, d := range deltas {
		sum.add(d)
	}
	n := float64(st.N)
	st.Mean = sum.value() / n
	if st.N < 2 {
		return st
	}
	var sq xsum
	for _, d := range deltas {
		e := d - st.Mean
		sq.add(e * e)
	}
	st.Std = math.Sqrt(sq.value() / (n - 1))
	se := st.Std / math.Sqrt(n)
	half := TQuantile(0.975, st.N-1) * se
	st.CI95 = [2]float64{st.Mean - half, st.Mean + half}
	st.HasCI = true
	// No spread: every change is the same, and t is not defined (the
	// mean is exactly known, or the changes differ by rounding only).
	if se > 0 && st.Std > ChangeEps {
		st.T = st.Mean / se
		st.PT, st.HasPT = TTestP(st.T, st.N-1), true
	}
	return st
}

// TTestP returns the two-sided p-value of a t statistic with df degrees
// of freedom: the chance under Student's t distribution (gonum's
// StudentsT) of a value at least as far from 0 as t.
func TTestP(t float64, df int) float64 {
	dist := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(df)}
	return min(1, 2*dist.Survival(math.Abs(t)))
}

// SignTestP returns the exact two-sided p-value of the sign test of
// improved cases against regressed ones (the unchanged left out): twice
// the chance of a split at least as uneven under Binomial(m, ½), m the
// number that changed (gonum's Binomial), at most 1. It is 1 when none
// changed.
func SignTestP(improved, regressed int) float64 {
	m := improved + regressed
	if m == 0 {
		return 1
	}
	k := min(improved, regressed)
	dist := distuv.Binomial{N: float64(m), P: 0.5}
	return min(1, 2*dist.CDF(float64(k)))
}
