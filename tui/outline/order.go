package outline

import (
	"cmp"
	"math"
	"slices"

	"github.com/jsontui/jsontui/scoring"
)

// Order is the order children are listed in.
type Order uint8

// The orders `o` cycles through.
const (
	Document Order = iota // as the reference has them
	ByLoss                // largest loss first
	ByScore               // lowest score first, no score last
)

var orderNames = [...]string{"document", "loss", "score"}

// String returns the order's name.
func (o Order) String() string { return orderNames[o%3] }

// Next returns the order after o.
func (o Order) Next() Order { return (o + 1) % 3 }

// Order returns the order in force.
func (o *Outline) Order() Order { return o.order }

// SetOrder lists children in order ord from now on, keeping which nodes
// are open.
func (o *Outline) SetOrder(ord Order) {
	o.order = ord
	o.sorted, o.kept = nil, nil
	o.rebuild(len(o.rows))
}

// Refresh re-sorts after the figures changed (a weight edit), when the
// order depends on them. It reports whether the rows were rebuilt.
func (o *Outline) Refresh() bool {
	if o.order == Document {
		return false
	}
	o.sorted, o.kept = nil, nil
	o.rebuild(len(o.rows))
	return true
}

// plain reports whether the children shown of a node with n children are
// all of them in document order: nothing to look up.
func (o *Outline) plain(n int) bool {
	return o.filter == nil && (o.order == Document || n < 2)
}

// childCount returns the number of children of id shown.
func (o *Outline) childCount(id scoring.NodeID) int {
	_, n := o.t.Children(id)
	if o.plain(n) {
		return n
	}
	return len(o.shown(id))
}

// child returns the k-th child of id shown, in display order.
func (o *Outline) child(id scoring.NodeID, k int) scoring.NodeID {
	first, n := o.t.Children(id)
	if o.plain(n) {
		return first + scoring.NodeID(k)
	}
	return o.shown(id)[k]
}

// Children returns the children of id in display order, the ones a
// filter hides included.
func (o *Outline) Children(id scoring.NodeID) []scoring.NodeID {
	first, n := o.t.Children(id)
	if o.order != Document && n >= 2 {
		return o.sortedChildren(id)
	}
	out := make([]scoring.NodeID, n)
	for k := range out {
		out[k] = first + scoring.NodeID(k)
	}
	return out
}

// shown returns (and caches) the children of id that the filter keeps,
// in display order.
func (o *Outline) shown(id scoring.NodeID) []scoring.NodeID {
	if o.filter == nil {
		return o.Children(id)
	}
	if s, ok := o.kept[id]; ok {
		return s
	}
	var out []scoring.NodeID
	for _, c := range o.Children(id) {
		if o.filter.Has(c) {
			out = append(out, c)
		}
	}
	if o.kept == nil {
		o.kept = make(map[scoring.NodeID][]scoring.NodeID)
	}
	o.kept[id] = out
	return out
}

// sortedChildren returns (and caches) the children of id sorted by the
// order in force.
func (o *Outline) sortedChildren(id scoring.NodeID) []scoring.NodeID {
	if s, ok := o.sorted[id]; ok {
		return s
	}
	first, n := o.t.Children(id)
	type keyed struct {
		id  scoring.NodeID
		key float64
	}
	ks := make([]keyed, n)
	share := o.t.Share(id)
	for k := range ks {
		c := first + scoring.NodeID(k)
		s, ok := o.t.Score(c)
		var key float64
		switch o.order {
		case ByLoss:
			if ok {
				key = -share * o.t.Fraction(c) * (1 - s)
			}
		case ByScore:
			key = s
			if !ok {
				key = math.Inf(1)
			}
		}
		ks[k] = keyed{c, key}
	}
	slices.SortStableFunc(ks, func(a, b keyed) int { return cmp.Compare(a.key, b.key) })
	out := make([]scoring.NodeID, n)
	for k := range ks {
		out[k] = ks[k].id
	}
	if o.sorted == nil {
		o.sorted = make(map[scoring.NodeID][]scoring.NodeID)
	}
	o.sorted[id] = out
	return out
}
