package calibrate

import (
	"cmp"
	"math"
	"slices"

	"gonum.org/v1/gonum/stat"
)

// KendallTauB returns Kendall's τ-b between x and y, ties in either
// counted as τ-b counts them, by Knight's O(n log n) algorithm: sort the
// pairs by x then y, count the ties, then count the discordant pairs as
// the swaps a merge sort by y makes. It is NaN when fewer than two pairs
// are given or when either side has no spread.
func KendallTauB(x, y []float64) float64 {
	var s rankScratch
	return s.kendall(x, y)
}

// rankScratch is the storage the rank statistics reuse between calls (a
// bootstrap computes them a thousand times).
type rankScratch struct {
	pairs, buf []xy
	idx        []int
	rx, ry     []float64
}

type xy struct{ x, y float64 }

func (s *rankScratch) kendall(x, y []float64) float64 {
	n := len(x)
	if n < 2 {
		return math.NaN()
	}
	s.pairs = grow(s.pairs, n)
	for i := range x {
		s.pairs[i] = xy{x[i], y[i]}
	}
	p := s.pairs
	slices.SortFunc(p, func(a, b xy) int {
		if c := cmp.Compare(a.x, b.x); c != 0 {
			return c
		}
		return cmp.Compare(a.y, b.y)
	})
	var xTies, jointTies float64
	for i := 0; i < n; {
		j := i + 1
		for j < n && p[j].x == p[i].x {
			j++
		}
		xTies += pairsOf(j - i)
		for k := i; k < j; {
			l := k + 1
			for l < j && p[l].y == p[k].y {
				l++
			}
			jointTies += pairsOf(l - k)
			k = l
		}
		i = j
	}
	s.buf = grow(s.buf, n)
	swaps := mergeCount(p, s.buf)
	var yTies float64
	for i := 0; i < n; {
		j := i + 1
		for j < n && p[j].y == p[i].y {
			j++
		}
		yTies += pairsOf(j - i)
		i = j
	}
	total := pairsOf(n)
	if total == xTies || total == yTies {
		return math.NaN()
	}
	concMinusDisc := total - xTies - yTies + jointTies - 2*swaps
	return concMinusDisc / math.Sqrt(total-xTies) / math.Sqrt(total-yTies)
}

// pairsOf returns n(n-1)/2.
func pairsOf(n int) float64 { return float64(n) * float64(n-1) / 2 }

// mergeCount sorts p by y (stably, bottom-up) and returns the number of
// pairs it put in order whose y were strictly out of order.
func mergeCount(p, buf []xy) float64 {
	n := len(p)
	var swaps float64
	src, dst := p, buf
	for width := 1; width < n; width *= 2 {
		for lo := 0; lo < n; lo += 2 * width {
			mid, hi := min(lo+width, n), min(lo+2*width, n)
			i, j, k := lo, mid, lo
			for i < mid && j < hi {
				if src[j].y < src[i].y {
					dst[k] = src[j]
					swaps += float64(mid - i)
					j++
				} else {
					dst[k] = src[i]
					i++
				}
				k++
			}
			k += copy(dst[k:], src[i:mid])
			copy(dst[k:], src[j:hi])
		}
		src, dst = dst, src
	}
	if &src[0] != &p[0] {
		copy(p, src)
	}
	return swaps
}

// Spearman returns Spearman's rank correlation between x and y: the
// Pearson correlation of their ranks, tied values taking the mean of the
// ranks they span. NaN when either side has no spread.
func Spearman(x, y []float64) float64 {
	var s rankScratch
	return s.spearman(x, y)
}

func (s *rankScratch) spearman(x, y []float64) float64 {
	if len(x) < 2 {
		return math.NaN()
	}
	s.rx = s.ranks(x, s.rx)
	s.ry = s.ranks(y, s.ry)
	return Pearson(s.rx, s.ry)
}

// ranks returns the 1-based ranks of v (ties: the mean of the ranks they
// span) in dst's storage.
func (s *rankScratch) ranks(v []float64, dst []float64) []float64 {
	n := len(v)
	s.idx = grow(s.idx, n)
	for i := range s.idx {
		s.idx[i] = i
	}
	slices.SortFunc(s.idx, func(a, b int) int { return cmp.Compare(v[a], v[b]) })
	dst = grow(dst, n)
	for i := 0; i < n; {
		j := i + 1
		for j < n && v[s.idx[j]] == v[s.idx[i]] {
			j++
		}
		r := float64(i+j+1) / 2 // the mean of ranks i+1 … j
		for k := i; k < j; k++ {
			dst[s.idx[k]] = r
		}
		i = j
	}
	return dst
}

// Pearson returns the Pearson correlation of x and y (gonum's
// stat.Correlation), NaN when either has no spread.
func Pearson(x, y []float64) float64 {
	if len(x) < 2 || noSpread(x) || noSpread(y) {
		return math.NaN()
	}
	return stat.Correlation(x, y, nil)
}

func noSpread(v []float64) bool {
	for _, a := range v[1:] {
		if a != v[0] {
			return false
		}
	}
	return true
}

// AUC returns the area under the ROC curve of score as a predictor of
// pass (pass[i] true): the chance that a passing case scores above a
// failing one, a tie counting half (the Mann–Whitney U over the pairs).
// NaN unless both kinds are present.
func AUC(score []float64, pass []bool) float64 {
	var s rankScratch
	return s.auc(score, pass)
}

func (s *rankScratch) auc(score []float64, pass []bool) float64 {
	s.rx = s.ranks(score, s.rx)
	var rankSum float64
	var np int
	for i, p := range pass {
		if p {
			rankSum += s.rx[i]
			np++
		}
	}
	nf := len(pass) - np
	if np == 0 || nf == 0 {
		return math.NaN()
	}
	return (rankSum - float64(np)*float64(np+1)/2) / (float64(np) * float64(nf))
}

// Threshold returns the score t at which "score ≥ t passes" agrees with
// the verdicts most often, and that accuracy: t is one of the scores, the
// lowest on a tie. NaN, NaN for no cases.
func Threshold(score []float64, pass []bool) (t, accuracy float64) {
	var s rankScratch
	return s.threshold(score, pass)
}

func (s *rankScratch) threshold(score []float64, pass []bool) (float64, float64) {
	n := len(score)
	if n == 0 {
		return math.NaN(), math.NaN()
	}
	s.idx = grow(s.idx, n)
	for i := range s.idx {
		s.idx[i] = i
	}
	slices.SortFunc(s.idx, func(a, b int) int { return cmp.Compare(score[a], score[b]) })
	// At t = the lowest score every case passes: the passes are right.
	right := 0
	for _, p := range pass {
		if p {
			right++
		}
	}
	best, bestT := right, score[s.idx[0]]
	for i := 0; i < n; {
		j := i
		for j < n && score[s.idx[j]] == score[s.idx[i]] {
			if pass[s.idx[j]] {
				right--
			} else {
				right++
			}
			j++
		}
		// The cases below index j now fail: t is the next score.
		if j < n && right > best {
			best, bestT = right, score[s.idx[j]]
		}
		i = j
	}
	return bestT, float64(best) / float64(n)
}

// grow returns s with length n, reusing its storage when it can.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
