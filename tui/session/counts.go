package session

import "github.com/jsontui/jsontui/scoring"

// counter counts nodes per status. A leaf's status never changes with the
// weights, and an edit of one slot can only change the statuses of the
// containers above that slot's nodes; so the counts are kept up to date
// by recounting just those, before and after the edit.
type counter struct {
	counts [7]int
	// above caches, per slot, the containers above its nodes, for edits
	// of one slot.
	above map[int][]scoring.NodeID
	mark  []bool
	// work counts the nodes read to find the containers, for the tests
	// that check it stays linear.
	work int
}

func (c *counter) init(t *scoring.Tree) {
	c.counts = t.StatusCounts()
	c.above = map[int][]scoring.NodeID{}
}

// get returns the counts.
func (c *counter) get() [7]int { return c.counts }

// containersAbove returns the distinct ancestors of the nodes of slots:
// each node of the slots, and each ancestor, is read once.
func (c *counter) containersAbove(t *scoring.Tree, slots []int) []scoring.NodeID {
	if c.mark == nil {
		c.mark = make([]bool, t.Len())
	}
	var ids []scoring.NodeID
	for _, slot := range slots {
		for _, id := range t.SlotNodes(slot) {
			c.work++
			for p := t.Parent(id); p != scoring.NoNode && !c.mark[p]; p = t.Parent(p) {
				c.work++
				c.mark[p] = true
				ids = append(ids, p)
			}
		}
	}
	for _, id := range ids {
		c.mark[id] = false
	}
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
// change; those of a single slot are kept for its next edit.
func (c *counter) affected(t *scoring.Tree, slots []int) []scoring.NodeID {
	if len(slots) != 1 {
		return c.containersAbove(t, slots)
	}
	if ids, ok := c.above[slots[0]]; ok {
		return ids
	}
	ids := c.containersAbove(t, slots)
	c.above[slots[0]] = ids
	return ids
}
