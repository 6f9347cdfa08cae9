package scoring

import (
	"fmt"
	"math"
	"slices"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
)

// uipathExplainer explain a tree by UiPath's JsonSimilarityEvaluator
// (metric_uipath.go).
type uipathExplainer struct{}

func (uipathExplainer) Name() string { return "uipath" }

// maxLeafWalk caps the nodes Leaves walks to count the leaves below a
// node.
const maxLeafWalk = 1 << 20

// Leaves counts the reference leaves below node id that have a score and
// count (with uipath's --target, those at or below a target), and sums
// their scores: under uipath's aggregation a container's score is sum / n. ok
// is false past 2^20 nodes walked.
func (t *Tree) Leaves(id NodeID) (n int, sum float64, ok bool) {
	// One frame per open container, children [next, end) still to come:
	// the walk's memory is the tree's depth, however wide.
	type frame struct {
		next, end NodeID
		in        bool // at or below a node of the scope
	}
	var stack []frame
	walked := 0
	visit := func(x NodeID, in bool) {
		first, count := t.Children(x)
		if count > 0 {
			stack = append(stack, frame{first, first + NodeID(count), in})
			return
		}
		if s, has := t.Score(x); in && has && !t.Kind(x).IsContainer() && t.RefValue(x) != jsondoc.None {
			n++
			sum += s
		}
	}
	visit(id, t.inScope(id))
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.next == f.end {
			stack = stack[:len(stack)-1]
			continue
		}
		c := f.next
		f.next++
		if walked++; walked > maxLeafWalk {
			return 0, 0, false
		}
		visit(c, f.in || t.scopeNode(c))
	}
	return n, sum, true
}

// inScope reports whether node id is at or below a node of the tree's
// scope (every node is when the tree has none).
func (t *Tree) inScope(id NodeID) bool {
	if t.scope == nil {
		return true
	}
	for x := id; x != NoNode; x = t.Parent(x) {
		if t.scopeNode(x) {
			return true
		}
	}
	return false
}

// scopeNode reports whether id is one of the scope's nodes.
func (t *Tree) scopeNode(id NodeID) bool { return slices.Contains(t.scope, id) }

// holdsScope reports whether a node of the scope is at or below id.
func (t *Tree) holdsScope(id NodeID) bool {
	for _, s := range t.scope {
		for x := s; x != NoNode; x = t.Parent(x) {
			if x == id {
				return true
			}
		}
	}
	return false
}

func (ur uipathExplainer) explain(e *explainWriter, id NodeID) {
	t := e.t
	name := ur.Name()
	score, has := t.Score(id)
	r, o := t.RefValue(id), t.OutValue(id)
	if r == jsondoc.None {
		e.add("only the output has this value: %s ignores it (it walks the reference)", name)
		return
	}
	if !has || !t.inScope(id) && !t.holdsScope(id) {
		e.add("outside the target paths: it takes no part (weight 0)")
		return
	}
	res := scoreSpan(score)
	rk := t.ref.Kind(r)
	if rk.IsContainer() {
		n, sum, ok := t.Leaves(id)
		switch {
		case !ok:
			e.add("score = Σ (its share of the leaves) · s over its children = %s", res)
		case n == 0 && id == 0:
			e.add("score = 1: the reference has no leaf (\"Total leaves are 0\")")
		case n == 0:
			e.add("no leaf below: it takes no part")
		default:
			e.add("score = matched leaves / leaves = Σ leaf scores / leaves")
			e.add("      = %s / %d = %s", report.Trim5(sum), n, res)
		}
		switch {
		case o == jsondoc.None:
			e.note("the output has no value here: every leaf below scores 0")
		case t.out.Kind(o) != rk:
			e.note(fmt.Sprintf("the output has %s %s here: every leaf below scores 0", article(t.out.Kind(o)), t.out.Kind(o)))
		default:
			e.note("a leaf scores in [0, 1]; output keys and elements the reference lacks are ignored")
		}
		e.children(id)
		return
	}
	e.add("a leaf: it counts 1 in the leaves of every node above it")
	switch {
	case o == jsondoc.None:
		e.add("the output has no value here: %s", bad("0"))
		return
	case t.out.Kind(o) != rk:
		e.add("the reference has %s %s, the output %s %s: %s", article(rk), rk, article(t.out.Kind(o)), t.out.Kind(o), bad("0"))
		return
	}
	switch rk {
	case jsondoc.Number:
		ev, av := t.ref.Float(r), t.out.Float(o)
		ert, art := string(t.ref.Raw(r)), string(t.out.Raw(o))
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
		e.note("relative to the expected value e, not to both (no tolerance)")
	case jsondoc.String:
		e.levenshtein(t.ref.Str(r), t.out.Str(o), score, name+": code points as written, no normalization")
	case jsondoc.Bool:
		e.add("score = %s (booleans: equal or not)", res)
	default:
		e.add("score = 1 (both null)")
	}
}
