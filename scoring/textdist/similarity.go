package textdist

import "golang.org/x/text/unicode/norm"

// Similarity scores how alike a and b are, by the string rule of jsontui's
// default metric:
//
//	1 - Levenshtein(a, b) / max(len(a), len(b))
//
// where both strings are first put in Unicode Normalization Form C (NFC)
// and lengths count code points. The result lies in [0, 1]; two empty
// strings score 1. For example "pepperoni" and "peppers" score 1 - 3/9, and
// "é" (U+00E9) and "e\u0301" score 1, since they are canonically
// equivalent.
//
// ASCII input, which is always in NFC, skips normalization and is compared
// byte by byte. Similarity makes no heap allocations in steady state.
func Similarity(a, b string) float64 {
	s := getScratch()
	var d, la, lb int
	if isASCII(a) && isASCII(b) {
		la, lb = len(a), len(b)
		d = levString(s, a, b)
	} else {
		s.ra = s.appendNFC(s.ra[:0], a)
		s.rb = s.appendNFC(s.rb[:0], b)
		la, lb = len(s.ra), len(s.rb)
		x, y := trimCommon(s.ra, s.rb)
		if len(x) == 0 || len(y) == 0 {
			d = len(x) + len(y)
		} else {
			d = distance(s, x, y)
		}
	}
	putScratch(s)
	return ratio(d, max(la, lb))
}

// ratio returns 1 - d/n, and 1 when n is 0.
func ratio(d, n int) float64 {
	if n == 0 {
		return 1
	}
	return 1 - float64(d)/float64(n)
}

// appendNFC appends the code points of the NFC form of str to dst.
func (s *scratch) appendNFC(dst []rune, str string) []rune {
	// QuickSpanString, unlike IsNormalString, never allocates; it can
	// stop short of the end of a normal string, which only costs the
	// iteration below.
	if norm.NFC.QuickSpanString(str) == len(str) {
		return appendRunes(dst, str)
	}
	// norm.Iter yields the normal form a segment at a time, in its own
	// buffer, without allocating; it lives in the pooled scratch.
	s.iter.InitString(norm.NFC, str)
	for !s.iter.Done() {
		seg := s.iter.Next()
		for _, r := range string(seg) { // no copy: the conversion is only ranged over
			dst = append(dst, r)
		}
	}
	return dst
}
