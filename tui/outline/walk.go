package outline

import "github.com/jsontui/jsontui/scoring"

// Pred tells whether a node is wanted (Want), and whether its subtree may
// hold a wanted node (May); May lets a walk skip whole subtrees.
type Pred struct {
	Want, May func(scoring.NodeID) bool
}

// Next returns the first wanted node after id in display order over the
// whole tree, collapsed nodes included (pre-order, children in the order
// in force).
func (o *Outline) Next(id scoring.NodeID, p Pred) (scoring.NodeID, bool) {
	if p.May(id) {
		for k, n := 0, o.childCount(id); k < n; k++ {
			if r, ok := o.first(o.child(id, k), p); ok {
				return r, true
			}
		}
	}
	for x := id; x != 0; {
		par := o.t.Parent(x)
		for k, n := o.position(par, x)+1, o.childCount(par); k < n; k++ {
			if r, ok := o.first(o.child(par, k), p); ok {
				return r, true
			}
		}
		x = par
	}
	return scoring.NoNode, false
}

// Prev returns the last wanted node before id in display order.
func (o *Outline) Prev(id scoring.NodeID, p Pred) (scoring.NodeID, bool) {
	for x := id; x != 0; {
		par := o.t.Parent(x)
		for k := o.position(par, x) - 1; k >= 0; k-- {
			if r, ok := o.last(o.child(par, k), p); ok {
				return r, true
			}
		}
		if p.Want(par) {
			return par, true
		}
		x = par
	}
	return scoring.NoNode, false
}

// Last returns the last node shown in pre-order over the whole tree,
// collapsed nodes included: the last child shown, down.
func (o *Outline) Last() scoring.NodeID {
	x := scoring.NodeID(0)
	for {
		n := o.childCount(x)
		if n == 0 {
			return x
		}
		x = o.child(x, n-1)
	}
}

// first returns the first wanted node of the subtree of id, in pre-order.
func (o *Outline) first(id scoring.NodeID, p Pred) (scoring.NodeID, bool) {
	if p.Want(id) {
		return id, true
	}
	if !p.May(id) {
		return scoring.NoNode, false
	}
	for k, n := 0, o.childCount(id); k < n; k++ {
		if r, ok := o.first(o.child(id, k), p); ok {
			return r, true
		}
	}
	return scoring.NoNode, false
}

// last returns the last wanted node of the subtree of id, in pre-order.
func (o *Outline) last(id scoring.NodeID, p Pred) (scoring.NodeID, bool) {
	if p.May(id) {
		for k := o.childCount(id) - 1; k >= 0; k-- {
			if r, ok := o.last(o.child(id, k), p); ok {
				return r, true
			}
		}
	}
	if p.Want(id) {
		return id, true
	}
	return scoring.NoNode, false
}

// position returns the display position of child c among par's children
// shown (-1 when the filter hides it).
func (o *Outline) position(par, c scoring.NodeID) int {
	first, n := o.t.Children(par)
	if o.plain(n) {
		return int(c - first)
	}
	for k, x := range o.shown(par) {
		if x == c {
			return k
		}
	}
	return -1
}

// Lossy is the predicate of the nodes with a loss. A node without a loss
// has none below it either (a node's loss is the sum of its children's),
// so whole subtrees are skipped.
func Lossy(t *scoring.Tree) Pred {
	f := func(id scoring.NodeID) bool { return t.Loss(id) > 0 }
	return Pred{Want: f, May: f}
}
