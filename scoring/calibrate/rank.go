package calibrate

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/stat"
)

// sample is a set of pairs (x, y) sorted once, so that a statistic of a
// bootstrap resample of it (each pair taken cnt[i] times) costs a pass
// over it, not a sort: Kendall's τ-b alone sorts again, by merging.
type sample struct {
	x, y []float64
	byXY []int32 // the pairs by x, then y
	byY  []int32 // by y; made on first use
	// scratch
	ys, buf []float64
	rx, ry  []float64
	w       []float64
}

type xyi struct {
	x, y float64
	i    int32
}

// newSample sorts the pairs of x and y (neither holds a NaN).
func newSample(x, y []float64) *sample {
	s := &sample{x: x, y: y}
	p := make([]xyi, len(x))
	for i := range x {
		p[i] = xyi{x[i], y[i], int32(i)}
	}
	slices.SortFunc(p, func(a, b xyi) int {
		switch {
		case a.x < b.x:
			return -1
		case a.x > b.x:
			return 1
		case a.y < b.y:
			return -1
		case a.y > b.y:
			return 1
		}
		return 0
	})
	s.byXY = make([]int32, len(p))
	for k := range p {
		s.byXY[k] = p[k].i
	}
	return s
}

// sortedY returns the pairs by y.
func (s *sample) sortedY() []int32 {
	if s.byY == nil {
		s.byY = make([]int32, len(s.y))
		for i := range s.byY {
			s.byY[i] = int32(i)
		}
		y := s.y
		slices.SortFunc(s.byY, func(a, b int32) int {
			switch {
			case y[a] < y[b]:
				return -1
			case y[a] > y[b]:
				return 1
			}
			return 0
		})
	}
	return s.byY
}

// count returns how many times pair i is taken: cnt[i], or 1 when cnt
// is nil.
func count(cnt []int32, i int32) int {
	if cnt == nil {
		return 1
	}
	return int(cnt[i])
}

// KendallTauB returns Kendall's τ-b between x and y, ties in either
// counted as τ-b counts them, by Knight's O(n log n) algorithm: sort the
// pairs by x then y, count the ties, then count the discordant pairs as
// the swaps a merge sort by y makes. It is NaN when fewer than two pairs
// are given or when either side has no spread.
func KendallTauB(x, y []float64) float64 { return newSample(x, y).kendall(nil) }

func (s *sample) kendall(cnt []int32) float64 {
	x, y, p := s.x, s.y, s.byXY
	var xTies, jointTies float64
	s.ys = s.ys[:0]
	for i := 0; i < len(p); {
		j, tx := i, 0
		for j < len(p) && x[p[j]] == x[p[i]] {
			k, tj := j, 0
			for k < len(p) && x[p[k]] == x[p[i]] && y[p[k]] == y[p[j]] {
				c := count(cnt, p[k])
				for range c {
					s.ys = append(s.ys, y[p[k]])
				}
				tj += c
				k++
			}
			jointTies += pairsOf(tj)
			tx += tj
			j = k
		}
		xTies += pairsOf(tx)
		i = j
	}
	n := len(s.ys)
	if n < 2 {
		return math.NaN()
	}
	s.buf = grow(s.buf, n)
	swaps := mergeCount(s.ys, s.buf)
	var yTies float64
	for i := 0; i < n; {
		j := i + 1
		for j < n && s.ys[j] == s.ys[i] {
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
	// Rounding may carry a perfect agreement past ±1.
	return max(-1, min(1, concMinusDisc/math.Sqrt(total-xTies)/math.Sqrt(total-yTies)))
}

// pairsOf returns n(n-1)/2.
func pairsOf(n int) float64 { return float64(n) * float64(n-1) / 2 }

// mergeCount sorts v (bottom-up merge sort) and returns the number of
// pairs it put in order that were strictly out of order.
func mergeCount(v, buf []float64) float64 {
	n := len(v)
	var swaps float64
	src, dst := v, buf
	for width := 1; width < n; width *= 2 {
		for lo := 0; lo < n; lo += 2 * width {
			mid, hi := min(lo+width, n), min(lo+2*width, n)
			i, j, k := lo, mid, lo
			for i < mid && j < hi {
				if src[j] < src[i] {
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
	if n > 0 && &src[0] != &v[0] {
		copy(v, src)
	}
	return swaps
}

// ranks fills r (by pair) with the 1-based ranks of v over the pairs in
// order ord (v sorted), pair i taken cnt[i] times: tied values take the
// mean of the ranks they span. It returns r and the number of pairs.
func ranks(v []float64, ord []int32, cnt []int32, r []float64) ([]float64, int) {
	r = grow(r, len(v))
	pos := 0
	for i := 0; i < len(ord); {
		j, t := i, 0
		for j < len(ord) && v[ord[j]] == v[ord[i]] {
			t += count(cnt, ord[j])
			j++
		}
		mean := float64(pos) + float64(t+1)/2
		for k := i; k < j; k++ {
			r[ord[k]] = mean
		}
		pos += t
		i = j
	}
	return r, pos
}

// weights returns cnt as gonum's weights, nil for nil.
func (s *sample) weights(cnt []int32) []float64 {
	if cnt == nil {
		return nil
	}
	s.w = grow(s.w, len(cnt))
	for i, c := range cnt {
		s.w[i] = float64(c)
	}
	return s.w
}

// Spearman returns Spearman's rank correlation between x and y: the
// Pearson correlation of their ranks, tied values taking the mean of the
// ranks they span. NaN when either side has no spread.
func Spearman(x, y []float64) float64 { return newSample(x, y).spearman(nil) }

func (s *sample) spearman(cnt []int32) float64 {
	s.rx, _ = ranks(s.x, s.byXY, cnt, s.rx)
	s.ry, _ = ranks(s.y, s.sortedY(), cnt, s.ry)
	return s.correlation(s.rx, s.ry, cnt)
}

// Pearson returns the Pearson correlation of x and y (gonum's
// stat.Correlation), NaN when either has no spread.
func Pearson(x, y []float64) float64 { return newSample(x, y).correlation(x, y, nil) }

func (s *sample) pearson(cnt []int32) float64 { return s.correlation(s.x, s.y, cnt) }

// correlation returns the Pearson correlation of a and b, pair i taken
// cnt[i] times; NaN when either has no spread among the pairs taken.
func (s *sample) correlation(a, b []float64, cnt []int32) float64 {
	if noSpread(a, cnt) || noSpread(b, cnt) {
		return math.NaN()
	}
	return stat.Correlation(a, b, s.weights(cnt))
}

// noSpread reports whether the values taken are all one.
func noSpread(v []float64, cnt []int32) bool {
	first := math.NaN()
	for i, a := range v {
		if cnt != nil && cnt[i] == 0 {
			continue
		}
		if first != first {
			first = a
		} else if a != first {
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
	return newSample(score, verdictValues(pass)).auc(nil)
}

func verdictValues(pass []bool) []float64 {
	v := make([]float64, len(pass))
	for i, p := range pass {
		if p {
			v[i] = 1
		}
	}
	return v
}

// auc is AUC of x for the verdicts y (1 for pass).
func (s *sample) auc(cnt []int32) float64 {
	s.rx, _ = ranks(s.x, s.byXY, cnt, s.rx)
	var rankSum, np, nf float64
	for i, r := range s.rx {
		c := float64(count(cnt, int32(i)))
		if s.y[i] == 1 {
			rankSum += c * r
			np += c
		} else {
			nf += c
		}
	}
	if np == 0 || nf == 0 {
		return math.NaN()
	}
	return (rankSum - np*(np+1)/2) / (np * nf)
}

// Threshold returns the score t at which "score ≥ t passes" agrees with
// the verdicts most often, and that accuracy: t is one of the scores, the
// lowest on a tie. NaN, NaN for no cases.
func Threshold(score []float64, pass []bool) (t, accuracy float64) {
	return newSample(score, verdictValues(pass)).threshold(nil)
}

func (s *sample) threshold(cnt []int32) (float64, float64) {
	x, p := s.x, s.byXY
	// At t = the lowest score every case passes: the passes are right.
	right, n := 0, 0
	for i := range x {
		c := count(cnt, int32(i))
		n += c
		if s.y[i] == 1 {
			right += c
		}
	}
	if n == 0 {
		return math.NaN(), math.NaN()
	}
	best, bestT := right, math.NaN()
	for i := 0; i < len(p); {
		j := i
		taken := false
		for j < len(p) && x[p[j]] == x[p[i]] {
			c := count(cnt, p[j])
			taken = taken || c > 0
			if s.y[p[j]] == 1 {
				right -= c
			} else {
				right += c
			}
			j++
		}
		if taken && bestT != bestT {
			bestT = x[p[i]] // the lowest score taken
		}
		// The cases below index j now fail: t is the next score taken.
		for j < len(p) && count(cnt, p[j]) == 0 {
			j++
		}
		if j < len(p) && right > best {
			best, bestT = right, x[p[j]]
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
