package outline

import "github.com/jsontui/jsontui/scoring"

// Set is a set of the nodes of a tree.
type Set struct {
	bits bitset
	n    int
}

// Has reports whether node id is in the set.
func (s *Set) Has(id scoring.NodeID) bool { return s.bits.has(int(id)) }

// Len returns the number of nodes in the set.
func (s *Set) Len() int { return s.n }

// Failing returns the nodes of t that lose points — a score below 1 and
// a share of the total above 0 — and their ancestors: what the
// failing-only view shows. It takes two passes over the nodes (parents
// have smaller ids than their children) and two bits a node.
func Failing(t *scoring.Tree) *Set {
	n := t.Len()
	lost := newBitset(n) // nodes whose share of the total is 0
	keep := &Set{bits: newBitset(n)}
	for i := 1; i < n; i++ {
		id := scoring.NodeID(i)
		if lost.has(int(t.Parent(id))) || t.Fraction(id) == 0 {
			lost.set(i)
		}
	}
	for i := n - 1; i >= 0; i-- {
		id := scoring.NodeID(i)
		if !keep.bits.has(i) {
			if s, ok := t.Score(id); !ok || s >= 1 || lost.has(i) {
				continue
			}
			keep.bits.set(i)
		}
		keep.n++
		if p := t.Parent(id); p != scoring.NoNode {
			keep.bits.set(int(p))
		}
	}
	return keep
}

// Filter returns the set of nodes shown, nil when every node shows.
func (o *Outline) Filter() *Set { return o.filter }

// SetFilter shows only the nodes of keep from now on (nil: every node),
// keeping which nodes are open. keep must hold the root and, with each
// node, its parent.
func (o *Outline) SetFilter(keep *Set) {
	o.filter = keep
	o.sorted, o.kept = nil, nil // the figures may have changed too
	o.rebuild(len(o.rows))
}

// Costliest returns the leaf of t (a node without children) with the
// largest loss, the first in document order at equal losses; ok is false
// when no leaf loses anything. It walks the tree once, holding one frame
// per open container.
func Costliest(t *scoring.Tree) (id scoring.NodeID, ok bool) {
	type frame struct {
		next, end scoring.NodeID
		share     float64
	}
	best, bestLoss := scoring.NoNode, 0.0
	stack := []frame{{next: 0, end: 1, share: 1}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.next >= f.end {
			stack = stack[:len(stack)-1]
			continue
		}
		x := f.next
		f.next++
		share := f.share * t.Fraction(x)
		if share == 0 {
			continue // nothing below it takes part
		}
		if first, n := t.Children(x); n > 0 {
			stack = append(stack, frame{next: first, end: first + scoring.NodeID(n), share: share})
			continue
		}
		if s, has := t.Score(x); has {
			if loss := share * (1 - s); loss > bestLoss {
				best, bestLoss = x, loss
			}
		}
	}
	return best, best != scoring.NoNode
}
