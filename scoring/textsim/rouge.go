package textsim

import (
	"errors"
	"fmt"
	"strings"
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

// MaxLCSCells bounds ROUGE-L: the longest common subsequence of m and n
// tokens costs m·n steps (in O(n) memory). Past it, RougeL refuses with
// an error wrapping ErrTooLarge.
const MaxLCSCells = 1 << 30

// ErrTooLarge is wrapped by the errors of measures whose inputs are past
// their stated limit.
var ErrTooLarge = errors.New("input too large")

// RougeL returns the ROUGE-L F-measure of out against ref (rouge-score's
// _score_lcs): the longest common subsequence of the token sequences
// over the output's length (precision) and the reference's (recall), and
// their harmonic mean; 0 when either side has no token.
func RougeL(ref, out string) (float64, error) {
	target := RougeTokenize(ref)
	pred := RougeTokenize(out)
	if len(target) == 0 || len(pred) == 0 {
		return 0, nil
	}
	if m, n := len(target), len(pred); m > MaxLCSCells/n {
		return 0, fmt.Errorf("%w: ROUGE-L of %d and %d tokens needs %d steps, limit %d (MaxLCSCells)",
			ErrTooLarge, m, n, int64(m)*int64(n), MaxLCSCells)
	}
	lcs := lcsLength(intern(target, pred))
	precision := float64(lcs) / float64(len(pred))
	recall := float64(lcs) / float64(len(target))
	return fmeasure(precision, recall), nil
}

// intern numbers the tokens of both sequences.
func intern(a, b []string) ([]int32, []int32) {
	ids := map[string]int32{}
	num := func(ts []string) []int32 {
		out := make([]int32, len(ts))
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

// lcsLength returns the length of the longest common subsequence of a and
// b, by the classic dynamic programme over two rows.
func lcsLength(a, b []int32) int {
	prev := make([]int32, len(b)+1)
	cur := make([]int32, len(b)+1)
	for _, x := range a {
		for j, y := range b {
			switch {
			case x == y:
				cur[j+1] = prev[j] + 1
			case prev[j+1] >= cur[j]:
				cur[j+1] = prev[j+1]
			default:
				cur[j+1] = cur[j]
			}
		}
		prev, cur = cur, prev
	}
	return int(prev[len(b)])
}

// fmeasure is rouge-score's scoring.fmeasure: the harmonic mean, 0 when
// both are 0.
func fmeasure(precision, recall float64) float64 {
	if precision+recall > 0 {
		return 2 * precision * recall / (precision + recall)
	}
	return 0
}
