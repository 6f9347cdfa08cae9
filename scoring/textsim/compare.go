package textsim

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/jsontui/jsontui/scoring/textdist"
)

// Comparator scores two strings (reference, output) in [0, 1] within
// the limits lim: exactly, or, past the measure's limit, with an interval
// (see Outcome). Its error is textdist.ErrCanceled when lim.Cancel was
// closed, else nil.
type Comparator func(ref, out string, lim textdist.Limits) (Outcome, error)

// Outcome is a comparator's verdict on two strings.
type Outcome struct {
	// Score is the score in [0, 1]: exact, or, past the measure's limit,
	// the least the exact score can be, the score of the alignment or
	// common subsequence found.
	Score float64
	// High is the most the exact score can be; Score when exact.
	High float64
	// Detail says, when the score is not exact, what was bounded and
	// why, for a warning; "" when exact.
	Detail string
}

// Exact reports whether the score is exact.
func (o Outcome) Exact() bool { return o.Detail == "" }

// exactly returns the outcome of an exact score.
func exactly(s float64) Outcome { return Outcome{Score: s, High: s} }

// ComparatorNames lists the string comparators by name, the default first.
var ComparatorNames = []string{"levenshtein", "damerau", "jaro-winkler", "exact", "token-f1", "bleu", "rouge-l"}

// MaxDamerauCells bounds the damerau comparator's exact computation: the
// unrestricted Damerau–Levenshtein distance of two strings of m and n code
// points needs an (m+2)×(n+2) matrix of 4-byte cells (16M cells: 64 MiB).
// Past it the distance is bounded by Levenshtein's, from below by half
// the Levenshtein distance (a transposition is two Levenshtein edits) and
// from above by the Levenshtein distance (every Levenshtein script is a
// Damerau one).
const MaxDamerauCells = 1 << 24

// LookupComparator returns the comparator of that name:
//
//   - levenshtein: 1 − Levenshtein/max length over code points after NFC
//     (jsondiff's rule, docs/scoring.md), exact up to textdist.DefaultWork
//     and bounded past it (textdist.SimilarityWithin);
//   - damerau: the same with the unrestricted Damerau–Levenshtein
//     distance (adjacent transpositions cost 1), exact up to
//     MaxDamerauCells and bounded past it;
//   - jaro-winkler: go-edlib's JaroWinklerSimilarity (prefix scale 0.1,
//     prefix up to 4; computed in float32), reproduced in linear time by
//     textdist.JaroWinkler, always exact;
//   - exact: 1 when equal, else 0;
//   - token-f1: SQuAD token F1 (TokenF1), linear;
//   - bleu: sentence BLEU (BLEU), linear;
//   - rouge-l: ROUGE-L F-measure (RougeL), exact up to
//     textdist.DefaultWork and bounded past it.
//
// Every comparator scores two equal strings 1 (two empty ones included).
func LookupComparator(name string) (Comparator, error) {
	var c Comparator
	switch name {
	case "levenshtein", "":
		c = levenshtein
	case "damerau":
		c = damerau
	case "jaro-winkler":
		c = func(a, b string, _ textdist.Limits) (Outcome, error) {
			return exactly(float64(textdist.JaroWinkler(a, b))), nil
		}
	case "exact":
		c = func(a, b string, _ textdist.Limits) (Outcome, error) { return exactly(0), nil }
	case "token-f1":
		c = func(a, b string, _ textdist.Limits) (Outcome, error) { return exactly(TokenF1(a, b)), nil }
	case "bleu":
		c = func(a, b string, _ textdist.Limits) (Outcome, error) { return exactly(BLEU(a, b)), nil }
	case "rouge-l":
		c = RougeL
	default:
		return nil, fmt.Errorf("unknown string comparator %q: use %s", name, strings.Join(ComparatorNames, ", "))
	}
	return func(a, b string, lim textdist.Limits) (Outcome, error) {
		if a == b {
			return exactly(1), nil
		}
		o, err := c(a, b, lim)
		o.Score, o.High = clamp01(o.Score), clamp01(o.High)
		return o, err
	}, nil
}

func clamp01(s float64) float64 { return min(max(s, 0), 1) }

// levenshtein is 1 − Levenshtein/max length over code points after NFC,
// bounded past the work limit.
func levenshtein(a, b string, lim textdist.Limits) (Outcome, error) {
	d, err := textdist.SimilarityWithin(a, b, lim)
	if err != nil {
		return Outcome{}, err
	}
	return DistanceOutcome("levenshtein", d, d.Lower, d.Upper), nil
}

// DistanceOutcome returns the outcome 1 − distance/d.Length of a distance
// known to lie in [lower, upper], where d is the Levenshtein computation
// the bounds come from, for the measure named: exact when they are equal,
// else the interval's ends, with a detail naming the measure, the lengths,
// the interval and the work limit.
func DistanceOutcome(measure string, d textdist.Bounded, lower, upper int) Outcome {
	o := Outcome{Score: ratio(upper, d.Length), High: ratio(lower, d.Length)}
	if lower != upper {
		o.Detail = fmt.Sprintf("%s on a string of %s code points is past its exact limit: "+
			"distance between %s and %s, so the score lies between %s and %s (the lower end is given)",
			measure, textdist.Thousands(d.Length), textdist.Thousands(lower), textdist.Thousands(upper), fig(o.Score), fig(o.High))
	}
	return o
}

// ratio returns 1 − d/n, and 1 when n is 0.
func ratio(d, n int) float64 {
	if n == 0 {
		return 1
	}
	return 1 - float64(d)/float64(n)
}

// fig formats a score for a message.
func fig(s float64) string { return strconv.FormatFloat(s, 'f', 6, 64) }

// damerau is 1 − DamerauLevenshtein/max length over code points after
// NFC; past MaxDamerauCells, bounded by Levenshtein (see MaxDamerauCells).
func damerau(a, b string, lim textdist.Limits) (Outcome, error) {
	ra := []rune(norm.NFC.String(a))
	rb := []rune(norm.NFC.String(b))
	m := max(len(ra), len(rb))
	if m == 0 {
		return exactly(1), nil
	}
	d, err := textdist.Damerau(ra, rb, MaxDamerauCells)
	if err == nil {
		return exactly(1 - float64(d)/float64(m)), nil
	}
	if !errors.Is(err, textdist.ErrTooLarge) {
		return Outcome{}, err
	}
	lev, err := textdist.LevenshteinRunesWithin(ra, rb, lim)
	if err != nil {
		return Outcome{}, err
	}
	o := DistanceOutcome("damerau", lev, (lev.Lower+1)/2, lev.Upper)
	if !o.Exact() {
		o.Detail = fmt.Sprintf("damerau on a string of %s code points is past its exact limit (%s matrix cells): "+
			"bounded by the Levenshtein %s, between half of it and all of it, so the score lies between %s and %s (the lower end is given)",
			textdist.Thousands(m), textdist.Thousands(MaxDamerauCells), lev, fig(o.Score), fig(o.High))
	}
	return o, nil
}

// Normalization says which differences between strings are ignored.
type Normalization uint8

// The normalizations, combinable.
const (
	NormCase    Normalization = 1 << iota // case (Unicode case folding)
	NormAccents                           // accents (NFD, nonspacing marks dropped)
	NormSpace                             // runs of white space, and leading and trailing space
)

var normNames = []struct {
	n    Normalization
	name string
}{{NormCase, "case"}, {NormAccents, "accents"}, {NormSpace, "space"}}

// NormalizationNames lists the normalization names in canonical order.
var NormalizationNames = []string{"case", "accents", "space"}

// ParseNormalization parses a comma-separated list of normalization names.
func ParseNormalization(s string) (Normalization, error) {
	var n Normalization
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		found := false
		for _, nn := range normNames {
			if part == nn.name {
				n |= nn.n
				found = true
			}
		}
		if !found {
			return 0, fmt.Errorf("unknown normalization %q: use a comma-separated list of %s", part, strings.Join(NormalizationNames, ", "))
		}
	}
	return n, nil
}

// String returns the canonical list, such as "case,accents".
func (n Normalization) String() string {
	var names []string
	for _, nn := range normNames {
		if n&nn.n != 0 {
			names = append(names, nn.name)
		}
	}
	return strings.Join(names, ",")
}

// Apply returns s normalized: accents stripped, then case folded, then
// white space collapsed, as n selects.
func (n Normalization) Apply(s string) string {
	if n&NormAccents != 0 && !isASCII(s) {
		s = StripAccents(s)
	}
	if n&NormCase != 0 {
		s = Fold(s)
	}
	if n&NormSpace != 0 {
		s = CollapseSpace(s)
	}
	return s
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
