package textdist

import (
	"math/bits"
	"slices"
	"strings"
	"unicode/utf8"
)

// Jaro returns the Jaro similarity of a and b over code points, exactly as
// go-edlib's JaroSimilarity computes it (v1.7.0, in float32): two empty
// strings, or one, score 0; equal strings 1; else, with the m code points
// of a each matched to the first unmatched equal code point of b within
// max(len(a), len(b))/2 − 1 positions, and t half the matched pairs out of
// order,
//
//	(m/len(a) + m/len(b) + (m−t)/m) / 3
//
// go-edlib scans the whole window for every code point of a, which takes
// time proportional to the product of the lengths. Jaro finds the same
// matches in linear time: the code points of b that a code point c of a
// can take are the occurrences of c not matched yet, and since both the
// window and the matches of c move only forward, one position per symbol,
// moved forward only, finds each of them. Invalid UTF-8 bytes count as
// one code point each (U+FFFD), as in a conversion to []rune.
func Jaro(a, b string) float32 {
	sim, _ := jaroWork(a, b)
	return sim
}

// JaroWinkler returns go-edlib's JaroWinklerSimilarity of a and b (v1.7.0,
// float32): the Jaro similarity j, raised by the common prefix p of up to
// four code points, j + 0.1·p·(1−j), unless j is 0 or 1. It takes linear
// time (see [Jaro]).
func JaroWinkler(a, b string) float32 {
	j := Jaro(a, b)
	if j == 0 || j == 1 {
		return j
	}
	prefix := 0
	for prefix < 4 && a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			break
		}
		prefix++
		a, b = a[na:], b[nb:]
	}
	return j + 0.1*float32(prefix)*(1-j)
}

// jaroWork returns the Jaro similarity of a and b and the number of
// positions its search visited, the measure of its work.
func jaroWork(a, b string) (float32, int) {
	if a == "" || b == "" {
		return 0, 0
	}
	if a == b {
		return 1, 0
	}
	if isASCII(a) && isASCII(b) {
		return jaroASCII(a, b)
	}
	ra, rb := []rune(a), []rune(b)
	if slices.Equal(ra, rb) { // equal once invalid bytes are U+FFFD
		return 1, 0
	}
	return jaroRunes(ra, rb)
}

// window returns go-edlib's match window of code point i of a: the
// positions lo to hi of b (empty when lo > hi).
func window(i, maxDist, lenB int) (lo, hi int) {
	return max(0, i-maxDist), min(lenB, i+maxDist+1) - 1
}

// jaroASCII is Jaro on two ASCII strings that differ. For each byte value
// c, next[c] is where the search for c resumes: every c before it in b is
// matched already or has left the window for good.
func jaroASCII(a, b string) (float32, int) {
	maxDist := max(len(a), len(b))/2 - 1
	var next [128]int
	flagA := make([]uint64, (len(a)+63)/64)
	flagB := make([]uint64, (len(b)+63)/64)
	matches, work := 0, 0
	for i := 0; i < len(a); i++ {
		lo, hi := window(i, maxDist, len(b))
		c := a[i]
		p := max(next[c], lo)
		if p > hi {
			continue
		}
		k := strings.IndexByte(b[p:hi+1], c)
		if k < 0 {
			work += hi + 1 - p
			next[c] = hi + 1 // no c in [p, hi]
			continue
		}
		work += k + 1
		p += k
		next[c] = p + 1
		flagA[i>>6] |= 1 << (uint(i) & 63)
		flagB[p>>6] |= 1 << (uint(p) & 63)
		matches++
	}
	if matches == 0 {
		return 0, work
	}
	t := transpositions(flagA, flagB, func(i, j int) bool { return a[i] != b[j] })
	return jaroFormula(matches, t, len(a), len(b)), work
}

// jaroRunes is Jaro on two rune slices that differ. Each position of b
// links to the next position holding the same rune, and each rune of b
// has the position where its search resumes.
func jaroRunes(a, b []rune) (float32, int) {
	maxDist := max(len(a), len(b))/2 - 1
	link := make([]int32, len(b)) // the next position of the same rune, -1 for none
	resume := make(map[rune]int32, 64)
	for j := len(b) - 1; j >= 0; j-- {
		if p, ok := resume[b[j]]; ok {
			link[j] = p
		} else {
			link[j] = -1
		}
		resume[b[j]] = int32(j)
	}
	flagA := make([]uint64, (len(a)+63)/64)
	flagB := make([]uint64, (len(b)+63)/64)
	matches, work := 0, 0
	for i, c := range a {
		p, ok := resume[c]
		if !ok || p < 0 {
			continue
		}
		lo, hi := window(i, maxDist, len(b))
		for p >= 0 && int(p) < lo {
			p = link[p]
			work++
		}
		work++
		if p < 0 || int(p) > hi {
			resume[c] = p
			continue
		}
		resume[c] = link[p]
		flagA[i>>6] |= 1 << (uint(i) & 63)
		flagB[p>>6] |= 1 << (uint(p) & 63)
		matches++
	}
	if matches == 0 {
		return 0, work
	}
	t := transpositions(flagA, flagB, func(i, j int) bool { return a[i] != b[j] })
	return jaroFormula(matches, t, len(a), len(b)), work
}

// transpositions counts the matched code points of a that differ from the
// matched code point of b of the same rank (differ reports it for
// positions i of a and j of b).
func transpositions(flagA, flagB []uint64, differ func(i, j int) bool) int {
	t, wb := 0, 0
	fb := flagB[0]
	for wa, w := range flagA {
		for w != 0 {
			i := wa<<6 | bits.TrailingZeros64(w)
			w &= w - 1
			for fb == 0 {
				wb++
				fb = flagB[wb]
			}
			j := wb<<6 | bits.TrailingZeros64(fb)
			fb &= fb - 1
			if differ(i, j) {
				t++
			}
		}
	}
	return t
}

// jaroFormula evaluates go-edlib's float32 expression. Its transposition
// count is a float32 incremented by one, which stops growing at 2²⁴: so is
// this one.
func jaroFormula(matches, transposed, lenA, lenB int) float32 {
	t := float32(min(transposed, 1<<24))
	t /= 2
	return (float32(matches)/float32(lenA) +
		float32(matches)/float32(lenB) +
		(float32(matches)-t)/float32(matches)) / 3.0
}
