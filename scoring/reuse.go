package scoring

import "sync"

// storage is the room of a released tree, which a later Build reuses: a
// dataset of many small cases builds each case's tree in the room of one
// before, sparing the allocation (and the collection) of a tree a case.
type storage struct {
	nodes  []node
	aggs   []aggregate
	slots  []Slot
	levels []NodeID
	used   []bool
	b      builder // the build's first builder, whose buffers are kept
}

// maxReuse is the largest tree (in nodes) whose room is kept: a large
// tree's room is better given back to the system.
const maxReuse = 1 << 16

// pool keeps the room of released trees for the next builds.
var pool sync.Pool

// Release hands the tree's room over to later builds. The tree, and
// everything that reads it (its reports, its node IDs), must not be used
// afterwards. Releasing a tree is never necessary; a caller that builds
// many small trees one after the other (a dataset's cases) saves most of
// their allocation by it.
func (t *Tree) Release() {
	if t == nil || cap(t.nodes) > maxReuse || len(t.segs) > 0 {
		return
	}
	st := t.room
	if st == nil {
		st = &storage{}
	}
	st.nodes, st.aggs, st.slots, st.levels, st.used = t.nodes[:0], t.aggs[:0], t.slots[:0], t.levels[:0], t.used[:0]
	*t = Tree{}
	pool.Put(st)
}

// reuse gives t the room of a released tree when it fits nodes nodes and
// aggs aggregates, and reports whether it did. Either way t.room is the
// storage whose builder the build uses.
func (t *Tree) reuse(nodes, aggs int) bool {
	if nodes <= maxReuse {
		if st, ok := pool.Get().(*storage); ok && cap(st.nodes) >= nodes && cap(st.aggs) >= aggs {
			t.room = st
			t.nodes, t.aggs = st.nodes[:1], st.aggs[:0]
			t.slots, t.levels, t.used = st.slots[:0], st.levels[:0], st.used[:0]
			return true
		}
		// A room too small is dropped: the next trees are likely as
		// large as this one.
	}
	t.room = &storage{}
	return false
}

// builder returns the room's builder for a new build, its buffers
// emptied.
func (st *storage) builder(t *Tree, cs compareSettings) *builder {
	b := &st.b
	*b = builder{t: t, compareSettings: cs, own: b.own[:0], aggs: b.aggs[:0], owners: b.owners[:0],
		pending: b.pending[:0], wide: b.wide[:0], outKeys: b.outKeys, refKeys: b.refKeys, asked: b.asked,
		tally: b.tally, approx: b.approx[:0]}
	clear(b.asked)
	return b
}
