package textdist

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"unsafe"
)

// DefaultWork is the work a bounded computation may do when
// [Limits].Work is 0: 2³¹ word operations, where one word operation
// advances 64 cells of the dynamic-programming matrix by one column. It is
// about 3 to 4 seconds of one core of a 2020s machine, half that on two.
//
// For Levenshtein it makes every pair of strings whose lengths m <= n have
// n·⌈m/64⌉ <= 2³¹ exact whatever their distance (two strings of 370,000
// code points, or 1 MB against 140 KB), and longer pairs exact whenever
// their distance d is small enough for a band of the matrix to prove it
// (about d < 2³⁷/n: 137,000 edits between two strings of 1,000,000).
const DefaultWork int64 = 1 << 30

// ErrCanceled is the error of a bounded computation stopped because
// [Limits].Cancel was closed.
var ErrCanceled = errors.New("textdist: canceled")

// Limits bound a computation. The zero value allows DefaultWork and never
// cancels.
type Limits struct {
	// Work is the most word operations the computation may do (see
	// DefaultWork); 0 means DefaultWork.
	Work int64
	// Cancel, once closed, stops the computation, which then returns
	// ErrCanceled. It is looked at about every millisecond of work.
	Cancel <-chan struct{}
}

func (l Limits) work() int64 {
	if l.Work <= 0 {
		return DefaultWork
	}
	return l.Work
}

// canceled reports whether done is closed.
func canceled(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// Bounded is the outcome of a distance computed within [Limits]: the exact
// distance, or, past the limit, an interval that holds it.
type Bounded struct {
	// Lower and Upper bound the distance; they are equal when it is exact.
	// Upper is always the cost of a real alignment of the two strings.
	Lower, Upper int
	// Length is the longer string's length in code points: the divisor of
	// the similarity.
	Length int
	// Work counts the word operations done (see DefaultWork).
	Work int64
}

// Exact reports whether the distance is known exactly.
func (b Bounded) Exact() bool { return b.Lower == b.Upper }

// Score returns the similarity 1 − Upper/Length: exact when b is, and
// otherwise the least the exact similarity can be, the score of the best
// alignment found. Two empty strings score 1.
func (b Bounded) Score() float64 { return ratio(b.Upper, b.Length) }

// High returns the most the exact similarity can be, 1 − Lower/Length.
func (b Bounded) High() float64 { return ratio(b.Lower, b.Length) }

// String describes b, such as "distance 12 of 40" or "distance between
// 186,012 and 882,917 of 1,000,000".
func (b Bounded) String() string {
	if b.Exact() {
		return fmt.Sprintf("distance %s of %s", Thousands(b.Upper), Thousands(b.Length))
	}
	return fmt.Sprintf("distance between %s and %s of %s", Thousands(b.Lower), Thousands(b.Upper), Thousands(b.Length))
}

// Thousands formats n with commas between groups of three digits.
func Thousands(n int) string {
	s := fmt.Sprint(n)
	start := 0
	if n < 0 {
		start = 1
	}
	for i := len(s) - 3; i > start; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// SimilarityWithin is [Similarity] within limits: it returns the
// Levenshtein distance of the NFC forms of a and b, exact when the work it
// needs fits lim.Work (see DefaultWork), else bounded (see
// [LevenshteinWithin]). Its error is ErrCanceled or nil.
func SimilarityWithin(a, b string, lim Limits) (Bounded, error) {
	s := getScratch()
	defer putScratch(s)
	if isASCII(a) && isASCII(b) {
		return distanceWithin(s, bytesOf(a), bytesOf(b), lim)
	}
	s.ra = s.appendNFC(s.ra[:0], a)
	s.rb = s.appendNFC(s.rb[:0], b)
	return distanceWithin(s, s.ra, s.rb, lim)
}

// LevenshteinWithin is [LevenshteinString] within limits: no normalization,
// each invalid UTF-8 byte one code point. The distance is exact when the
// work it needs fits lim.Work. Past it, the result is an interval: Upper is
// the cost of the best alignment found in the widest band of the matrix
// that fits the work (the exact distance whenever an optimal alignment
// stays in that band, which the band proves when Upper is small enough),
// and Lower the best of the lower bounds that band gives, the length
// difference and the q-gram lemma (an edit changes at most q of a string's
// q-grams). Its error is ErrCanceled or nil.
func LevenshteinWithin(a, b string, lim Limits) (Bounded, error) {
	s := getScratch()
	defer putScratch(s)
	if isASCII(a) && isASCII(b) {
		return distanceWithin(s, bytesOf(a), bytesOf(b), lim)
	}
	s.ra = appendRunes(s.ra[:0], a)
	s.rb = appendRunes(s.rb[:0], b)
	return distanceWithin(s, s.ra, s.rb, lim)
}

// LevenshteinRunesWithin is [Levenshtein] within limits, as
// [LevenshteinWithin].
func LevenshteinRunesWithin(a, b []rune, lim Limits) (Bounded, error) {
	s := getScratch()
	defer putScratch(s)
	return distanceWithin(s, a, b, lim)
}

// bytesOf returns the bytes of str without copying them. The kernels only
// read their input, so the string's memory stays as immutable as Go wants
// it; long strings are not copied for nothing.
func bytesOf(str string) []byte { return unsafe.Slice(unsafe.StringData(str), len(str)) }

// splitWork is the work past which a computation is split in two halves
// (see runSplit); below it a second goroutine costs more than it saves.
// Tests lower it to cover the split.
var splitWork int64 = 1 << 22

// distanceWithin computes the bounded Levenshtein distance of a and b.
func distanceWithin[E symbol](s *scratch, a, b []E, lim Limits) (Bounded, error) {
	res := Bounded{Length: max(len(a), len(b))}
	a, b = trimCommon(a, b)
	if len(a) > len(b) {
		a, b = b, a
	}
	m, n := len(a), len(b)
	if m == 0 {
		res.Lower, res.Upper = n, n
		return res, nil
	}
	W := lim.work()
	if m <= 64 {
		// Linear in n: always exact.
		build(&s.peq, a)
		d, err := kernel64Within(&s.peq, m, b, lim.Cancel)
		res.Lower, res.Upper, res.Work = d, d, int64(n)
		return res, err
	}
	words := (m + 63) >> 6
	// cost bounds the work of a band: the columns of both halves of a
	// split, at most n + width + 2, times the blocks per column.
	cost := func(bd band) int64 {
		w := bd.width()
		return int64(n+w+2) * int64(blocksPerColumn(w, words))
	}

	// A greedy alignment bounds the distance; when the band it allows fits
	// the work, the distance comes out exact in one run.
	kg := upperBound(a, b, int(min(int64(words)*int64(n)/16, W/16)))
	if bd := diagonal(m, n, kg); cost(bd) <= W {
		out, err := runKernel(s, a, b, bd, lim.Cancel)
		d := min(out.score, out.bound, kg)
		res.Lower, res.Upper, res.Work = d, d, out.work
		return res, err
	}
	// Else bands of growing width, each proving the distance when it is
	// below the band's bound, until the work is spent: the last band is
	// the widest the rest allows, diagonal when it can be as wide as the
	// length difference, else along the proportional line.
	widest := func(rest int64) (band, bool) {
		lo, hi := 0, 64*words+64 // the widest width that fits
		for lo < hi {
			mid := (lo + hi + 1) / 2
			if int64(n+mid+2)*int64(blocksPerColumn(mid, words)) <= rest {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		switch {
		case lo < 4:
			return band{}, false
		case lo-1 >= n-m:
			return diagonal(m, n, lo-1), true
		}
		return proportional(m, n, (lo-3)/2), true
	}
	res.Upper = kg
	floor := n - m // the lower bound so far
	for width := max(1024, n-m+1); ; width *= 4 {
		rest := W - res.Work
		bd := diagonal(m, n, width-1)
		last := cost(bd) > rest/4
		if last {
			var ok bool
			if bd, ok = widest(rest); !ok {
				break
			}
		}
		out, err := runKernel(s, a, b, bd, lim.Cancel)
		res.Work += out.work
		if err != nil {
			return res, err
		}
		res.Upper = min(res.Upper, out.score, out.bound)
		if res.Upper <= bd.leave() {
			res.Lower = res.Upper
			return res, nil
		}
		floor = max(floor, bd.leave())
		if last {
			break
		}
	}
	lb, err := lowerBound(a, b, floor, lim.Cancel)
	res.Lower = min(lb, res.Upper)
	return res, err
}

// kernel64Within runs kernel64, looking at done between stretches of
// checkEvery symbols.
func kernel64Within[E symbol](pt *peqTable, m int, t []E, done <-chan struct{}) (int, error) {
	vp, vn, dist := ^uint64(0), uint64(0), m
	for len(t) > 0 {
		part := t[:min(len(t), checkEvery)]
		t = t[len(part):]
		vp, vn, dist = kernel64From(pt, m, part, vp, vn, dist)
		if done != nil && canceled(done) {
			return 0, ErrCanceled
		}
	}
	return dist, nil
}

// runKernel computes the band bd of a (the pattern, m > 64 symbols)
// against b: in one pass, or, when the band is large, in two halves (see
// runSplit). Which of the two is chosen depends only on the strings and
// the band, never on the machine, so that a bounded result is the same
// everywhere.
func runKernel[E symbol](s *scratch, a, b []E, bd band, done <-chan struct{}) (kernelOut, error) {
	m, n := len(a), len(b)
	words := (m + 63) >> 6
	if words < 8 || int64(n)*int64(blocksPerColumn(bd.width(), words)) < splitWork {
		build(&s.peq, a)
		return runBand(s, m, b, bd, nil, done)
	}
	return runSplit(s, a, b, bd, done)
}

// runSplit computes the band bd in two halves that can run on two cores,
// as Hirschberg splits the matrix: the first half of the pattern against
// the text gives row h of the matrix, D[h][j] for every column j; the
// second half, reversed, against the reversed text gives the cost of going
// on from (h, j) to the corner; the distance is the least sum over j. Each
// half narrows its own band from what it sees alone, so the result does not
// depend on how the two run.
func runSplit[E symbol](s *scratch, a, b []E, bd band, done <-chan struct{}) (kernelOut, error) {
	m, n := len(a), len(b)
	h := m / 2
	// Only the columns where the band crosses the halves' last rows.
	fwd, rev := bd.crossing(h), bd.crossing(m-h)
	if h <= bd.hi(0) {
		fwd.set(0, h)
	}
	if m-h <= bd.hi(0) {
		rev.set(0, m-h)
	}
	ra := slices.Clone(a[h:])
	slices.Reverse(ra)
	rb := slices.Clone(b)
	slices.Reverse(rb)

	var back kernelOut
	var backErr error
	second := func() {
		s2 := getScratch()
		build(&s2.peq, ra)
		back, backErr = runBand(s2, m-h, rb, bd, &rev, done)
		putScratch(s2)
	}
	var wg sync.WaitGroup
	if runtime.GOMAXPROCS(0) > 1 {
		wg.Go(second)
	} else {
		second()
	}
	build(&s.peq, a[:h])
	out, err := runBand(s, h, b, bd, &fwd, done)
	wg.Wait()
	out.work += back.work
	out.bound = min(out.bound, back.bound)
	if err == nil {
		err = backErr
	}
	if err != nil {
		return out, err
	}
	best := math.MaxInt
	for j := fwd.from; j < fwd.from+len(fwd.vals); j++ {
		f, okF := fwd.get(j)
		r, okR := rev.get(n - j)
		if okF && okR {
			best = min(best, int(f)+int(r))
		}
	}
	if best == math.MaxInt {
		best = n // not reached: the band crosses row h; n bounds any distance
	}
	out.score = best
	return out, nil
}
