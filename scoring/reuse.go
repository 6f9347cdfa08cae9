package scoring

import "sync"

// storage is the room of a released tree, which a later Build reuses: a
// dataset of many small cases builds each case's tree in the room of one
// before, sparing the allocation (and the collection) of a tree a case.
type storage struct {
	nodes  []node
	aggs   []aggregate
	sl     slotTable
	below  []*keySlots
	levels []NodeID
	used   []bool
	b      builder // the build's first builder, whose buffers are kept
	tree   Tree    // the tree itself
	res    Result  // the tree's result (treeResult)
	// explainer is jsondiff's explainer of the options explained (an
	// immutable box that any number of trees may share), kept for the
	// next tree built here under the same options.
	explainer Explainer
	explained MetricOptions
	stats     slotStats
}

// maxReuse is the largest tree (in nodes) whose room is kept: a large
// tree's room is better given back to the system.
const maxReuse = 1 << 16

// pool keeps the room of released trees for the next builds.
var pool sync.Pool

// Release hands the tree's room over to later builds. The tree, and
// everything that reads it (its reports, its node IDs, the metric's
// Result that holds it), must not be used afterwards. Releasing a tree is never necessary; a caller that builds
// many small trees one after the other (a dataset's cases) saves most of
// their allocation by it.
func (t *Tree) Release() {
	if t == nil || !t.reusable() {
		return
	}
	st := t.room
	if st == nil {
		st = &storage{}
	}
	st.nodes, st.aggs, st.sl, st.levels, st.used = t.nodes[:0], t.aggs[:0], t.sl, t.levels[:0], t.used[:0]
	st.sl.reset()
	st.below = t.below[:0]
	*t = Tree{}
	st.res = Result{}
	pool.Put(st)
}

// reusable reports whether the tree's room is kept by Release.
func (t *Tree) reusable() bool { return cap(t.nodes) <= maxReuse && len(t.segs) == 0 }

// newTree returns an empty tree: the room of a released one when it fits
// nodes nodes and aggs aggregates (reused says so), else a new one. Either
// way the tree's room is the storage whose builder the build uses.
func newTree(nodes, aggs int) (t *Tree, reused bool) {
	if nodes <= maxReuse {
		if st, ok := pool.Get().(*storage); ok && cap(st.nodes) >= nodes && cap(st.aggs) >= aggs {
			t = &st.tree
			*t = Tree{room: st, nodes: st.nodes[:1], aggs: st.aggs[:0], sl: st.sl, below: st.below[:0],
				levels: st.levels[:0], used: st.used[:0]}
			return t, true
		}
		// A room too small is dropped: the next trees are likely as
		// large as this one.
	}
	st := &storage{}
	st.tree.room = st
	return &st.tree, false
}

// newStats returns the room's slot counts for a new build, not counted
// yet.
func (st *storage) newStats() *slotStats {
	nodes, kinds := st.stats.nodes[:0], st.stats.kinds[:0]
	st.stats = slotStats{nodes: nodes, kinds: kinds}
	return &st.stats
}

// builder returns the room's builder for a new build, its buffers
// emptied.
func (st *storage) builder(t *Tree, cs compareSettings) *builder {
	b := &st.b
	*b = builder{t: t, compareSettings: cs, own: b.own[:0], aggs: b.aggs[:0], owners: b.owners[:0],
		pending: b.pending[:0], wide: b.wide[:0], outKeys: b.outKeys, marks: b.marks, asked: b.asked,
		approx: b.approx[:0], team: b.team[:0], round: b.round[:0]}
	clear(b.asked)
	return b
}

// jsondiffExplainer returns jsondiff's explainer of the options mo: the
// one the room's last tree had when mo are the same options (the cases of
// a dataset share theirs), else a new one, kept for the next. The
// explainer is a value no tree changes, so trees share it safely, a
// released one's included.
func (st *storage) jsondiffExplainer(mo *MetricOptions) Explainer {
	if st.explainer == nil || !sameMetricOptions(&st.explained, mo) {
		st.explainer, st.explained = jsondiffExplainer{opts: *mo}, *mo
	}
	return st.explainer
}

// sameMetricOptions reports whether a and b are the same options: their
// lists the same slices (the same array and length: lists equal in
// another array are taken as different, which costs a new explainer and
// nothing else).
func sameMetricOptions(a, b *MetricOptions) bool {
	return a.AbsTol == b.AbsTol && a.RelTol == b.RelTol && a.Normalize == b.Normalize &&
		a.Comparator == b.Comparator && a.Lists == b.Lists && sameSlice(a.ListsAt, b.ListsAt) &&
		a.PenalizeExtraKeys == b.PenalizeExtraKeys && sameSlice(a.Targets, b.Targets) &&
		a.StrictFields == b.StrictFields && a.NoPairingHints == b.NoPairingHints &&
		a.ListsUnchecked == b.ListsUnchecked
}

// sameSlice reports whether a and b are the same slice: the same length
// over the same array (two empty slices are the same).
func sameSlice[T any](a, b []T) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}
