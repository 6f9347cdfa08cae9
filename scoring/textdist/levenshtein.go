package textdist

import "unicode/utf8"

// Levenshtein returns the Levenshtein distance between a and b: the least
// number of single code point insertions, deletions and substitutions that
// turn a into b.
//
// It strips the common prefix and suffix, then runs the bit-parallel
// algorithm of Myers and Hyyrö with the shorter remainder as the pattern,
// in O(⌈m/64⌉·n) time for remainders of lengths m ≤ n, restricted to the
// band of the matrix an optimal alignment can cross: for close strings the
// time is closer to O(⌈d/64⌉·n) for a distance d. It makes no heap
// allocations in steady state.
func Levenshtein(a, b []rune) int {
	s := getScratch()
	d := distance(s, a, b)
	putScratch(s)
	return d
}

// LevenshteinString is [Levenshtein] over the code points of the UTF-8
// strings a and b; each invalid UTF-8 byte counts as one code point
// (U+FFFD), as in a conversion to []rune. When both strings are ASCII it
// works on the bytes directly. It makes no heap allocations in steady state.
//
// No normalization is applied; see [Similarity].
func LevenshteinString(a, b string) int {
	s := getScratch()
	d := levString(s, a, b)
	putScratch(s)
	return d
}

// levString computes LevenshteinString with the given scratch.
func levString(s *scratch, a, b string) int {
	if isASCII(a) && isASCII(b) {
		// Copying into scratch is cheap next to the distance itself.
		s.ba = append(s.ba[:0], a...)
		s.bb = append(s.bb[:0], b...)
		return distance(s, s.ba, s.bb)
	}
	s.ra = appendRunes(s.ra[:0], a)
	s.rb = appendRunes(s.rb[:0], b)
	return distance(s, s.ra, s.rb)
}

// distance returns the Levenshtein distance between a and b.
func distance[E symbol](s *scratch, a, b []E) int {
	a, b = trimCommon(a, b)
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(a) == 0 {
		return len(b)
	}
	build(&s.peq, a)
	if len(a) <= 64 {
		return kernel64(&s.peq, len(a), b)
	}
	// A close bound pays off when the band can leave out many of the
	// pattern's words; let looking for one cost a sixteenth of the full
	// computation at most.
	k := len(b)
	if words := s.peq.words; words >= 4 {
		k = upperBound(a, b, words*len(b)/16)
	}
	out, _ := runBand(s, len(a), b, diagonal(len(a), len(b), k), nil, nil)
	return out.score
}

// trimCommon removes the common prefix and suffix of a and b.
func trimCommon[E symbol](a, b []E) ([]E, []E) {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	a, b = a[i:], b[i:]
	n -= i
	j := 0
	for j < n && a[len(a)-1-j] == b[len(b)-1-j] {
		j++
	}
	return a[:len(a)-j], b[:len(b)-j]
}

// isASCII reports whether s consists of ASCII bytes only.
func isASCII(s string) bool {
	var or byte
	for i := 0; i < len(s); i++ {
		or |= s[i]
	}
	return or < utf8.RuneSelf
}

// appendRunes appends the code points of s to dst, decoding invalid UTF-8
// bytes as U+FFFD one byte at a time, like []rune(s).
func appendRunes(dst []rune, s string) []rune {
	for _, r := range s {
		dst = append(dst, r)
	}
	return dst
}
