package scoring

import (
	"fmt"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
)

// galteaExplainer explain a tree by Galtea's JSON Field Match (Normalized)
// (metric_galtea.go).
type galteaExplainer struct{}

func (galteaExplainer) Name() string { return "galtea" }

func (gr galteaExplainer) explain(e *explainWriter, id NodeID) {
	t := e.t
	name := gr.Name()
	score, has := t.Score(id)
	strict := t.opt.PenalizeExtraKeys
	if id == 0 {
		first, n := t.Children(id)
		fields, matched := galteaFields(t), 0
		for c := first; c < first+NodeID(n); c++ {
			if cs, ok := t.Score(c); ok && cs == 1 {
				matched++
			}
		}
		if fields == 0 {
			e.add("score = 1: the reference has no field")
			return
		}
		e.add("score = 1 − non-matching fields / fields")
		e.add("      = 1 − %d / %d = %s", fields-matched, fields, scoreSpan(score))
		what := "the reference's top-level keys"
		if strict {
			what = "the union of both sides' top-level keys (strict-fields)"
		}
		e.note("fields: " + what + "; a field matches when the output's value equals the reference's after accent stripping and case folding")
		e.children(id)
		return
	}
	r, o := t.RefValue(id), t.OutValue(id)
	no, yes := bad("no match (0)"), good("a match (1)")
	switch {
	case r == jsondoc.None && strict:
		e.add("only the output has this field: with strict-fields it counts, and never matches: %s", no)
		return
	case r == jsondoc.None || !has:
		e.add("only the output has this field: %s does not count it", name)
		return
	case o == jsondoc.None:
		e.add("the output lacks this field: %s", no)
		return
	}
	rk, ok := t.ref.Kind(r), t.out.Kind(o)
	verdict := func(match bool) Span {
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
		rs, os := t.ref.Str(r), t.out.Str(o)
		e.add("a match when equal after accent stripping and case folding:")
		e.add("  %s → %s", quote(rs), quote(galteaNorm.Apply(rs)))
		e.add("  %s → %s", quote(os), quote(galteaNorm.Apply(os)))
		if score == 1 {
			e.add("equal: %s", yes)
		} else {
			e.add("they differ: %s", no)
		}
	case rk.IsContainer():
		e.add("compared whole: deep-equal, strings normalized, arrays in order:")
		e.add("  %s", verdict(score == 1))
	default:
		rr, orw := string(t.ref.Raw(r)), string(t.out.Raw(o))
		rel := "≠"
		if score == 1 {
			rel = "="
		}
		e.add("a match when the values are equal (strictly: 30 ≠ \"30\"):")
		e.add("  %s %s %s: %s", rr, rel, orw, verdict(score == 1))
	}
	e.note(fmt.Sprintf("one field of %d: it stands for %s of the score", galteaFields(t), report.Trim5(t.Fraction(id))))
}

// galteaFields counts the fields that count: the root's children that
// have a score (the reference's keys, and with --strict-fields the
// output's too).
func galteaFields(t *Tree) int {
	first, n := t.Children(0)
	fields := 0
	for c := first; c < first+NodeID(n); c++ {
		if _, ok := t.Score(c); ok {
			fields++
		}
	}
	return fields
}
