package textsim

import (
	"fmt"
	"strings"

	"github.com/jsontui/jsontui/scoring/textdist"
)

// RougeTokenize splits text into tokens as Google's rouge-score package
// does by default (rouge_score/tokenize.py, no stemmer): lower-case,
// every run of characters other than a-z and 0-9 becomes a separator.
func RougeTokenize(text string) []string {
	text = strings.ToLower(text)
	return strings.FieldsFunc(text, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	})
}

// RougeN returns the ROUGE-N F-measure of out against ref (rouge-score's
// _score_ngrams): clipped n-gram overlap over the output's n-grams
// (precision) and over the reference's (recall), and their harmonic mean;
// 0 when either is 0.
func RougeN(ref, out string, n int) float64 {
	target := ngramCounts(RougeTokenize(ref), n)
	pred := ngramCounts(RougeTokenize(out), n)
	overlap, targetCount, predCount := 0, 0, 0
	for g, c := range target {
		overlap += min(c, pred[g])
		targetCount += c
	}
	for _, c := range pred {
		predCount += c
	}
	precision := float64(overlap) / float64(max(predCount, 1))
	recall := float64(overlap) / float64(max(targetCount, 1))
	return fmeasure(precision, recall)
}

// RougeL returns the ROUGE-L F-measure of out against ref (rouge-score's
// _score_lcs): the longest common subsequence of the token sequences
// over the output's length (precision) and the reference's (recall), and
// their harmonic mean; 0 when either side has no token. The subsequence
// comes from textdist.LCSWithin: exact when the work fits lim.Work, else
// bounded, and the outcome gives the F-measures of its two bounds. Its
// error is textdist.ErrCanceled or nil.
func RougeL(ref, out string, lim textdist.Limits) (Outcome, error) {
	target := RougeTokenize(ref)
	pred := RougeTokenize(out)
	if len(target) == 0 || len(pred) == 0 {
		return exactly(0), nil
	}
	a, b := intern(target, pred)
	lcs, err := textdist.LCSWithin(a, b, lim)
	if err != nil {
		return Outcome{}, err
	}
	f := func(l int) float64 {
		return fmeasure(float64(l)/float64(len(pred)), float64(l)/float64(len(target)))
	}
	o := Outcome{Score: f(lcs.Lower), High: f(lcs.Upper)}
	if !lcs.Exact() {
		o.Detail = fmt.Sprintf("rouge-l on %s and %s tokens is past its exact limit: %s, so the score lies between %s and %s (the lower end is given)",
			textdist.Thousands(len(target)), textdist.Thousands(len(pred)), lcs, fig(o.Score), fig(o.High))
	}
	return o, nil
}

// intern numbers the tokens of both sequences.
func intern(a, b []string) ([]rune, []rune) {
	ids := map[string]int32{}
	num := func(ts []string) []rune {
		out := make([]rune, len(ts))
		for i, t := range ts {
			id, ok := ids[t]
			if !ok {
				id = int32(len(ids))
				ids[t] = id
			}
			out[i] = id
		}
		return out
	}
	return num(a), num(b)
}

// fmeasure is rouge-score's scoring.fmeasure: the harmonic mean, 0 when
// both are 0.
func fmeasure(precision, recall float64) float64 {
	if precision+recall > 0 {
		return 2 * precision * recall / (precision + recall)
	}
	return 0
}
