package scoring

import (
	"fmt"
	"sort"
)

// SlotWeight is a key slot's new weight, for SetSlotWeights.
type SlotWeight struct {
	Slot   int // an index into Slots
	Weight float64
}

// SetSlotWeight sets the weight of a key slot: the key at that place in
// every element of the arrays above it. It updates every affected score in
// one pass, level by level up to the root, and returns how many nodes have
// the slot.
func (t *Tree) SetSlotWeight(slot int, w float64) (int, error) {
	return t.SetSlotWeights([]SlotWeight{{Slot: slot, Weight: w}})
}

// SetSlotWeights sets the weights of many key slots at once, each as
// SetSlotWeight sets one's, and updates the scores in a single pass from
// the deepest of the slots up to the root: its cost is that of the nodes
// of the slots and of their ancestors' children, however many slots there
// are (one SetSlotWeight a slot scores the common ancestors again for
// each). It returns how many nodes the slots have. Every weight is checked
// first: on error the tree is unchanged. A slot given twice takes its
// last weight.
func (t *Tree) SetSlotWeights(ws []SlotWeight) (int, error) {
	if t.opt.FixedWeights {
		return 0, errFixedWeights
	}
	for _, e := range ws {
		if e.Slot < 0 || e.Slot >= t.sl.len() || !t.slotIsKey(int32(e.Slot)) {
			return 0, fmt.Errorf("slot %d holds no key's weight", e.Slot)
		}
		if w := e.Weight; !(w >= 0 && w <= 1) {
			return 0, fmt.Errorf("weight %v is outside [0, 1]", w)
		}
	}
	if len(ws) == 0 {
		return 0, nil
	}
	idx := t.slotIndex()
	// The slots by level, deepest last: a slot's nodes all lie at the
	// same depth (its schema path's).
	ch := changedSlots{idx: idx, start: make([]int32, len(t.levels)+2), slots: make([]int32, len(ws))}
	levels := make([]int32, len(ws))
	for k, e := range ws {
		if members := idx.nodes(e.Slot); len(members) > 0 {
			levels[k] = int32(t.level(members[0]))
			ch.start[levels[k]+2]++
		} else {
			levels[k] = -1
		}
	}
	for l := 2; l < len(ch.start); l++ {
		ch.start[l] += ch.start[l-1]
	}
	n := 0
	for k, e := range ws {
		t.setSlotWeight(int32(e.Slot), e.Weight)
		if levels[k] < 0 {
			continue
		}
		ch.slots[ch.start[levels[k]+1]] = int32(e.Slot)
		ch.start[levels[k]+1]++
		members := idx.nodes(e.Slot)
		n += len(members)
		if len(t.own) > 0 {
			// The slot's weight now holds for every node of it.
			for _, id := range members {
				if _, ok := t.own[id]; ok {
					delete(t.own, id)
					t.nodes[id].set(bitOwnWeight, false)
				}
			}
		}
	}
	ch.start = ch.start[:len(t.levels)+1]
	t.weightWork += n
	t.propagate(ch)
	return n, nil
}

// slotIndex lists the nodes of every slot in node order, in two arrays
// (compressed sparse rows): slot s has ids[start[s]:start[s+1]]. It costs
// 4 bytes a node that has a slot and 4 a slot, and is built in two passes
// over the nodes; the slots of a node never change once the tree is
// built, so the index holds for the tree's life and its clones'.
type slotIndex struct {
	start []int32
	ids   []NodeID
}

// nodes returns the nodes of slot s; the caller must not write to them.
func (x *slotIndex) nodes(s int) []NodeID { return x.ids[x.start[s]:x.start[s+1]] }

// slotIndex returns the index of the slots' nodes, building it on first
// use.
func (t *Tree) slotIndex() *slotIndex {
	if t.slotIdx != nil {
		return t.slotIdx
	}
	// Counted at start[s+2], summed, then each slot's nodes placed
	// through start[s+1], which ends as where slot s+1 starts.
	start := make([]int32, t.sl.len()+2)
	for i := range t.nodes {
		if s := t.nodes[i].slot; s >= 0 {
			start[s+2]++
		}
	}
	for s := 2; s < len(start); s++ {
		start[s] += start[s-1]
	}
	ids := make([]NodeID, start[len(start)-1])
	for i := range t.nodes {
		if s := t.nodes[i].slot; s >= 0 {
			ids[start[s+1]] = NodeID(i)
			start[s+1]++
		}
	}
	start = start[:t.sl.len()+1]
	t.weightWork += 2 * len(t.nodes)
	t.slotIdx = &slotIndex{start: start, ids: ids}
	return t.slotIdx
}

// SlotNodes returns the nodes of slot (an index into Slots), in node
// order; the caller must not change them. The first call indexes every
// slot's nodes, in one pass over the tree, as a weight change does:
// like one, it must not run while the tree is being read elsewhere.
func (t *Tree) SlotNodes(slot int) []NodeID { return t.slotIndex().nodes(slot) }

// level returns the level of node id (0 for the root): the tree is laid
// out breadth first, level l starting at levels[l].
func (t *Tree) level(id NodeID) int {
	return sort.Search(len(t.levels), func(l int) bool { return t.levels[l] > id }) - 1
}

// changedSlots are the slots whose weight changed, by level: those at
// level l are slots[start[l]:start[l+1]].
type changedSlots struct {
	idx   *slotIndex
	start []int32
	slots []int32
}

// propagate recomputes the ancestors of the nodes of the changed slots,
// one level at a time from the deepest: the parents of a level's changed
// nodes, and of the nodes recomputed from the level below, are
// recomputed once each. A large array with few changed elements is
// updated element by element in its segment tree, one with many is
// rebuilt.
func (t *Tree) propagate(ch changedSlots) {
	t.counted = false
	// The slots' nodes are the index's: never write to them; alternate
	// between two buffers of our own.
	var bufs [2][]NodeID
	var carried []NodeID                       // the nodes recomputed at the level in hand
	bigChanged := make([][]int32, len(t.segs)) // by segment tree: changed elements
	k := 0
	for l := len(ch.start) - 2; l >= 1; l-- {
		slots := ch.slots[ch.start[l]:ch.start[l+1]]
		if len(slots) == 0 && len(carried) == 0 {
			continue
		}
		next := bufs[k][:0]
		for _, s := range slots {
			next = t.markParents(next, ch.idx.nodes(int(s)), bigChanged)
		}
		next = t.markParents(next, carried, bigChanged)
		for _, p := range next {
			t.nodes[p].set(bitMark, false)
			s := t.aggs[t.nodes[p].agg].seg
			if s < 0 || len(bigChanged[s]) > int(t.aggs[t.nodes[p].agg].count)/16 {
				t.weightWork += int(t.aggs[t.nodes[p].agg].count)
				t.recompute(p)
				if s >= 0 {
					bigChanged[s] = bigChanged[s][:0]
				}
				continue
			}
			st := t.segs[s]
			t.weightWork += len(bigChanged[s]) * segBlock
			for _, i := range bigChanged[s] {
				st.update(t, t.aggs[t.nodes[p].agg].first, int(i))
			}
			bigChanged[s] = bigChanged[s][:0]
			t.finishArray(p, st)
		}
		bufs[k] = next
		carried = next
		k ^= 1
	}
}

// markParents appends to next the parents of the changed nodes not marked
// yet, marking them, and notes the changed elements of large arrays.
func (t *Tree) markParents(next, changed []NodeID, bigChanged [][]int32) []NodeID {
	for _, c := range changed {
		p := t.nodes[c].parent
		if s := t.aggs[t.nodes[p].agg].seg; s >= 0 {
			bigChanged[s] = append(bigChanged[s], int32(c-t.aggs[t.nodes[p].agg].first))
		}
		if !t.nodes[p].has(bitMark) {
			t.nodes[p].set(bitMark, true)
			next = append(next, p)
		}
	}
	return next
}
