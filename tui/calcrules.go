package tui

import (
	"fmt"
	"math"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/scoring/textsim"
)

// This file writes the rules of the metrics that reproduce another
// evaluator's tree: lynxius, uipath and galtea (scoring/metric_lynxius.go,
// metric_uipath.go, metric_galtea.go), as the detail pane shows them for a node.

// lynxius writes the calculation by Lynxius's JsonDiffEval.
func (e *explainer) lynxius(id scoring.NodeID) {
	t, s := e.t, e.c.styles
	name := e.metric.name
	st := t.Status(id)
	score, has := t.Score(id)
	r, o := t.RefValue(id), t.OutValue(id)
	switch {
	case st == scoring.Extra && t.IsElement(id):
		e.add("past the shorter list: %s averages lists over zip(), the shorter", name)
		e.add("length: this element takes no part")
		return
	case r == jsondoc.None && has:
		e.add("only the output has this key: %s compares the union of both sides'", name)
		e.add("keys, the reference's side counting as null (o1.get(key)): score %s,", s.Band(score).Render(fixed5(score)))
		e.add("weight %s (the weights file's at this place, 1 without an entry)", weightText(t.Weight(id)))
		return
	case r == jsondoc.None:
		e.add("only the output has this value: it takes no part")
		return
	case o == jsondoc.None:
		if t.Ref().Kind(r) == jsondoc.Null {
			e.add("the output has no value here: absent counts as null, and null vs null: %s", s.Good.Render("1"))
		} else {
			e.add("the output has no value here: absent counts as null: %s", s.Bad.Render("0"))
		}
		return
	}
	rk, ok := t.Ref().Kind(r), t.Out().Kind(o)
	if rk != ok && !(isBoolOrNumber(rk) && isBoolOrNumber(ok)) {
		e.add("the reference has %s %s, the output %s %s: %s", article(rk), rk, article(ok), ok, s.Bad.Render("0"))
		if rk.IsContainer() {
			e.add("(%s scores a container against anything else 0, whatever is below)", name)
		}
		return
	}
	switch {
	case rk == jsondoc.Object:
		if !has {
			e.add("no key takes part: no score")
			return
		}
		first, n := t.Children(id)
		var sumW float64
		for c := first; c < first+scoring.NodeID(n); c++ {
			sumW += t.Weight(c)
		}
		if sumW == 0 {
			e.add("every weight is 0: %s weighs each key 1 (\"weights can't sum up to 0\")", name)
			e.add("S = Σ s / n = %s", s.Band(score).Render(fixed5(score)))
		} else {
			e.object(id, score)
		}
		e.line(s.Muted.Render("the keys of both sides take part; a key one side lacks counts as null there"))
		e.children(id)
	case rk == jsondoc.Array:
		re, oe := t.Ref().Child(r) == jsondoc.None, t.Out().Child(o) == jsondoc.None
		switch {
		case re && oe:
			e.add("score = 1 (two empty lists)")
			return
		case re != oe:
			e.add("one list is empty and the other is not: %s fails here", name)
			e.add("(ZeroDivisionError); jsontui scores it %s", s.Bad.Render("0"))
			return
		}
		e.array(id, score)
		e.line(s.Muted.Render(fmt.Sprintf("%s averages over zip(r, o): the shorter list's length; the elements past it take no part", name)))
		e.children(id)
	case rk == jsondoc.String:
		e.levenshtein(t.Ref().Str(r), t.Out().Str(o), score, name+": code points as written, no normalization")
	case rk == jsondoc.Null:
		e.add("score = 1 (both null)")
	default:
		rv, ov := lynxiusNumber(t.Ref(), r), lynxiusNumber(t.Out(), o)
		if rk == jsondoc.Bool || ok == jsondoc.Bool {
			e.line(s.Muted.Render("booleans count as numbers, true 1 and false 0 (Python's bool is an int)"))
		}
		if rv == ov {
			e.add("score = 1 (equal numbers; 0 and 0 score 1)")
			return
		}
		e.add("score = 1 − |o − r| / (|o| + |r|)")
		e.add("      = 1 − |%s − %s| / (|%s| + |%s|)", report.Figure(ov), report.Figure(rv), report.Figure(ov), report.Figure(rv))
		e.add("      = %s", s.Band(score).Render(fixed5(score)))
	}
}

func isBoolOrNumber(k jsondoc.Kind) bool { return k == jsondoc.Bool || k == jsondoc.Number }

// lynxiusNumber is a number, or a boolean as Python's int.
func lynxiusNumber(d *jsondoc.Doc, v jsondoc.ID) float64 {
	if d.Kind(v) == jsondoc.Bool {
		if d.Bool(v) {
			return 1
		}
		return 0
	}
	return d.Float(v)
}

// maxLeafWalk caps the nodes the uipath calculation walks to count the
// leaves below a node; past it the pane writes the weighted mean.
const maxLeafWalk = 1 << 20

// leaves counts the reference leaves below id that have a score (in
// scope), and sums their scores; ok is false past maxLeafWalk nodes.
func leaves(t *scoring.Tree, id scoring.NodeID) (n int, sum float64, ok bool) {
	stack := []scoring.NodeID{id}
	walked := 0
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if walked++; walked > maxLeafWalk {
			return 0, 0, false
		}
		first, count := t.Children(x)
		if count == 0 {
			if s, has := t.Score(x); has && !t.Kind(x).IsContainer() && t.RefValue(x) != jsondoc.None {
				n++
				sum += s
			}
			continue
		}
		for c := first; c < first+scoring.NodeID(count); c++ {
			stack = append(stack, c)
		}
	}
	return n, sum, true
}

// uipath writes the calculation by UiPath's JsonSimilarityEvaluator.
func (e *explainer) uipath(id scoring.NodeID) {
	t, s := e.t, e.c.styles
	name := e.metric.name
	score, has := t.Score(id)
	r, o := t.RefValue(id), t.OutValue(id)
	if r == jsondoc.None {
		e.add("only the output has this value: %s ignores it (it walks the reference)", name)
		return
	}
	if !has {
		e.add("no score: outside the --target paths, it takes no part")
		return
	}
	res := s.Band(score).Render(fixed5(score))
	rk := t.Ref().Kind(r)
	if rk.IsContainer() {
		n, sum, ok := leaves(t, id)
		switch {
		case !ok:
			e.add("score = Σ (its share of the leaves) · s over its children = %s", res)
		case n == 0 && id == 0:
			e.add("score = 1: the reference has no leaf (\"Total leaves are 0\")")
		case n == 0:
			e.add("no leaf below: it takes no part")
		default:
			e.add("score = matched leaves / leaves = Σ leaf scores / leaves")
			e.add("      = %s / %d = %s", trim5(sum), n, res)
		}
		switch {
		case o == jsondoc.None:
			e.line(s.Muted.Render("the output has no value here: every leaf below scores 0"))
		case t.Out().Kind(o) != rk:
			e.line(s.Muted.Render(fmt.Sprintf("the output has %s %s here: every leaf below scores 0", article(t.Out().Kind(o)), t.Out().Kind(o))))
		default:
			e.line(s.Muted.Render("a leaf scores in [0, 1]; output keys and elements the reference lacks are ignored"))
		}
		e.children(id)
		return
	}
	e.add("a leaf: it counts 1 in the leaves of every node above it")
	switch {
	case o == jsondoc.None:
		e.add("the output has no value here: %s", s.Bad.Render("0"))
		return
	case t.Out().Kind(o) != rk:
		e.add("the reference has %s %s, the output %s %s: %s", article(rk), rk, article(t.Out().Kind(o)), t.Out().Kind(o), s.Bad.Render("0"))
		return
	}
	switch rk {
	case jsondoc.Number:
		ev, av := t.Ref().Float(r), t.Out().Float(o)
		ert, art := string(t.Ref().Raw(r)), string(t.Out().Raw(o))
		switch {
		case ev == av:
			e.add("score = 1 (equal numbers)")
			return
		case math.Abs(ev) <= 1e-12:
			e.add("the expected value is 0: score 1 if the actual one is 0 too, else 0 = %s", res)
			return
		}
		e.add("score = max(0, min(1, 1 − |e − a| / |e|))")
		e.add("      = max(0, min(1, 1 − |%s − %s| / |%s|))", ert, art, ert)
		e.add("      = max(0, min(1, 1 − %s)) = %s", report.Figure(math.Abs(ev-av)/math.Abs(ev)), res)
		e.line(s.Muted.Render("relative to the expected value e, not to both (no tolerance)"))
	case jsondoc.String:
		e.levenshtein(t.Ref().Str(r), t.Out().Str(o), score, name+": code points as written, no normalization")
	case jsondoc.Bool:
		e.add("score = %s (booleans: equal or not)", res)
	default:
		e.add("score = 1 (both null)")
	}
}

// galteaNorm is how Galtea compares strings: accents stripped, case
// folded.
const galteaNorm = textsim.NormAccents | textsim.NormCase

// galtea writes the calculation by Galtea's JSON Field Match
// (Normalized).
func (e *explainer) galtea(id scoring.NodeID) {
	t, s := e.t, e.c.styles
	name := e.metric.name
	score, has := t.Score(id)
	strict := t.Options().PenalizeExtraKeys
	if id == 0 {
		first, n := t.Children(id)
		fields, matched := 0, 0
		for c := first; c < first+scoring.NodeID(n); c++ {
			if cs, ok := t.Score(c); ok {
				fields++
				if cs == 1 {
					matched++
				}
			}
		}
		if fields == 0 {
			e.add("score = 1: the reference has no field")
			return
		}
		e.add("score = 1 − non-matching fields / fields")
		e.add("      = 1 − %d / %d = %s", fields-matched, fields, s.Band(score).Render(fixed5(score)))
		what := "the reference's top-level keys"
		if strict {
			what = "the union of both sides' top-level keys (--strict-fields)"
		}
		e.line(s.Muted.Render("fields: " + what + "; a field matches when the output's value equals the reference's after accent stripping and case folding"))
		e.children(id)
		return
	}
	r, o := t.RefValue(id), t.OutValue(id)
	no, yes := s.Bad.Render("no match (0)"), s.Good.Render("a match (1)")
	switch {
	case r == jsondoc.None && strict:
		e.add("only the output has this field: with --strict-fields it counts, and never matches: %s", no)
		return
	case r == jsondoc.None || !has:
		e.add("only the output has this field: %s does not count it", name)
		return
	case o == jsondoc.None:
		e.add("the output lacks this field: %s", no)
		return
	}
	rk, ok := t.Ref().Kind(r), t.Out().Kind(o)
	verdict := func(match bool) string {
		if match {
			return yes
		}
		return no
	}
	switch {
	case rk != ok:
		e.add("the reference has %s %s, the output %s %s:", article(rk), rk, article(ok), ok)
		e.add("values are compared strictly (30 ≠ \"30\"): %s", no)
	case rk == jsondoc.String:
		rs, os := t.Ref().Str(r), t.Out().Str(o)
		nr, no2 := galteaNorm.Apply(rs), galteaNorm.Apply(os)
		e.add("a match when equal after accent stripping and case folding:")
		e.add("  %s → %s", quote(rs), quote(nr))
		e.add("  %s → %s", quote(os), quote(no2))
		e.add("%s: %s", map[bool]string{true: "equal", false: "they differ"}[score == 1], verdict(score == 1))
	case rk.IsContainer():
		e.add("compared whole: deep-equal, strings normalized, arrays in order:")
		e.add("  %s", verdict(score == 1))
	default:
		rr, orw := string(t.Ref().Raw(r)), string(t.Out().Raw(o))
		rel := "≠"
		if score == 1 {
			rel = "="
		}
		e.add("a match when the values are equal (strictly: 30 ≠ \"30\"):")
		e.add("  %s %s %s: %s", rr, rel, orw, verdict(score == 1))
	}
	_, n := t.Children(0)
	e.line(s.Muted.Render(fmt.Sprintf("one field of %d: it stands for %s of the score", n, trim5(t.Fraction(id)))))
}
