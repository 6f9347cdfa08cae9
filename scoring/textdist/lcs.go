package textdist

import (
	"fmt"
	"math/bits"
)

// CommonSubsequence is the outcome of [LCSWithin]: the length of the
// longest common subsequence, exact or, past the limit, bounded.
type CommonSubsequence struct {
	// Lower and Upper bound the length; they are equal when it is exact.
	// Lower is always the length of a real common subsequence.
	Lower, Upper int
	// Work counts the word operations done (see DefaultWork).
	Work int64
}

// Exact reports whether the length is known exactly.
func (c CommonSubsequence) Exact() bool { return c.Lower == c.Upper }

// String describes c, such as "LCS 12" or "LCS between 10 and 14".
func (c CommonSubsequence) String() string {
	if c.Exact() {
		return "LCS " + Thousands(c.Upper)
	}
	return fmt.Sprintf("LCS between %s and %s", Thousands(c.Lower), Thousands(c.Upper))
}

// LCSWithin returns the length of the longest common subsequence of a and
// b (any symbols: ROUGE-L passes token numbers), by the bit-parallel
// algorithm of Allison and Dix (1986) in Hyyrö's form (2004): ⌈m/64⌉ word
// operations per symbol of the other sequence, for the shorter length m.
// When that exceeds lim.Work the result is bounded: both sequences are cut
// into the fewest pieces at proportional places whose piecewise LCS fits
// the work, and the sum of the pieces' LCS is a common subsequence (the
// lower bound); the upper bound is the number of symbols the two have in
// common, counted with multiplicity. Its error is ErrCanceled or nil.
func LCSWithin(a, b []rune, lim Limits) (CommonSubsequence, error) {
	if len(a) > len(b) {
		a, b = b, a
	}
	m, n := len(a), len(b)
	if m == 0 {
		return CommonSubsequence{}, nil
	}
	W := lim.work()
	s := getScratch()
	defer putScratch(s)
	if full := int64(n) * int64((m+63)>>6); full <= W {
		l, err := lcsKernel(s, a, b, lim.Cancel)
		return CommonSubsequence{Lower: l, Upper: l, Work: full}, err
	}
	// The fewest pieces whose work fits: k pieces cost about
	// n·(m/k/64 + 1) together.
	var res CommonSubsequence
	k := 2
	for ; k < m; k++ {
		if int64(n)*int64((m/k+63)/64+1) <= W {
			break
		}
	}
	for i := range k {
		pa := a[m*i/k : m*(i+1)/k]
		pb := b[n*i/k : n*(i+1)/k]
		if len(pa) == 0 || len(pb) == 0 {
			continue
		}
		if len(pa) > len(pb) {
			pa, pb = pb, pa
		}
		l, err := lcsKernel(s, pa, pb, lim.Cancel)
		res.Work += int64(len(pb)) * int64((len(pa)+63)>>6)
		if err != nil {
			return res, err
		}
		res.Lower += l
	}
	res.Upper = max(res.Lower, commonSymbols(a, b))
	return res, nil
}

// commonSymbols returns the size of the multiset intersection of a and b.
func commonSymbols(a, b []rune) int {
	count := make(map[rune]int32, 256)
	for _, c := range a {
		count[c]++
	}
	common := 0
	for _, c := range b {
		if count[c] > 0 {
			count[c]--
			common++
		}
	}
	return common
}

// lcsKernel returns the length of the longest common subsequence of the
// pattern p (not empty) and the text t. Column vector V has a 0 bit for
// each row where the LCS of the prefixes grows; for each text symbol,
// with U = V & Peq[c], V' = (V + U) | (V − U), the addition carrying from
// word to word.
func lcsKernel(s *scratch, p, t []rune, done <-chan struct{}) (int, error) {
	build(&s.peq, p)
	pt := &s.peq
	words := pt.words
	m := len(p)
	if words == 1 {
		v := ^uint64(0)
		for j, c := range t {
			var eq uint64
			if uint32(c) < 256 {
				eq = pt.tiny[uint8(c)]
			} else {
				eq = pt.eqWide(c)
			}
			u := v & eq
			v = (v + u) | (v - u)
			if j&(checkEvery-1) == checkEvery-1 && canceled(done) {
				return 0, ErrCanceled
			}
		}
		return m - bits.OnesCount64(v<<(64-uint(m))), nil
	}
	s.vecs = grow(s.vecs, words)
	v := s.vecs // vp holds V
	for i := range v {
		v[i].vp = ^uint64(0)
	}
	if pt.sparse {
		s.colA = grow(s.colA, words)
		clear(s.colA)
	}
	every := max(1, checkEvery/words)
	for j, c := range t {
		eq, ents := match(pt, c, s.colA, 0, words-1)
		var carry uint64
		for k := range v {
			x := v[k].vp
			u := x & eq[k]
			var sum uint64
			sum, carry = bits.Add64(x, u, carry)
			v[k].vp = sum | (x &^ eq[k])
		}
		unscatter(s.colA, ents)
		if j%every == every-1 && canceled(done) {
			return 0, ErrCanceled
		}
	}
	ones := 0
	for k := 0; k < words-1; k++ {
		ones += bits.OnesCount64(v[k].vp)
	}
	last := uint(m - 64*(words-1)) // rows in the last word
	ones += bits.OnesCount64(v[words-1].vp << (64 - last))
	return m - ones, nil
}
