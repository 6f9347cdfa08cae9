package scoring

import (
	"math"

	"github.com/jsontui/jsontui/scoring/textdist"
)

// NumberScore is the jsondiff score of two numbers: 1 − |r−o| / (|r|+|o|),
// 1 for equal values (0 and 0 included). It does not overflow for huge
// magnitudes.
func NumberScore(r, o float64) float64 {
	if r == o {
		return 1
	}
	d := math.Abs(r - o)
	s := math.Abs(r) + math.Abs(o)
	if math.IsInf(d, 0) || math.IsInf(s, 0) {
		// Scale both down to compute the same ratio without overflow.
		m := math.Max(math.Abs(r), math.Abs(o))
		r, o = r/m, o/m
		d = math.Abs(r - o)
		s = math.Abs(r) + math.Abs(o)
	}
	v := 1 - d/s
	if v < 0 {
		return 0
	}
	return v
}

// StringScore is the jsondiff score of two strings: 1 − lev(r,o)/max(len)
// over code points after NFC normalization; two empty strings score 1.
func StringScore(r, o string) float64 {
	if r == o {
		return 1
	}
	return textdist.Similarity(r, o)
}
