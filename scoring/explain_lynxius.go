package scoring

import (
	"fmt"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
)

// lynxiusExplainer explain a tree by Lynxius's JsonDiffEval (metric_lynxius.go).
type lynxiusExplainer struct{}

func (lynxiusExplainer) Name() string { return "lynxius" }

func (lr lynxiusExplainer) explain(e *explainWriter, id NodeID) {
	t := e.t
	name := lr.Name()
	st := t.Status(id)
	score, has := t.Score(id)
	r, o := t.RefValue(id), t.OutValue(id)
	switch {
	case st == Extra && t.IsElement(id):
		e.add("past the shorter list: %s averages lists over zip(), the shorter", name)
		e.add("length: this element takes no part")
		return
	case r == jsondoc.None && has:
		e.add("only the output has this key: %s compares the union of both sides'", name)
		e.add("keys, the reference's side counting as null (o1.get(key)): score %s,", scoreSpan(score))
		e.add("weight %s (the weights file's at this place, 1 without an entry)", report.Figure(t.Weight(id)))
		return
	case r == jsondoc.None:
		e.add("only the output has this value: it takes no part")
		return
	case o == jsondoc.None:
		if t.ref.Kind(r) == jsondoc.Null {
			e.add("the output has no value here: absent counts as null, and null vs null: %s", good("1"))
		} else {
			e.add("the output has no value here: absent counts as null: %s", bad("0"))
		}
		return
	}
	rk, ok := t.ref.Kind(r), t.out.Kind(o)
	if rk != ok && !(isBoolOrNumber(rk) && isBoolOrNumber(ok)) {
		e.add("the reference has %s %s, the output %s %s: %s", article(rk), rk, article(ok), ok, bad("0"))
		if rk.IsContainer() {
			e.add("(%s scores a container against anything else 0, whatever is below)", name)
		}
		return
	}
	switch {
	case rk == jsondoc.Object:
		lr.object(e, id, score, has)
	case rk == jsondoc.Array:
		re, oe := t.ref.Child(r) == jsondoc.None, t.out.Child(o) == jsondoc.None
		switch {
		case re && oe:
			e.add("score = 1 (two empty lists)")
			return
		case re != oe:
			e.add("one list is empty and the other is not: %s fails here", name)
			e.add("(ZeroDivisionError); jsontui scores it %s", bad("0"))
			return
		}
		e.array(id, score)
		e.note(fmt.Sprintf("%s averages over zip(r, o): the shorter list's length; the elements past it take no part", name))
		e.children(id)
	case rk == jsondoc.String:
		e.levenshtein(t.ref.Str(r), t.out.Str(o), score, name+": code points as written, no normalization")
	case rk == jsondoc.Null:
		e.add("score = 1 (both null)")
	default:
		lynxiusNumbers(e, id, score)
	}
}

// object explains an object's score: the weighted mean of its keys', or
// their mean when every weight is 0.
func (lr lynxiusExplainer) object(e *explainWriter, id NodeID, score float64, has bool) {
	t := e.t
	if !has {
		e.add("no key takes part: no score")
		return
	}
	first, n := t.Children(id)
	var sumW float64
	for c := first; c < first+NodeID(n); c++ {
		sumW += t.Weight(c)
	}
	if sumW == 0 {
		e.add("every weight is 0: %s weighs each key 1 (\"weights can't sum up to 0\")", lr.Name())
		e.add("S = Σ s / n = %s", scoreSpan(score))
	} else {
		e.object(id, score)
	}
	e.note("the keys of both sides take part; a key one side lacks counts as null there")
	e.children(id)
}

// lynxiusNumbers explains the score of two numbers (or booleans, as
// Python's ints).
func lynxiusNumbers(e *explainWriter, id NodeID, score float64) {
	t := e.t
	r, o := t.RefValue(id), t.OutValue(id)
	rv, ov := lynxiusNumber(t.ref, r), lynxiusNumber(t.out, o)
	if t.ref.Kind(r) == jsondoc.Bool || t.out.Kind(o) == jsondoc.Bool {
		e.note("booleans count as numbers, true 1 and false 0 (Python's bool is an int)")
	}
	if rv == ov {
		e.add("score = 1 (equal numbers; 0 and 0 score 1)")
		return
	}
	e.add("score = 1 − |o − r| / (|o| + |r|)")
	e.add("      = 1 − |%s − %s| / (|%s| + |%s|)", report.Figure(ov), report.Figure(rv), report.Figure(ov), report.Figure(rv))
	e.add("      = %s", scoreSpan(score))
}

// lynxiusNumber is a number, or a boolean as Python's int.
func lynxiusNumber(d *jsondoc.Doc, v jsondoc.ID) float64 {
	if d.Kind(v) == jsondoc.Bool {
		return boolNumber(d, v)
	}
	return d.Float(v)
}
