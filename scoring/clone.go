package scoring

import (
	"maps"
	"slices"
)

// Clone returns a copy of t that re-weighting either leaves the other
// alone: the documents, the shape and the weights file are shared, the
// weights and scores copied. It costs a copy of the node records, so a
// caller can take a snapshot (to record it in the background, say) while
// the user goes on tuning the original.
func (t *Tree) Clone() *Tree {
	c := *t
	c.nodes = append([]node(nil), t.nodes...)
	c.aggs = append([]aggregate(nil), t.aggs...)
	c.sl = t.sl.cloneWeights()
	c.segs = make([]*segTree, len(t.segs))
	for i, st := range t.segs {
		cp := *st
		cp.nodes = append([]segNode(nil), st.nodes...)
		c.segs[i] = &cp
	}
	c.own = maps.Clone(t.own)
	c.leafWeights = slices.Clone(t.leafWeights)
	c.ruleAt = slices.Clone(t.ruleAt)
	// slotIdx and stats, once made, never change, nor do the lists of
	// key slots (below): the copy shares them.
	return &c
}
