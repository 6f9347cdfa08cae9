package textsim

import (
	"math"
	"regexp"
	"strings"
)

// The rules of sacreBLEU's TokenizerRegexp, applied in order by the 13a
// tokenizer (sacrebleu/tokenizers/tokenizer_re.py and tokenizer_13a.py,
// after mteval-v13a.pl). Go's regexp replaces leftmost-first without
// overlap, as Python's re.sub does.
var tok13a = []struct {
	re   *regexp.Regexp
	repl string
}{
	// ASCII punctuation and symbols, except . , ' and -, become tokens.
	{regexp.MustCompile(`([\{-\~\[-\` + "`" + ` -\&\(-\+\:-\@\/])`), " $1 "},
	// Period and comma unless preceded by a digit.
	{regexp.MustCompile(`([^0-9])([\.,])`), "$1 $2 "},
	// Period and comma unless followed by a digit.
	{regexp.MustCompile(`([\.,])([^0-9])`), " $1 $2"},
	// Dash when preceded by a digit.
	{regexp.MustCompile(`([0-9])(-)`), "$1 $2 "},
}

// Tokenize13a splits a line into tokens as sacreBLEU's default "13a"
// tokenizer does (the WMT mteval-v13a rules): it drops "<skipped>",
// joins words hyphenated across lines, unescapes &quot; &amp; &lt; &gt;,
// splits off punctuation, and splits on whitespace.
func Tokenize13a(line string) []string {
	line = strings.ReplaceAll(line, "<skipped>", "")
	line = strings.ReplaceAll(line, "-\n", "")
	line = strings.ReplaceAll(line, "\n", " ")
	if strings.Contains(line, "&") {
		line = strings.ReplaceAll(line, "&quot;", `"`)
		line = strings.ReplaceAll(line, "&amp;", "&")
		line = strings.ReplaceAll(line, "&lt;", "<")
		line = strings.ReplaceAll(line, "&gt;", ">")
	}
	line = " " + line + " "
	for _, r := range tok13a {
		line = r.re.ReplaceAllString(line, r.repl)
	}
	return PyFields(line)
}

// bleuOrder is the largest n-gram BLEU counts.
const bleuOrder = 4

// BLEU returns the sentence-level BLEU of out against the single
// reference ref, in [0, 1]: sacreBLEU's sentence_bleu with its defaults
// (13a tokenization, case-sensitive, 4-grams, "exp" smoothing, effective
// order), divided by 100. Following sacreBLEU's compute_bleu:
//
//   - precisions are clipped n-gram matches over the output's n-grams,
//     for n = 1..4, stopping at the first n the output has no n-gram of
//     (effective order);
//   - "exp" smoothing: the k-th precision with no match counts as
//     1/(2^k · total);
//   - no match at all scores 0;
//   - the brevity penalty is exp(1 − len(ref)/len(out)) when the output
//     is shorter;
//   - rounding past 1 (sacreBLEU gives 100.00000000000004 for a perfect
//     match) is clamped to 1.
func BLEU(ref, out string) float64 {
	// sacreBLEU strips trailing whitespace before tokenizing.
	hyp := Tokenize13a(strings.TrimRightFunc(out, IsPySpace))
	refs := Tokenize13a(strings.TrimRightFunc(ref, IsPySpace))
	hypLen, refLen := len(hyp), len(refs)
	var correct, total [bleuOrder]int
	for n := 1; n <= bleuOrder; n++ {
		hc := ngramCounts(hyp, n)
		rc := ngramCounts(refs, n)
		for g, c := range hc {
			correct[n-1] += min(c, rc[g])
			total[n-1] += c
		}
	}
	bp := 1.0
	if hypLen < refLen {
		bp = 0
		if hypLen > 0 {
			bp = math.Exp(1 - float64(refLen)/float64(hypLen))
		}
	}
	any := false
	for _, c := range correct {
		any = any || c > 0
	}
	if !any {
		return 0
	}
	var precisions [bleuOrder]float64 // in percent, as sacreBLEU
	smooth := 1.0
	eff := bleuOrder
	for n := 1; n <= bleuOrder; n++ {
		if total[n-1] == 0 {
			break
		}
		eff = n
		if correct[n-1] == 0 {
			smooth *= 2
			precisions[n-1] = 100 / (smooth * float64(total[n-1]))
		} else {
			precisions[n-1] = 100 * float64(correct[n-1]) / float64(total[n-1])
		}
	}
	var sum float64
	for _, p := range precisions[:eff] {
		sum += myLog(p)
	}
	// exp(log(100)) is 100.00000000000004: clamp to [0, 1].
	return min(bp*math.Exp(sum/float64(eff))/100, 1)
}

// myLog is sacreBLEU's my_log: log, with -9999999999 for 0.
func myLog(x float64) float64 {
	if x == 0 {
		return -9999999999
	}
	return math.Log(x)
}

// ngramCounts counts the n-grams of tokens, keyed by the tokens joined
// with a separator no token contains (tokens hold no whitespace).
func ngramCounts(tokens []string, n int) map[string]int {
	counts := make(map[string]int)
	for i := 0; i+n <= len(tokens); i++ {
		counts[strings.Join(tokens[i:i+n], " ")]++
	}
	return counts
}
