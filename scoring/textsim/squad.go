// Package textsim holds the token-level text measures jsontui borrows from
// NLP evaluators — exact match and token F1 (SQuAD), sentence BLEU
// (sacreBLEU), ROUGE-N and ROUGE-L (Google's rouge-score) — and the
// string normalizations and comparators its metrics use.
//
// Each measure reproduces the reference implementation it names, down to
// the tokenization, so that its figures match what people run in Python;
// the doc comment of each says which one.
package textsim

import (
	"strings"
	"unicode"
)

// SQuADNormalize normalizes an answer as the official SQuAD evaluation
// script does (evaluate-v2.0.py, normalize_answer; the same as v1.1's):
// lower-case, remove ASCII punctuation (Python's string.punctuation),
// remove the articles "a", "an" and "the" as whole words, and collapse
// whitespace to single spaces.
func SQuADNormalize(s string) string {
	s = strings.ToLower(s)
	s = strings.Map(func(r rune) rune {
		if r < 0x80 && isASCIIPunct(byte(r)) {
			return -1
		}
		return r
	}, s)
	s = removeArticles(s)
	return strings.Join(PyFields(s), " ")
}

// isASCIIPunct reports whether c is in Python's string.punctuation:
// !"#$%&'()*+,-./:;<=>?@[\]^_`{|}~
func isASCIIPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}

// removeArticles replaces each whole word "a", "an" or "the" with a space,
// as re.sub(r"\b(a|an|the)\b", " ", s) does: a word is a run of Python's
// word characters (letters, numbers and the underscore).
func removeArticles(s string) string {
	var b strings.Builder
	start := -1 // start of the current word, -1 outside one
	flush := func(end int) {
		w := s[start:end]
		if w == "a" || w == "an" || w == "the" {
			b.WriteByte(' ')
		} else {
			b.WriteString(w)
		}
	}
	for i, r := range s {
		if isWordRune(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			flush(i)
			start = -1
		}
		b.WriteRune(r)
	}
	if start >= 0 {
		flush(len(s))
	}
	return b.String()
}

// isWordRune reports whether r is a word character of Python's re module
// for str patterns: alphanumeric (Unicode letters and numbers) or '_'.
func isWordRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r)
}

// PyFields splits s around runs of whitespace as Python's str.split()
// does: Unicode white space, and the ASCII separators U+001C to U+001F.
func PyFields(s string) []string {
	return strings.FieldsFunc(s, IsPySpace)
}

// IsPySpace reports whether Python's str.isspace holds for r.
func IsPySpace(r rune) bool {
	return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f
}

// ExactMatch is SQuAD's exact match (compute_exact): 1 when both texts
// normalize (SQuADNormalize) to the same string, else 0.
func ExactMatch(ref, out string) float64 {
	if SQuADNormalize(ref) == SQuADNormalize(out) {
		return 1
	}
	return 0
}

// TokenF1 is SQuAD's token F1 (evaluate-v2.0.py, compute_f1): the
// harmonic mean of precision and recall of the multiset of normalized
// whitespace tokens. When either side has no token, it is 1 if both have
// none, else 0.
func TokenF1(ref, out string) float64 {
	gold := PyFields(SQuADNormalize(ref))
	pred := PyFields(SQuADNormalize(out))
	if len(gold) == 0 || len(pred) == 0 {
		if len(gold) == len(pred) {
			return 1
		}
		return 0
	}
	counts := make(map[string]int, len(gold))
	for _, g := range gold {
		counts[g]++
	}
	same := 0
	for _, p := range pred {
		if counts[p] > 0 {
			counts[p]--
			same++
		}
	}
	if same == 0 {
		return 0
	}
	precision := float64(same) / float64(len(pred))
	recall := float64(same) / float64(len(gold))
	return 2 * precision * recall / (precision + recall)
}
