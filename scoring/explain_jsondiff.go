package scoring

import (
	"fmt"
	"math"
	"slices"

	"golang.org/x/text/unicode/norm"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
)

// jsondiffExplainer explains a tree by the formulas of docs/scoring.md, under the user's
// options in force (tolerances, normalization, comparator, pairing).
type jsondiffExplainer struct{ opts MetricOptions }

func (jsondiffExplainer) Name() string { return DefaultMetric }

func (r jsondiffExplainer) explain(e *explainWriter, id NodeID) {
	t := e.t
	st := t.Status(id)
	score, has := t.Score(id)
	rv, ov := t.RefValue(id), t.OutValue(id)
	switch {
	case st == Extra && !t.IsElement(id) && t.opt.PenalizeExtraKeys:
		e.add("only the output has this key: with extra-keys=penalize it costs like")
		e.add("a missing one: weight %s, score %s", report.Figure(t.Weight(id)), bad("0"))
		return
	case st == Extra && !t.IsElement(id):
		e.add("only the output has this key: it is shown but takes no part")
		e.add("(weight 0, share 0); the score does not change")
		return
	case st == Extra:
		e.add("the output has this element past the reference's end:")
		e.add("it scores 0 and counts in the array's mean")
		return
	case rv != jsondoc.None && ov == jsondoc.None && t.Kind(id).IsContainer():
		e.add("the output has no value here: every node below is missing")
	case rv != jsondoc.None && ov == jsondoc.None:
		e.add("the output has no value here: %s", bad("0 (missing)"))
		return
	case ov != jsondoc.None && t.ref.Kind(rv) != t.out.Kind(ov) && t.Kind(id).IsContainer():
		e.add("the output has %s %s here: every node below is compared with nothing", article(t.out.Kind(ov)), t.out.Kind(ov))
	case ov != jsondoc.None && t.ref.Kind(rv) != t.out.Kind(ov):
		e.add("the reference has %s %s, the output %s %s: %s", article(t.ref.Kind(rv)), t.ref.Kind(rv),
			article(t.out.Kind(ov)), t.out.Kind(ov), bad("0 (type)"))
		return
	}
	if !t.Kind(id).IsContainer() {
		r.leaf(e, id, score)
		return
	}
	if !has {
		e.add("no child takes part: no score (n/a); it takes no part either")
		return
	}
	if t.Kind(id) == jsondoc.Array {
		e.array(id, score)
		if l := t.PairingOf(id); l.Mode != ListIndex {
			opt := l.String()
			if path := t.schemaPathOf(t.placeOf(id)); slices.ContainsFunc(r.opts.ListsAt, func(a ListsAt) bool { return a.Path == path }) {
				opt = ListsAt{Path: path, Lists: l}.String()
			}
			e.note("elements paired with lists=" + opt + ", not by position")
		}
	} else {
		e.object(id, score)
	}
	e.children(id)
}

// leaf explains a scalar compared with a scalar of its kind: by its
// per-key rule when it has one for its kind, else by the metric's.
func (r jsondiffExplainer) leaf(e *explainWriter, id NodeID, score float64) {
	t := e.t
	if in := t.RuleOf(id); in.Applies {
		r.ruleLeaf(e, id, in, score)
		return
	} else if in.Rule.Kind != RuleNone {
		e.note(fmt.Sprintf("rule %s (%s) compares %s: this %s is compared as by default", in.Rule, in.Source(),
			in.Rule.kindsText(), t.Kind(id)))
	}
	rv, ov := t.RefValue(id), t.OutValue(id)
	switch t.Kind(id) {
	case jsondoc.Number:
		rn, on := t.ref.Float(rv), t.out.Float(ov)
		if rn == on {
			e.add("score = 1 (equal numbers)")
			return
		}
		if r.tolerated(e, rn, on) {
			return
		}
		e.numberFormula(string(t.ref.Raw(rv)), string(t.out.Raw(ov)), rn, on, score)
	case jsondoc.String:
		r.strings(e, t.ref.Str(rv), t.out.Str(ov), score)
	case jsondoc.Bool:
		if score == 1 {
			e.add("score = 1 (equal booleans)")
		} else {
			e.add("score = %s (the booleans differ)", scoreSpan(score))
		}
	default:
		e.add("score = 1 (both null)")
	}
}

// tolerated writes why two numbers within --abs-tol or --rel-tol score 1,
// and reports whether they are.
func (r jsondiffExplainer) tolerated(e *explainWriter, rn, on float64) bool {
	mo := r.opts
	d := math.Abs(rn - on)
	switch {
	case mo.AbsTol > 0 && d <= mo.AbsTol:
		e.add("score = 1: |r − o| = %s ≤ abs-tol %s", report.Figure(d), report.Figure(mo.AbsTol))
		return true
	case mo.RelTol > 0 && d <= mo.RelTol*math.Max(math.Abs(rn), math.Abs(on)):
		e.add("score = 1: |r − o| = %s ≤ rel-tol %s · max(|r|, |o|) = %s", report.Figure(d), report.Figure(mo.RelTol),
			report.Figure(mo.RelTol*math.Max(math.Abs(rn), math.Abs(on))))
		return true
	case mo.AbsTol > 0 || mo.RelTol > 0:
		e.note("|r − o| = " + report.Figure(d) + ": outside the tolerance")
	}
	return false
}

// comparatorRules says what each --strings comparator computes.
var comparatorRules = map[string]string{
	"damerau":      "1 − Damerau–Levenshtein(r, o) / max(len r, len o), transpositions cost 1",
	"jaro-winkler": "the Jaro–Winkler similarity (prefix scale 0.1)",
	"exact":        "1 when equal, else 0",
	"token-f1":     "the F1 of the words the two share (SQuAD)",
	"bleu":         "sentence BLEU of o against r, / 100",
	"rouge-l":      "the ROUGE-L F-measure (longest common word sequence)",
}

// strings explains two strings' score under the --normalize and
// --strings in force.
func (r jsondiffExplainer) strings(e *explainWriter, rs, os string, score float64) {
	mo := r.opts
	after := ""
	if n := mo.Normalize; n != 0 {
		nr, no := n.Apply(rs), n.Apply(os)
		if nr != rs || no != os {
			e.add("normalize=%s: %s → %s, %s → %s", n, quoteShort(rs), quoteShort(nr), quoteShort(os), quoteShort(no))
			rs, os = nr, no
			after = " after normalization"
		}
	}
	if rs == os {
		e.add("score = 1 (equal strings%s)", after)
		return
	}
	if c := mo.Comparator; c != "" {
		e.add("score = %s(r, o) = %s", c, scoreSpan(score))
		e.note("strings=" + c + ": " + comparatorRules[c])
		return
	}
	e.levenshtein(norm.NFC.String(rs), norm.NFC.String(os), score, "")
}

// levenshtein writes 1 − lev/max with a character diff of two strings
// as the metric compares them; note, if any, says how it compares them.
func (e *explainWriter) levenshtein(rs, os string, score float64, note string) {
	diff, summary, dist, n, ok := charDiff(rs, os)
	if !ok {
		e.add("score = 1 − lev(r, o) / max(len) = %s", scoreSpan(score))
		e.aside(fmt.Sprintf("(too long for a character diff: %d characters)", n))
		if note != "" {
			e.note(note)
		}
		return
	}
	e.add("diff  %s", diff)
	e.add("      %s", Span{Role: RoleNote, Text: summary})
	e.add("score = 1 − lev(r, o) / max(len r, len o)")
	e.add("      = 1 − %d / %d = %s", dist, n, scoreSpan(score))
	if note != "" {
		e.note(note)
	}
}
