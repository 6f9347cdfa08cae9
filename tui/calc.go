package tui

import (
	"fmt"
	"math"
	"strings"

	"golang.org/x/text/unicode/norm"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/tui/outline"
)

// maxTerms is how many terms of a sum the calculation writes out.
const maxTerms = 8

// explainer writes how a node's score is computed, by the rules of the
// metric in force, with the numbers filled in, as lines of the detail
// pane.
type explainer struct {
	c      *common
	t      *scoring.Tree
	ol     *outline.Outline
	width  int
	metric *metricState
	lines  []string
}

func (e *explainer) add(format string, args ...any) {
	e.lines = append(e.lines, fmt.Sprintf(format, args...))
}

// line adds a line as it is.
func (e *explainer) line(s string) { e.lines = append(e.lines, s) }

// ruleSet names the rules a tree was scored by.
type ruleSet int

const (
	rulesJSONDiff ruleSet = iota // SPEC section 2, with jsondiff's options
	rulesLynxius                 // Lynxius JSON Difference
	rulesUiPath                  // UiPath JsonSimilarityEvaluator
	rulesGaltea                  // Galtea JSON Field Match
	rulesOwn                     // another metric's, not written out
)

// rulesOf returns the rules the engine options o make.
func rulesOf(o scoring.Options) ruleSet {
	switch {
	case o.IsJSONDiff():
		return rulesJSONDiff
	case o.LeafWeights:
		return rulesUiPath
	case o.Whole != nil:
		return rulesGaltea
	case o.KeyUnion || o.AbsentAsNull || o.ShorterLists || o.FlatMismatch || o.BoolsAsNumbers:
		return rulesLynxius
	}
	return rulesOwn
}

// explain writes the calculation of node id's score by the rules of the
// tree's metric.
func (e *explainer) explain(id scoring.NodeID) {
	switch rulesOf(e.t.Options()) {
	case rulesJSONDiff:
		e.jsondiff(id)
	case rulesLynxius:
		e.lynxius(id)
	case rulesUiPath:
		e.uipath(id)
	case rulesGaltea:
		e.galtea(id)
	default:
		e.own(id)
	}
	if ex := e.metric.explanation(); id == 0 && ex != "" {
		e.line("")
		e.line(e.c.styles.Muted.Render(ex))
	}
}

// own says the score of a metric whose rules the pane does not write out.
func (e *explainer) own(id scoring.NodeID) {
	score, has := e.t.Score(id)
	if !has {
		e.add("no score: it takes no part")
		return
	}
	e.add("score %s (by %s's own rule)", e.c.styles.Band(score).Render(fixed5(score)), e.metric.name)
	if e.t.Kind(id).IsContainer() {
		e.children(id)
	}
}

// jsondiff writes the calculation by SPEC section 2, under the options in
// force.
func (e *explainer) jsondiff(id scoring.NodeID) {
	t := e.t
	s := e.c.styles
	st := t.Status(id)
	score, has := t.Score(id)
	r, o := t.RefValue(id), t.OutValue(id)
	switch {
	case st == scoring.Extra && !t.IsElement(id) && t.Options().PenalizeExtraKeys:
		e.add("only the output has this key: with --extra-keys penalize it costs like")
		e.add("a missing one: weight %s, score %s", weightText(t.Weight(id)), s.Bad.Render("0"))
		return
	case st == scoring.Extra && !t.IsElement(id):
		e.add("only the output has this key: it is shown but takes no part")
		e.add("(weight 0, share 0); the score does not change")
		return
	case st == scoring.Extra:
		e.add("the output has this element past the reference's end:")
		e.add("it scores 0 and counts in the array's mean")
		return
	case r != jsondoc.None && o == jsondoc.None && t.Kind(id).IsContainer():
		e.add("the output has no value here: every node below is missing")
	case r != jsondoc.None && o == jsondoc.None:
		e.add("the output has no value here: %s", s.Bad.Render("0 (missing)"))
		return
	case o != jsondoc.None && t.Ref().Kind(r) != t.Out().Kind(o) && t.Kind(id).IsContainer():
		e.add("the output has %s %s here: every node below is compared with nothing", article(t.Out().Kind(o)), t.Out().Kind(o))
	case o != jsondoc.None && t.Ref().Kind(r) != t.Out().Kind(o):
		e.add("the reference has %s %s, the output %s %s: %s", article(t.Ref().Kind(r)), t.Ref().Kind(r),
			article(t.Out().Kind(o)), t.Out().Kind(o), s.Bad.Render("0 (type)"))
		return
	}
	if !t.Kind(id).IsContainer() {
		e.leaf(id, score)
		return
	}
	if !has {
		e.add("no child takes part: no score (n/a); it takes no part either")
		return
	}
	if t.Kind(id) == jsondoc.Array {
		e.array(id, score)
		if l := e.metric.opts.Lists; l.Mode != scoring.ListIndex {
			e.line(s.Muted.Render("elements paired with --lists " + l.String() + ", not by position"))
		}
	} else {
		e.object(id, score)
	}
	e.children(id)
}

func article(k jsondoc.Kind) string {
	if k == jsondoc.Object || k == jsondoc.Array {
		return "an"
	}
	return "a"
}

// leaf explains a scalar compared with a scalar of its kind, by
// jsondiff's rules and options.
func (e *explainer) leaf(id scoring.NodeID, score float64) {
	t, s := e.t, e.c.styles
	r, o := t.RefValue(id), t.OutValue(id)
	res := s.Band(score).Render(fixed5(score))
	switch t.Kind(id) {
	case jsondoc.Number:
		rv, ov := t.Ref().Float(r), t.Out().Float(o)
		if rv == ov {
			e.add("score = 1 (equal numbers)")
			return
		}
		if e.tolerated(rv, ov) {
			return
		}
		rr, orw := string(t.Ref().Raw(r)), string(t.Out().Raw(o))
		e.add("score = 1 − |r − o| / (|r| + |o|)")
		e.add("      = 1 − |%s − %s| / (|%s| + |%s|)", rr, orw, rr, orw)
		d, sum := math.Abs(rv-ov), math.Abs(rv)+math.Abs(ov)
		if !math.IsInf(d, 0) && !math.IsInf(sum, 0) {
			e.add("      = 1 − %s / %s = %s", report.Figure(d), report.Figure(sum), res)
		} else {
			e.add("      = %s", res)
		}
	case jsondoc.String:
		e.jsondiffString(t.Ref().Str(r), t.Out().Str(o), score)
	case jsondoc.Bool:
		if score == 1 {
			e.add("score = 1 (equal booleans)")
		} else {
			e.add("score = %s (the booleans differ)", res)
		}
	default:
		e.add("score = 1 (both null)")
	}
}

// tolerated writes why two numbers within --abs-tol or --rel-tol score 1,
// and reports whether they are.
func (e *explainer) tolerated(r, o float64) bool {
	mo := e.metric.opts
	d := math.Abs(r - o)
	switch {
	case mo.AbsTol > 0 && d <= mo.AbsTol:
		e.add("score = 1: |r − o| = %s ≤ abs-tol %s", report.Figure(d), report.Figure(mo.AbsTol))
		return true
	case mo.RelTol > 0 && d <= mo.RelTol*math.Max(math.Abs(r), math.Abs(o)):
		e.add("score = 1: |r − o| = %s ≤ rel-tol %s · max(|r|, |o|) = %s", report.Figure(d), report.Figure(mo.RelTol),
			report.Figure(mo.RelTol*math.Max(math.Abs(r), math.Abs(o))))
		return true
	case mo.AbsTol > 0 || mo.RelTol > 0:
		e.line(e.c.styles.Muted.Render(fmt.Sprintf("|r − o| = %s: outside the tolerance", report.Figure(d))))
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

// jsondiffString explains two strings' score under the --normalize and
// --strings in force.
func (e *explainer) jsondiffString(rs, os string, score float64) {
	s := e.c.styles
	mo := e.metric.opts
	res := s.Band(score).Render(fixed5(score))
	after := ""
	if n := mo.Normalize; n != 0 {
		nr, no := n.Apply(rs), n.Apply(os)
		if nr != rs || no != os {
			e.add("normalize=%s: %s → %s, %s → %s", n, quote(rs), quote(nr), quote(os), quote(no))
			rs, os = nr, no
			after = " after normalization"
		}
	}
	if rs == os {
		e.add("score = 1 (equal strings%s)", after)
		return
	}
	if c := mo.Comparator; c != "" {
		e.add("score = %s(r, o) = %s", c, res)
		e.line(s.Muted.Render("--strings " + c + ": " + comparatorRules[c]))
		return
	}
	e.levenshtein(norm.NFC.String(rs), norm.NFC.String(os), score, "")
}

// levenshtein writes 1 − lev/max with a character diff of two strings
// as the metric compares them; note, if any, says how it compares them.
func (e *explainer) levenshtein(rs, os string, score float64, note string) {
	s := e.c.styles
	res := s.Band(score).Render(fixed5(score))
	diff, summary, dist, n, ok := charDiff(s, rs, os)
	if !ok {
		e.add("score = 1 − lev(r, o) / max(len) = %s", res)
		e.line(s.Faint.Render(fmt.Sprintf("(too long for a character diff: %d characters)", n)))
		if note != "" {
			e.line(s.Muted.Render(note))
		}
		return
	}
	e.add("diff  %s", diff)
	e.add("      %s", s.Muted.Render(summary))
	e.add("score = 1 − lev(r, o) / max(len r, len o)")
	e.add("      = 1 − %d / %d = %s", dist, n, res)
	if note != "" {
		e.line(s.Muted.Render(note))
	}
}

// quote writes a string as JSON would, for the detail pane.
func quote(s string) string { return string(jsondoc.AppendQuoted(nil, s)) }

// object writes S = Σ s·w·f / n with the numbers in.
func (e *explainer) object(id scoring.NodeID, score float64) {
	t, s := e.t, e.c.styles
	first, count := t.Children(id)
	var n int
	var sumW float64
	var terms []string
	more := 0
	for c := first; c < first+scoring.NodeID(count); c++ {
		cs, ok := t.Score(c)
		if !ok || t.Status(c) == scoring.Extra && t.Weight(c) == 0 {
			continue
		}
		n++
		sumW += t.Weight(c)
		if len(terms) < maxTerms {
			terms = append(terms, fmt.Sprintf("%s·%s·", fixed5(cs), weightText(t.Weight(c))))
		} else {
			more++
		}
	}
	f, _ := t.Factor(id)
	ft := trim5(f)
	e.add("S = Σ s·w·f / n,  f = n / Σw = %d / %s = %s", n, trim5(sumW), ft)
	for k := range terms {
		terms[k] += ft
	}
	sum := strings.Join(terms, " + ")
	if more > 0 {
		sum += fmt.Sprintf(" + … (%s more)", thousands(more))
	}
	e.add("  = (%s) / %d", sum, n)
	e.add("  = %s", s.Band(score).Render(fixed5(score)))
}

// array writes the mean over positions with the numbers in.
func (e *explainer) array(id scoring.NodeID, score float64) {
	t, s := e.t, e.c.styles
	first, count := t.Children(id)
	var n int
	var terms []string
	more := 0
	for c := first; c < first+scoring.NodeID(count); c++ {
		cs, ok := t.Score(c)
		if !ok {
			continue
		}
		n++
		if len(terms) < maxTerms {
			terms = append(terms, fixed5(cs))
		} else {
			more++
		}
	}
	sum := strings.Join(terms, " + ")
	if more > 0 {
		sum += fmt.Sprintf(" + … (%s more)", thousands(more))
	}
	e.add("S = mean over positions = Σ s / n")
	e.add("%s = (%s) / %s", s.Band(score).Render(fixed5(score)), sum, thousands(n))
}

// children writes a table of the children's figures, in display order,
// as many as fit.
func (e *explainer) children(id scoring.NodeID) {
	t, s := e.t, e.c.styles
	kids := e.ol.Children(id)
	if len(kids) == 0 {
		return
	}
	share := t.Share(id)
	keyW := max(6, min(18, e.width-40))
	e.line("")
	e.line(s.Muted.Render(pad("child", keyW) + padLeft("score", 8) + padLeft("w", 6) + padLeft("w/Σw", 8) + padLeft("loss", 9)))
	limit := 12
	for k, c := range kids {
		if k == limit {
			e.line(s.Faint.Render(fmt.Sprintf("… %s more", thousands(len(kids)-limit))))
			break
		}
		cs, ok := t.Score(c)
		frac := t.Fraction(c)
		loss := 0.0
		if ok {
			loss = share * frac * (1 - cs)
		}
		e.add("%s%s%s%s%s", pad(t.Label(c), keyW), padLeft(scoreText(cs, ok), 8), padLeft(weightText(t.Weight(c)), 6),
			padLeft(trim5(frac), 8), padLeft(lossText(loss), 9))
	}
}
