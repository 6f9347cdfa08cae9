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
// failing-only view shows. A container's score is its children's mean, so
// one that scores 1 has nothing below it that loses points, and the
// ancestors of a node that does lose some too: the walk goes down from
// the root through those nodes only, holding one frame per open container,
// and costs what it keeps (and their children), not the whole tree.
func Failing(t *scoring.Tree) *Set {
	keep := &Set{bits: newBitset(t.Len())}
	loses := func(id scoring.NodeID) bool {
		s, ok := t.Score(id)
		return ok && s < 1 && t.Fraction(id) > 0
	}
	if !loses(0) {
		return keep
	}
	keep.bits.set(0)
	keep.n = 1
	type frame struct{ next, end scoring.NodeID }
	first, n := t.Children(0)
	stack := []frame{{first, first + scoring.NodeID(n)}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.next >= f.end {
			stack = stack[:len(stack)-1]
			continue
		}
		x := f.next
		f.next++
		if !loses(x) {
			continue
		}
		keep.bits.set(int(x))
		keep.n++
		if first, n := t.Children(x); n > 0 {
			stack = append(stack, frame{first, first + scoring.NodeID(n)})
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
// when no leaf loses anything. A leaf loses no more than any container
// above it, so the walk, in document order, skips a subtree that loses
// nothing or no more than the best leaf found so far; it holds one frame
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
		s, has := t.Score(x)
		if !has || s >= 1 {
			continue
		}
		share := f.share * t.Fraction(x)
		if loss := share * (1 - s); loss <= bestLoss {
			continue
		} else if first, n := t.Children(x); n > 0 {
			stack = append(stack, frame{next: first, end: first + scoring.NodeID(n), share: share})
		} else {
			best, bestLoss = x, loss
		}
	}
	return best, best != scoring.NoNode
}
