package scoring

import (
	"encoding/json"
	"iter"
	"math"
	"slices"
	"unsafe"

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
		Parts:     t.parts,
	}
	if t.weights != nil {
		r.Weights = t.weights.Name()
	}
	if t.opt.KeyRules != nil {
		r.Rules = t.opt.KeyRules.Name()
	}
	r.Score, r.HasScore = t.Total()
	if t.Approximate() {
		r.Approx = true
		r.High, _ = t.TotalHigh()
	}
	if rep := t.out.Repair(); rep != "" {
		r.Repairs = append(r.Repairs, rep)
	}
	for _, w := range t.Warnings() {
		r.AddWarning(report.Warning{Path: w.Path, Message: w.Message, Setting: w.Setting})
	}
	r.MoreWarnings += t.OmittedWarnings()
	return r
}

// A walkFrame is a container whose children the walk is going through:
// children [next, end) are still to come. Holding one frame per open
// container, not one item per pending child, keeps the walk's memory to
// the tree's depth however wide its arrays are.
type walkFrame struct {
	next, end NodeID
	depth     int     // the children's depth
	share     float64 // the container's share of the total
	pathLen   int     // length of the container's path in the buffer
}

// nodesSeq walks the tree depth-first in document order.
func (t *Tree) nodesSeq() iter.Seq[*report.Node] {
	return t.walkSeq([]walkFrame{{next: 0, end: 1, share: 1}}, nil, NoNode)
}

// walkSeq walks depth-first from the given stack of frames (the top one
// next) and path buffer (holding the top frame's container path),
// stopping before node stop. The root is the one child of a frame of
// share 1 at depth 0.
func (t *Tree) walkSeq(start []walkFrame, startPath []byte, stop NodeID) iter.Seq[*report.Node] {
	return func(yield func(*report.Node) bool) {
		var rn report.Node
		path := append(make([]byte, 0, 256), startPath...)
		stack := append(make([]walkFrame, 0, 64), start...)
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if f.next >= f.end {
				stack = stack[:len(stack)-1]
				continue
			}
			id := f.next
			f.next++
			if id == stop {
				return
			}
			depth, pathLen := f.depth, f.pathLen
			share := f.share
			if id != 0 {
				share *= t.Fraction(id)
			}
			path = path[:pathLen]
			var label string
			stepAt := -1 // where the element step "[i]" starts in path
			switch {
			case id == 0:
				path = append(path, jsondoc.RootPath...)
				label = jsondoc.RootPath
			case t.IsElement(id):
				if len(path) == 1 {
					path = path[:0]
				}
				stepAt = len(path)
				path = jsondoc.AppendIndex(path, t.Index(id))
				if stepAt == 0 {
					stepAt = 1 // AppendIndex put the root's "." first
				}
			default:
				if len(path) == 1 {
					path = path[:0]
				}
				label = t.Key(id)
				path = jsondoc.AppendKey(path, label)
			}
			// The path is a view of the buffer, valid until the next node
			// (as the Node is): no allocation per node.
			p := unsafe.String(unsafe.SliceData(path), len(path))
			if stepAt >= 0 {
				label = p[stepAt:]
			}
			t.fill(&rn, id, depth, share, p, label)
			if !yield(&rn) {
				return
			}
			if first, count := t.Children(id); count > 0 {
				// f may be stale once the stack grows.
				stack = append(stack, walkFrame{next: first, end: first + NodeID(count),
					depth: depth + 1, share: share, pathLen: len(path)})
			}
		}
	}
}

// minPartNodes is the fewest nodes a tree must have to be walked in parts.
const minPartNodes = 1 << 16

// parts splits the walk into up to n consecutive parts that can be walked
// at the same time: the first goes from the root up to the middle child of
// the widest container near the root, the next from there to the end.
func (t *Tree) parts(n int) []iter.Seq[*report.Node] {
	whole := []iter.Seq[*report.Node]{t.nodesSeq()}
	if n < 2 || t.Len() < minPartNodes {
		return whole
	}
	// The widest container in the first few levels.
	split, width := NoNode, 0
	end := NodeID(t.Len())
	if len(t.levels) > 4 {
		end = t.levels[4]
	}
	for id := NodeID(0); id < end; id++ {
		if _, c := t.Children(id); c > width {
			split, width = id, c
		}
	}
	if width < 2 {
		return whole
	}
	first, _ := t.Children(split)
	mid := first + NodeID(width/2)
	// The stack the walk holds when it reaches mid: a frame for every
	// container on the way down to split, holding its later children,
	// and split's frame from mid.
	var chain []NodeID
	for id := split; id != NoNode; id = t.nodes[id].parent {
		chain = append(chain, id)
	}
	slices.Reverse(chain)
	var stack []walkFrame
	var path []byte
	share := 1.0
	for depth, a := range chain {
		switch {
		case a == 0:
			path = append(path, jsondoc.RootPath...)
		default:
			if len(path) == 1 {
				path = path[:0]
			}
			if t.IsElement(a) {
				path = jsondoc.AppendIndex(path, t.Index(a))
			} else {
				path = jsondoc.AppendKey(path, t.Key(a))
			}
			share *= t.Fraction(a)
		}
		from := mid // the children still to walk below a
		if depth+1 < len(chain) {
			from = chain[depth+1] + 1
		}
		f, c := t.Children(a)
		stack = append(stack, walkFrame{next: from, end: f + NodeID(c), depth: depth + 1, share: share, pathLen: len(path)})
	}
	return []iter.Seq[*report.Node]{
		t.walkSeq([]walkFrame{{next: 0, end: 1, share: 1}}, nil, mid),
		t.walkSeq(stack, path, NoNode),
	}
}

// fill sets rn to the figures of node id.
func (t *Tree) fill(rn *report.Node, id NodeID, depth int, share float64, path, label string) {
	n := &t.nodes[id]
	*rn = report.Node{
		Path:   path,
		Depth:  depth,
		Label:  label,
		Kind:   n.kind.String(),
		Status: statusOf(n.base, n.score, !math.IsNaN(n.score)).String(),
		Weight: t.weightOf(id),
		Share:  share,
	}
	rn.Score, rn.HasScore = n.score, !math.IsNaN(n.score)
	if rn.HasScore {
		rn.Loss = share * (1 - rn.Score)
	}
	if len(t.approx) > 0 && n.agg < 0 {
		rn.High, rn.Approx = t.Approx(id)
	}
	rn.Factor, rn.HasFactor = t.Factor(id)
	_, count := t.block(n)
	if n.ref != jsondoc.None && (count == 0 || !t.ref.Kind(n.ref).IsContainer()) {
		rn.Reference = json.RawMessage(t.ref.Raw(n.ref))
	}
	if n.out != jsondoc.None && (count == 0 || !t.out.Kind(n.out).IsContainer()) {
		rn.Output = json.RawMessage(t.out.Raw(n.out))
	}
	if t.opt.KeyRules != nil && count == 0 {
		if in := t.RuleOf(id); in.Applies {
			rn.Rule = in.Rule.String()
		}
	}
}
