package scoring

import (
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// This file holds the vendor aggregation: how the Options switches that
// the vendor metrics are made of (lynxius, uipath) aggregate a container,
// beside jsondiff's aggregation in aggregate.go.

// emptyScore returns the score of container id in which no child takes
// part, when an option decides it; ok is false to fall back on jsondiff's
// aggregation.
func (t *Tree) emptyScore(id NodeID) (s float64, ok bool) {
	n := &t.nodes[id]
	switch {
	case t.opt.LeafWeights && id == 0:
		// UiPath: "Total leaves are 0" scores 1.
		return 1, true
	case t.opt.ShorterLists && n.kind == jsondoc.Array && n.base == compared:
		// Two empty lists score 1. One empty list against a non-empty
		// one pairs nothing: Lynxius divides by zero there; it scores 0,
		// and the lynxius metric says so.
		if t.ref.Child(n.ref) == jsondoc.None && t.out.Child(n.out) == jsondoc.None {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// setLeafWeights sets every node's weight to its share of its parent's
// reference leaves (Options.LeafWeights): a scalar of the reference is
// one leaf, a container has its children's, an extra node none. With a
// scope, only the leaves at or below its nodes count.
func (t *Tree) setLeafWeights() {
	in := t.scopeMask()
	leaves := make([]int64, len(t.nodes))
	for i := len(t.nodes) - 1; i >= 0; i-- {
		n := &t.nodes[i]
		switch {
		case n.base == extra || n.has(bitAside):
		case n.agg >= 0 && t.aggs[n.agg].count > 0:
			a := &t.aggs[n.agg]
			for c := a.first; c < a.first+NodeID(a.count); c++ {
				leaves[i] += leaves[c]
			}
		case !n.kind.IsContainer() && (in == nil || in[i]):
			leaves[i] = 1
		}
	}
	if len(t.leafWeights) != len(t.nodes) {
		t.leafWeights = make([]float64, len(t.nodes))
	}
	for i := range t.nodes {
		n := &t.nodes[i]
		n.set(bitOwnWeight, true)
		switch {
		case n.parent == NoNode:
			t.leafWeights[i] = 1
		case leaves[n.parent] == 0:
			t.leafWeights[i] = 0
		default:
			t.leafWeights[i] = float64(leaves[i]) / float64(leaves[n.parent])
		}
	}
}

// scopeMask marks the nodes at or below a node of the scope; nil when the
// tree has no scope (everything counts).
func (t *Tree) scopeMask() []bool {
	if t.scope == nil {
		return nil
	}
	in := make([]bool, len(t.nodes))
	for _, id := range t.scope {
		in[id] = true
	}
	// Parents come before their children.
	for i := range t.nodes {
		if p := t.nodes[i].parent; p != NoNode && in[p] {
			in[i] = true
		}
	}
	return in
}

// setScope restricts the leaves that count to those at or below the given
// nodes, and rescores.
func (t *Tree) setScope(ids []NodeID) {
	t.scope = ids
	t.recomputeAll()
}
