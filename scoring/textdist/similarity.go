package textdist

import (
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

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
		d = distance(s, s.ra, s.rb)
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

// appendNFC appends the code points of the NFC form of str to dst. Invalid
// UTF-8 bytes are first read as U+FFFD, one per byte, as everywhere else in
// this package.
func (s *scratch) appendNFC(dst []rune, str string) []rune {
	if !utf8.ValidString(str) {
		// norm.Iter can stop making progress on invalid UTF-8 (x/text
		// v0.21.0 loops forever on "Ḇ\xf3̱"), so give it valid input.
		s.valid = s.valid[:0]
		for _, r := range str {
			s.valid = utf8.AppendRune(s.valid, r)
		}
		s.iter.Init(norm.NFC, s.valid)
		return appendIter(dst, &s.iter)
	}
	// QuickSpanString, unlike IsNormalString, never allocates; it can stop
	// short of the end of a normal string, which only costs the iteration
	// below.
	if norm.NFC.QuickSpanString(str) == len(str) {
		return appendRunes(dst, str)
	}
	s.iter.InitString(norm.NFC, str)
	return appendIter(dst, &s.iter)
}

// appendIter appends the code points it yields to dst. norm.Iter works a
// segment at a time in its own buffer and does not allocate; it lives in
// the pooled scratch.
func appendIter(dst []rune, it *norm.Iter) []rune {
	for !it.Done() {
		for _, r := range string(it.Next()) { // no copy: only ranged over
			dst = append(dst, r)
		}
	}
	it.InitString(norm.NFC, "") // let go of the input
	return dst
}
