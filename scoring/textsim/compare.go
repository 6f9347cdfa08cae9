package textsim

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	edlib "github.com/hbollon/go-edlib"
	"golang.org/x/text/unicode/norm"

	"github.com/jsontui/jsontui/scoring/textdist"
)

// Comparator scores two strings (reference, output) in [0, 1]. Its error
// is non-nil only when the strings are past the measure's stated size
// limit (wrapping ErrTooLarge).
type Comparator func(ref, out string) (float64, error)

// ComparatorNames lists the string comparators by name, the default first.
var ComparatorNames = []string{"levenshtein", "damerau", "jaro-winkler", "exact", "token-f1", "bleu", "rouge-l"}

// MaxDamerauCells bounds the damerau comparator: the unrestricted
// Damerau–Levenshtein distance of two strings of m and n code points
// needs an (m+2)×(n+2) matrix of 4-byte cells (16M cells: 64 MiB).
const MaxDamerauCells = 1 << 24

// LookupComparator returns the comparator of that name:
//
//   - levenshtein: 1 − Levenshtein/max length over code points after NFC
//     (jsondiff's rule, SPEC section 2);
//   - damerau: the same with the unrestricted Damerau–Levenshtein
//     distance (adjacent transpositions cost 1);
//   - jaro-winkler: go-edlib's JaroWinklerSimilarity (prefix scale 0.1,
//     prefix up to 4; computed in float32 by go-edlib);
//   - exact: 1 when equal, else 0;
//   - token-f1: SQuAD token F1 (TokenF1);
//   - bleu: sentence BLEU (BLEU);
//   - rouge-l: ROUGE-L F-measure (RougeL).
//
// Every comparator scores two equal strings 1 (two empty ones included).
func LookupComparator(name string) (Comparator, error) {
	var c Comparator
	switch name {
	case "levenshtein", "":
		c = func(a, b string) (float64, error) { return textdist.Similarity(a, b), nil }
	case "damerau":
		c = damerau
	case "jaro-winkler":
		c = func(a, b string) (float64, error) {
			return float64(edlib.JaroWinklerSimilarity(a, b)), nil
		}
	case "exact":
		c = func(a, b string) (float64, error) { return 0, nil }
	case "token-f1":
		c = func(a, b string) (float64, error) { return TokenF1(a, b), nil }
	case "bleu":
		c = func(a, b string) (float64, error) { return BLEU(a, b), nil }
	case "rouge-l":
		c = RougeL
	default:
		return nil, fmt.Errorf("unknown string comparator %q: use %s", name, strings.Join(ComparatorNames, ", "))
	}
	return func(a, b string) (float64, error) {
		if a == b {
			return 1, nil
		}
		s, err := c(a, b)
		return min(max(s, 0), 1), err
	}, nil
}

// damerau is 1 − DamerauLevenshtein/max length over code points after NFC.
func damerau(a, b string) (float64, error) {
	ra := []rune(norm.NFC.String(a))
	rb := []rune(norm.NFC.String(b))
	m := max(len(ra), len(rb))
	if m == 0 {
		return 1, nil
	}
	d, err := textdist.Damerau(ra, rb, MaxDamerauCells)
	if err != nil {
		if errors.Is(err, textdist.ErrTooLarge) {
			return 0, fmt.Errorf("%w: %v", ErrTooLarge, err)
		}
		return 0, err
	}
	return 1 - float64(d)/float64(m), nil
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
