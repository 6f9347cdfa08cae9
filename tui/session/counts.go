package session

import "github.com/jsontui/jsontui/scoring"

// counter counts nodes per status. A leaf's status never changes with the
// weights, and an edit of one slot can only change the statuses of the
// containers above that slot's nodes; so the counts are kept up to date
// by recounting just those, before and after the edit.
type counter struct {
	counts [7]int
	// above caches, per slot, the containers above its nodes.
	above map[int][]scoring.NodeID
	mark  []bool
}

func (c *counter) init(t *scoring.Tree) {
	c.counts = t.StatusCounts()
	c.above = map[int][]scoring.NodeID{}
}

// get returns the counts.
func (c *counter) get() [7]int { return c.counts }

// containersAbove returns the distinct ancestors of the nodes of slot,
// indexing them on first use.
func (c *counter) containersAbove(t *scoring.Tree, slot int) []scoring.NodeID {
	if ids, ok := c.above[slot]; ok {
		return ids
	}
	if c.mark == nil {
		c.mark = make([]bool, t.Len())
	}
	var ids []scoring.NodeID
	for id := 0; id < t.Len(); id++ {
		if t.Slot(scoring.NodeID(id)) != slot {
			continue
		}
		for p := t.Parent(scoring.NodeID(id)); p != scoring.NoNode && !c.mark[p]; p = t.Parent(p) {
			c.mark[p] = true
			ids = append(ids, p)
		}
	}
	for _, id := range ids {
		c.mark[id] = false
	}
	c.above[slot] = ids
	return ids
}

// uncount removes the statuses of ids from the counts; recount adds them
// back. An edit is bracketed by the two.
func (c *counter) uncount(t *scoring.Tree, ids []scoring.NodeID) {
	for _, id := range ids {
		c.counts[t.Status(id)]--
	}
}

func (c *counter) recount(t *scoring.Tree, ids []scoring.NodeID) {
	for _, id := range ids {
		c.counts[t.Status(id)]++
	}
}

// affected returns the containers whose status an edit of slots may
// change.
func (c *counter) affected(t *scoring.Tree, slots []int) []scoring.NodeID {
	if len(slots) == 1 {
		return c.containersAbove(t, slots[0])
	}
	seen := map[scoring.NodeID]bool{}
	var out []scoring.NodeID
	for _, s := range slots {
		for _, id := range c.containersAbove(t, s) {
			if !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	return out
}
