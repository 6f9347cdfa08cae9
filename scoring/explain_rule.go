package scoring

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"golang.org/x/text/unicode/norm"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/scoring/textdist"
	"github.com/jsontui/jsontui/scoring/textsim"
)

// ruleFormulas says in a few words what each rule computes.
var ruleFormulas = [...]string{
	RuleExact:       "1 when equal, else 0",
	RuleLevenshtein: "1 − lev(r, o) / max(len r, len o)",
	RuleDamerau:     "1 − Damerau–Levenshtein(r, o) / max(len r, len o), transpositions cost 1",
	RuleJaroWinkler: "the Jaro–Winkler similarity (prefix scale 0.1, prefix up to 4)",
	RuleTokenF1:     "the F1 of the words the two share (SQuAD)",
	RuleAbsTol:      "1 when |r − o| ≤ X, else the number formula",
	RuleRelTol:      "1 when |r − o| ≤ X · max(|r|, |o|), else the number formula",
	RuleDate:        "1 when both are the same calendar date, in any format, else 0",
	RuleNormalize:   "levenshtein after normalizing",
}

// ruleNote writes the line that names a node's rule and its source.
func (e *explainWriter) ruleNote(in RuleInForce) {
	e.note(fmt.Sprintf("rule %s (%s): %s", in.Rule, in.Source(), ruleFormulas[in.Rule.Kind]))
}

// ruleLeaf explains a leaf compared by its per-key rule.
func (r jsondiffExplainer) ruleLeaf(e *explainWriter, id NodeID, in RuleInForce, score float64) {
	t := e.t
	rv, ov := t.RefValue(id), t.OutValue(id)
	rule := in.Rule
	e.ruleNote(in)
	switch t.Kind(id) {
	case jsondoc.Number:
		rn, on := t.ref.Float(rv), t.out.Float(ov)
		rr, orw := string(t.ref.Raw(rv)), string(t.out.Raw(ov))
		switch {
		case rn == on:
			e.add("score = %s (equal numbers)", good("1"))
		case rule.Kind == RuleExact:
			e.add("%s ≠ %s: score = %s", rr, orw, bad("0"))
		default:
			d := decimalText(rr, orw, math.Abs(rn-on))
			limit := rule.tolString()
			if rule.Kind == RuleRelTol {
				m := math.Max(math.Abs(rn), math.Abs(on))
				limit = fmt.Sprintf("rel_tol %s · max(|r|, |o|) = %s · %s = %s", rule.tolString(), rule.tolString(),
					report.Figure(m), report.Figure(rule.Tol*m))
			} else {
				limit = "abs_tol " + limit
			}
			if rule.within(rn, on, rr, orw) {
				e.add("|r − o| = |%s − %s| = %s ≤ %s", rr, orw, d, limit)
				e.add("score = %s (within the tolerance)", good("1"))
				return
			}
			e.add("|r − o| = |%s − %s| = %s > %s: the number formula", rr, orw, d, limit)
			e.numberFormula(rr, orw, rn, on, score)
		}
	case jsondoc.String:
		r.ruleStrings(e, rule, t.ref.Str(rv), t.out.Str(ov), score)
	case jsondoc.Bool:
		if score == 1 {
			e.add("score = %s (equal booleans)", good("1"))
		} else {
			e.add("the booleans differ: score = %s", bad("0"))
		}
	default:
		e.add("score = %s (both null)", good("1"))
	}
}

// numberFormula writes 1 − |r − o| / (|r| + |o|) with the numbers in.
func (e *explainWriter) numberFormula(rr, orw string, rn, on, score float64) {
	e.add("score = 1 − |r − o| / (|r| + |o|)")
	e.add("      = 1 − |%s − %s| / (|%s| + |%s|)", rr, orw, rr, orw)
	d, sum := math.Abs(rn-on), math.Abs(rn)+math.Abs(on)
	if !math.IsInf(d, 0) && !math.IsInf(sum, 0) {
		e.add("      = 1 − %s / %s = %s", report.Figure(d), report.Figure(sum), scoreSpan(score))
	} else {
		e.add("      = %s", scoreSpan(score))
	}
}

// decimalText writes |a − b| for two number literals: exactly, in
// decimal, when both are plain decimals, else the float difference d.
func decimalText(a, b string, d float64) string {
	places := func(lit string) int {
		if strings.ContainsAny(lit, "eE") {
			return -1
		}
		if i := strings.IndexByte(lit, '.'); i >= 0 {
			return len(lit) - i - 1
		}
		return 0
	}
	pa, pb := places(a), places(b)
	x, okA := decimalOf(a)
	y, okB := decimalOf(b)
	if pa < 0 || pb < 0 || !okA || !okB || max(pa, pb) > 20 {
		return report.Figure(d)
	}
	diff := new(big.Rat).Sub(x, y)
	s := strings.TrimRight(diff.Abs(diff).FloatString(max(pa, pb)), "0")
	return strings.TrimSuffix(s, ".")
}

// ruleStrings explains two strings compared by a rule.
func (r jsondiffExplainer) ruleStrings(e *explainWriter, rule Rule, rs, os string, score float64) {
	if rs == os {
		e.add("score = %s (equal strings)", good("1"))
		return
	}
	switch rule.Kind {
	case RuleExact:
		if norm.NFC.String(rs) == norm.NFC.String(os) {
			e.add("score = %s (equal strings, written with other Unicode code points)", good("1"))
			return
		}
		if diff, _, _, _, ok := charDiff(rs, os); ok {
			e.add("diff  %s", diff)
		}
		e.add("%s ≠ %s: score = %s", quoteShort(rs), quoteShort(os), bad("0"))
	case RuleDamerau:
		ra, rb := []rune(norm.NFC.String(rs)), []rune(norm.NFC.String(os))
		d, err := textdist.Damerau(ra, rb, textsim.MaxDamerauCells)
		if err != nil {
			// textsim's damerau bounds the distance by Levenshtein's, the
			// node's interval says how closely (see Explain).
			e.add("score = 1 − DL(r, o) / max(len r, len o) = %s", scoreSpan(score))
			e.aside(fmt.Sprintf("(past damerau's exact limit of %s matrix cells: bounded by the Levenshtein distance)",
				textdist.Thousands(textsim.MaxDamerauCells)))
			return
		}
		e.add("score = 1 − DL(r, o) / max(len r, len o)")
		e.add("      = 1 − %d / %d = %s", d, max(len(ra), len(rb)), scoreSpan(score))
	case RuleJaroWinkler:
		j := textdist.Jaro(rs, os)
		l := 0
		for a, b := []rune(rs), []rune(os); l < min(len(a), len(b), 4) && a[l] == b[l]; l++ {
		}
		if j == 0 || j == 1 {
			l = 0
		}
		e.add("score = J + l · 0.1 · (1 − J), J = Jaro(r, o), l = common prefix (≤ 4)")
		e.add("      = %s + %d · 0.1 · (1 − %s) = %s", report.Fixed5(float64(j)), l, report.Fixed5(float64(j)), scoreSpan(score))
	case RuleTokenF1:
		gold := textsim.PyFields(textsim.SQuADNormalize(rs))
		pred := textsim.PyFields(textsim.SQuADNormalize(os))
		counts := map[string]int{}
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
		e.add("words shared %d, of %d in r and %d in o (lowercased, no punctuation or articles)", same, len(gold), len(pred))
		if same == 0 || len(gold) == 0 || len(pred) == 0 {
			e.add("score = %s", scoreSpan(score))
			return
		}
		e.add("P = %d/%d, R = %d/%d, score = 2·P·R / (P + R) = %s", same, len(pred), same, len(gold), scoreSpan(score))
	case RuleDate:
		r.explainDates(e, rule, rs, os)
	case RuleNormalize:
		nr, no := rule.Normalize.Apply(rs), rule.Normalize.Apply(os)
		e.add("%s → %s", quoteShort(rs), quoteShort(nr))
		e.add("%s → %s", quoteShort(os), quoteShort(no))
		if nr == no {
			e.add("score = %s (equal after normalization)", good("1"))
			return
		}
		e.levenshtein(norm.NFC.String(nr), norm.NFC.String(no), score, "")
	default:
		e.levenshtein(norm.NFC.String(rs), norm.NFC.String(os), score, "")
	}
}

// explainDates writes how each string reads as a date, and the verdict.
func (jsondiffExplainer) explainDates(e *explainWriter, rule Rule, rs, os string) {
	order := "day first"
	if rule.MonthFirst {
		order = "month first"
	}
	read := func(side, s string) (parsedDate, bool) {
		p, ok := parseDate(s, rule.MonthFirst)
		if !ok {
			e.add("%s %s is not a date", side, quoteShort(s))
			return p, false
		}
		how := "as " + humanLayout(p.layout)
		if p.ambiguous {
			how += ", " + order
		}
		e.add("%s %s → %s (%s)", side, quote(s), p.date, how)
		return p, true
	}
	pr, okR := read("r", rs)
	po, okO := read("o", os)
	switch {
	case !okR || !okO:
		e.add("score = %s", bad("0"))
	case pr.date == po.date:
		e.add("the same calendar date: score = %s", good("1"))
	default:
		e.add("different dates: score = %s", bad("0"))
	}
}
