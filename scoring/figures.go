package scoring

import (
	"encoding/json"
	"iter"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
)

// Report returns the tree's figures as a report for the named metric.
// Its Nodes iterate the tree in document order, deriving shares and
// losses on the way; the tree must not change while they are iterated.
func (t *Tree) Report(metric string, options []string) *report.Report {
	r := &report.Report{
		Metric:    metric,
		Options:   options,
		Reference: t.ref.Name(),
		Output:    t.out.Name(),
		Nodes:     t.nodesSeq(),
	}
	if t.weights != nil {
		r.Weights = t.weights.Name()
	}
	r.Score, r.HasScore = t.Total()
	if rep := t.out.Repair(); rep != "" {
		r.Repairs = append(r.Repairs, rep)
	}
	for _, w := range t.warnings {
		r.Warnings = append(r.Warnings, report.Warning{Path: w.Path, Message: w.Message})
	}
	return r
}

type walkItem struct {
	id      NodeID
	depth   int
	share   float64
	pathLen int // length of the parent's path in the buffer
}

// nodesSeq walks the tree depth-first in document order.
func (t *Tree) nodesSeq() iter.Seq[*report.Node] {
	return func(yield func(*report.Node) bool) {
		var rn report.Node
		path := make([]byte, 0, 256)
		stack := []walkItem{{id: 0, share: 1}}
		for len(stack) > 0 {
			it := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			id := it.id
			path = path[:it.pathLen]
			switch {
			case id == 0:
				path = append(path, jsondoc.RootPath...)
			case t.IsElement(id):
				if len(path) == 1 {
					path = path[:0]
				}
				path = jsondoc.AppendIndex(path, t.Index(id))
			default:
				if len(path) == 1 {
					path = path[:0]
				}
				path = jsondoc.AppendKey(path, t.Key(id))
			}
			t.fill(&rn, id, it.depth, it.share, path)
			if !yield(&rn) {
				return
			}
			first, count := t.Children(id)
			for c := first + NodeID(count) - 1; c >= first; c-- {
				stack = append(stack, walkItem{id: c, depth: it.depth + 1,
					share: it.share * t.Fraction(c), pathLen: len(path)})
			}
		}
	}
}

// fill sets rn to the figures of node id.
func (t *Tree) fill(rn *report.Node, id NodeID, depth int, share float64, path []byte) {
	n := &t.nodes[id]
	*rn = report.Node{
		Path:   string(path),
		Depth:  depth,
		Label:  t.Label(id),
		Kind:   n.kind.String(),
		Status: t.Status(id).String(),
		Weight: n.weight,
		Share:  share,
	}
	rn.Score, rn.HasScore = t.Score(id)
	if rn.HasScore {
		rn.Loss = share * (1 - rn.Score)
	}
	rn.Factor, rn.HasFactor = t.Factor(id)
	if n.ref != jsondoc.None && (n.count == 0 || !t.ref.Kind(n.ref).IsContainer()) {
		rn.Reference = json.RawMessage(t.ref.Raw(n.ref))
	}
	if n.out != jsondoc.None && (n.count == 0 || !t.out.Kind(n.out).IsContainer()) {
		rn.Output = json.RawMessage(t.out.Raw(n.out))
	}
}
