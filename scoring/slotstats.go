package scoring

import (
	"slices"
	"sync"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// slotStats are figures counted over a built tree's nodes, per slot: how
// many of the reference's values each slot has, and of which kinds. Only
// some uses need them (the weights file's and the rules' checks, the
// explorer's details), so they are counted on first use, in one pass
// over the nodes, never while building. A clone shares them: its shape is
// its original's.
type slotStats struct {
	once  sync.Once
	nodes []int32
	kinds []uint16 // bit k set: the reference has a value of Kind k there
}

// slotStats returns the tree's counts, counting them on first use.
func (t *Tree) slotStats() *slotStats {
	st := t.stats
	st.once.Do(func() {
		n := t.sl.len()
		st.nodes, st.kinds = slices.Grow(st.nodes[:0], n)[:n], slices.Grow(st.kinds[:0], n)[:n]
		clear(st.nodes)
		clear(st.kinds)
		for i := range t.nodes {
			if ctx := t.valueSlot(NodeID(i)); ctx >= 0 {
				st.nodes[ctx]++
				st.kinds[ctx] |= 1 << t.nodes[i].kind
			}
		}
	})
	return st
}

// valueSlot returns the slot of the reference value compared at node id:
// the root's, its key's, its array's element slot; -1 for a node with no
// reference value, or one aside (Options.ShorterLists).
func (t *Tree) valueSlot(id NodeID) int32 {
	n := &t.nodes[id]
	switch {
	case n.ref == jsondoc.None || n.has(bitAside):
		return -1
	case id == 0:
		return 0
	case n.slot <= -2:
		return -n.slot - 2 // an element keeps its context (see pendingCtx)
	}
	return n.slot
}

// count returns the reference values at slot k. Slots made after the
// count (for pairing hints) have none.
func (st *slotStats) count(k int32) int {
	if int(k) < len(st.nodes) {
		return int(st.nodes[k])
	}
	return 0
}

// kindsAt returns the kinds of the reference values at slot k.
func (st *slotStats) kindsAt(k int32) uint16 {
	if int(k) < len(st.kinds) {
		return st.kinds[k]
	}
	return 0
}
