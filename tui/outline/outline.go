// Package outline keeps the rows a tree view shows: a flat list of the
// visible nodes of a scored tree (node id and depth), in display order.
// Expanding a node splices its visible descendants in after it and
// collapsing cuts them out, so a change costs what it shows, not the size
// of the document. Nothing is rendered here: figures are derived by the
// view for the rows in its window.
package outline

import (
	"slices"

	"github.com/jsontui/jsontui/scoring"
)

// Row is one visible node.
type Row struct {
	ID    scoring.NodeID
	Depth int32
}

// Outline is the visible-rows model of a tree. It is not safe for
// concurrent use.
type Outline struct {
	t     *scoring.Tree
	rows  []Row
	open  bitset
	order Order
	// sorted caches the children of a node in a sorted order.
	sorted map[scoring.NodeID][]scoring.NodeID
	// filter, when set, is the nodes shown (Failing); kept caches the
	// children of a node it keeps, in display order.
	filter *Set
	kept   map[scoring.NodeID][]scoring.NodeID
}

// New returns the outline of t with the nodes above depth open, so rows
// down to that depth show (depth 1: the root's children).
func New(t *scoring.Tree, depth int) *Outline {
	o := &Outline{t: t, open: newBitset(t.Len())}
	o.ExpandTo(depth)
	return o
}

// Tree returns the tree the outline shows.
func (o *Outline) Tree() *scoring.Tree { return o.t }

// Len returns the number of visible rows.
func (o *Outline) Len() int { return len(o.rows) }

// Row returns row i.
func (o *Outline) Row(i int) Row { return o.rows[i] }

// Window returns rows [from, to), clamped to the rows there are.
func (o *Outline) Window(from, to int) []Row {
	from = max(0, min(from, len(o.rows)))
	to = max(from, min(to, len(o.rows)))
	return o.rows[from:to]
}

// HasChildren reports whether node id has children to show.
func (o *Outline) HasChildren(id scoring.NodeID) bool {
	return o.childCount(id) > 0
}

// IsOpen reports whether node id is expanded.
func (o *Outline) IsOpen(id scoring.NodeID) bool { return o.open.has(int(id)) }

// Expand opens the node of row i and splices its visible descendants in.
// It reports whether anything changed.
func (o *Outline) Expand(i int) bool {
	r := o.rows[i]
	if o.IsOpen(r.ID) || !o.HasChildren(r.ID) {
		return false
	}
	o.open.set(int(r.ID))
	add := o.appendChildren(nil, r.ID, r.Depth)
	o.rows = slices.Insert(o.rows, i+1, add...)
	return true
}

// Collapse closes the node of row i and cuts its descendants out. The
// descendants keep their own open state for the next Expand.
func (o *Outline) Collapse(i int) bool {
	r := o.rows[i]
	if !o.IsOpen(r.ID) {
		return false
	}
	o.open.clear(int(r.ID))
	o.rows = slices.Delete(o.rows, i+1, o.SubtreeEnd(i))
	return true
}

// Toggle expands or collapses row i.
func (o *Outline) Toggle(i int) bool {
	if o.IsOpen(o.rows[i].ID) {
		return o.Collapse(i)
	}
	return o.Expand(i)
}

// SubtreeEnd returns the index just past the visible descendants of row i.
func (o *Outline) SubtreeEnd(i int) int {
	d := o.rows[i].Depth
	j := i + 1
	for j < len(o.rows) && o.rows[j].Depth > d {
		j++
	}
	return j
}

// ExpandAll opens every node.
func (o *Outline) ExpandAll() {
	for id := 0; id < o.t.Len(); id++ {
		if _, n := o.t.Children(scoring.NodeID(id)); n > 0 {
			o.open.set(id)
		}
	}
	o.rebuild(o.t.Len())
}

// CollapseAll closes every node but the root, leaving the top level
// showing.
func (o *Outline) CollapseAll() { o.ExpandTo(1) }

// ExpandTo opens exactly the nodes above depth, so that rows down to depth
// show (1: the root's children; 0: the root alone).
func (o *Outline) ExpandTo(depth int) {
	o.open.reset()
	rows := 1
	if depth > 0 {
		rows += o.openTo(0, 0, int32(depth))
	}
	o.rebuild(rows)
}

// openTo opens id and its descendants above depth (id is at depth d) and
// returns how many rows that shows below id.
func (o *Outline) openTo(id scoring.NodeID, d, depth int32) int {
	first, n := o.t.Children(id)
	if n == 0 || d >= depth {
		return 0
	}
	o.open.set(int(id))
	rows := n
	if d+1 < depth {
		for c := first; c < first+scoring.NodeID(n); c++ {
			rows += o.openTo(c, d+1, depth)
		}
	}
	return rows
}

// Find returns the row of node id, or -1 when it is not visible. It scans
// from row hint (pass 0 when unknown) in both directions.
func (o *Outline) Find(id scoring.NodeID, hint int) int {
	hint = max(0, min(hint, len(o.rows)-1))
	for lo, hi := hint, hint+1; lo >= 0 || hi < len(o.rows); lo, hi = lo-1, hi+1 {
		if lo >= 0 && o.rows[lo].ID == id {
			return lo
		}
		if hi < len(o.rows) && o.rows[hi].ID == id {
			return hi
		}
	}
	return -1
}

// Reveal opens the ancestors of node id and returns its row.
func (o *Outline) Reveal(id scoring.NodeID) int {
	var path []scoring.NodeID
	for p := o.t.Parent(id); p != scoring.NoNode; p = o.t.Parent(p) {
		path = append(path, p)
	}
	row := 0 // the root's
	for k := len(path) - 1; k >= 0; k-- {
		a := path[k]
		row = o.Find(a, row)
		if row < 0 {
			return -1
		}
		o.Expand(row)
	}
	return o.Find(id, row)
}

// rebuild lists the visible rows from the root; rows is how many there
// will be, or more.
func (o *Outline) rebuild(rows int) {
	if cap(o.rows) < rows {
		o.rows = make([]Row, 0, rows)
	}
	o.rows = append(o.rows[:0], Row{ID: 0})
	if o.IsOpen(0) {
		o.rows = o.appendChildren(o.rows, 0, 0)
	}
}

// appendChildren appends the visible descendants of id, at depth d, in
// display order.
func (o *Outline) appendChildren(dst []Row, id scoring.NodeID, d int32) []Row {
	first, n := o.t.Children(id)
	if o.order == Document || n < 2 {
		// In place: no list of the children to build.
		for c := first; c < first+scoring.NodeID(n); c++ {
			if o.filter == nil || o.filter.Has(c) {
				dst = o.appendRow(dst, c, d)
			}
		}
		return dst
	}
	for _, c := range o.shown(id) {
		dst = o.appendRow(dst, c, d)
	}
	return dst
}

// appendRow appends the row of c, a child of a node at depth d, and its
// visible descendants.
func (o *Outline) appendRow(dst []Row, c scoring.NodeID, d int32) []Row {
	dst = append(dst, Row{ID: c, Depth: d + 1})
	if o.IsOpen(c) {
		dst = o.appendChildren(dst, c, d+1)
	}
	return dst
}

// bitset is a set of small non-negative integers.
type bitset []uint64

func newBitset(n int) bitset    { return make(bitset, (n+63)/64) }
func (b bitset) has(i int) bool { return b[i>>6]&(1<<(i&63)) != 0 }
func (b bitset) set(i int)      { b[i>>6] |= 1 << (i & 63) }
func (b bitset) clear(i int)    { b[i>>6] &^= 1 << (i & 63) }
func (b bitset) reset()         { clear(b) }
