package report

import (
	"container/heap"
	"encoding/json"
	"fmt"
	"iter"
	"slices"
	"strings"
)

// OnlyLosses returns a copy of r whose Nodes are the nodes with a loss
// above 0, in document order, and whose Selection says so. A node's loss
// is its children's summed, so the nodes kept still form a tree: every
// one's parent is kept too. r itself is left as it is (its nodes are
// still every node, for the history).
func OnlyLosses(r *Report) *Report {
	out := *r
	out.Parts = nil
	out.Selection = "only the nodes with a loss, in document order"
	if r.Nodes == nil {
		return &out
	}
	nodes := r.Nodes
	out.Nodes = func(yield func(*Node) bool) {
		for n := range nodes {
			if n.Loss > 0 && !yield(n) {
				return
			}
		}
	}
	return &out
}

// Top returns a copy of r whose Nodes are its n costliest leaves (nodes
// without children), the largest loss first and, at equal losses, in
// document order; leaves without a loss are never listed, so there may be
// fewer. Selection says so, and Flat is set: the rows are a list, not a
// tree. It walks r's nodes once, holding n of them.
func Top(r *Report, n int) *Report {
	out := *r
	out.Parts = nil
	out.Flat = true
	out.Selection = fmt.Sprintf("the %d costliest leaves, largest loss first", n)
	if n == 1 {
		out.Selection = "the costliest leaf"
	}
	if r.Nodes == nil || n <= 0 {
		out.Nodes = nil
		return &out
	}
	nodes := r.Nodes
	out.Nodes = func(yield func(*Node) bool) {
		for _, x := range costliest(nodes, n) {
			if !yield(x) {
				return
			}
		}
	}
	return &out
}

// costliest returns the n leaves of nodes with the largest losses above
// 0, largest first, ties in document order. A node is a leaf when the
// next one is not deeper; it is copied (the walk reuses its Node) only
// while it may still be one of the n.
func costliest(nodes iter.Seq[*Node], n int) []*Node {
	h := &leafHeap{}
	var pending *Node // the latest candidate, until the next node says whether it is a leaf
	seq := 0
	settle := func(next *Node) {
		if pending != nil && (next == nil || next.Depth <= pending.Depth) {
			heap.Push(h, ranked{pending, seq})
			if h.Len() > n {
				heap.Pop(h)
			}
		}
		pending = nil
	}
	for x := range nodes {
		settle(x)
		seq++
		if x.Loss > 0 && (h.Len() < n || x.Loss > h.items[0].node.Loss) {
			pending = clone(x)
		}
	}
	settle(nil)
	out := make([]ranked, len(h.items))
	copy(out, h.items)
	slices.SortFunc(out, func(a, b ranked) int {
		if a.node.Loss != b.node.Loss {
			if a.node.Loss > b.node.Loss {
				return -1
			}
			return 1
		}
		return a.seq - b.seq
	})
	leaves := make([]*Node, len(out))
	for i, r := range out {
		leaves[i] = r.node
	}
	return leaves
}

// clone returns a copy of x that owns its strings and values.
func clone(x *Node) *Node {
	c := *x
	c.Path, c.Label = strings.Clone(x.Path), strings.Clone(x.Label)
	if x.Reference != nil {
		c.Reference = json.RawMessage(slices.Clone([]byte(x.Reference)))
	}
	if x.Output != nil {
		c.Output = json.RawMessage(slices.Clone([]byte(x.Output)))
	}
	return &c
}

// ranked is a leaf and its place in document order.
type ranked struct {
	node *Node
	seq  int
}

// leafHeap is a min-heap of leaves by loss, the later one first at equal
// losses: its top is the first to give way.
type leafHeap struct{ items []ranked }

func (h *leafHeap) Len() int { return len(h.items) }
func (h *leafHeap) Less(i, j int) bool {
	a, b := h.items[i], h.items[j]
	if a.node.Loss != b.node.Loss {
		return a.node.Loss < b.node.Loss
	}
	return a.seq > b.seq
}
func (h *leafHeap) Swap(i, j int) { h.items[i], h.items[j] = h.items[j], h.items[i] }
func (h *leafHeap) Push(x any)    { h.items = append(h.items, x.(ranked)) }
func (h *leafHeap) Pop() any {
	x := h.items[len(h.items)-1]
	h.items = h.items[:len(h.items)-1]
	return x
}
