package scoring

import (
	"math"

	"github.com/jsontui/jsontui/scoring/textdist"
	"github.com/jsontui/jsontui/scoring/textsim"
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
// It is exact when the distance's work fits lim.Work (textdist.DefaultWork
// when 0), else bounded (textdist.SimilarityWithin). Its error is
// textdist.ErrCanceled or nil.
func StringScore(r, o string, lim textdist.Limits) (textsim.Outcome, error) {
	if r == o {
		return textsim.Outcome{Score: 1, High: 1}, nil
	}
	d, err := textdist.SimilarityWithin(r, o, lim)
	if err != nil {
		return textsim.Outcome{}, err
	}
	return textsim.DistanceOutcome("levenshtein", d, d.Lower, d.Upper), nil
}
