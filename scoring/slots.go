package scoring

import (
	"iter"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// Slot describes a place in the reference's shape: an object key, shared
// by that key in every element of the arrays above it
// (".fixed_menus[].pizza"), or the elements of an array
// (".fixed_menus[]"), or the root. The weights file gives one weight per
// key slot, and editing it re-weights every node at that place.
//
// A tree keeps its slots in compact tables: SlotAt assembles a Slot from
// them; it is a copy, and writing to it changes nothing.
type Slot struct {
	// Parent is the slot of the level above; -1 for the root.
	Parent int
	// Key is the object key of a key slot; "" for the root and elements.
	Key string
	// Weight is the weight in force.
	Weight float64
	// FileWeight is the weight the weights file gives (1 without an entry).
	FileWeight float64
	// Entry locates the slot's weight in the weights file: the member
	// holding it (a number, or the loopback inside an object), or
	// jsondoc.None when the file has none.
	Entry jsondoc.ID
	// Elem marks the slot of an array's elements.
	Elem bool
}

// IsKey reports whether the slot holds the weight of an object key.
func (s Slot) IsKey() bool { return s.Parent >= 0 && !s.Elem }

// NumSlots returns the number of slots; slot 0 is the root.
func (t *Tree) NumSlots() int { return t.sl.len() }

// SlotAt returns slot i (0 <= i < NumSlots).
func (t *Tree) SlotAt(i int) Slot {
	k := int32(i)
	return Slot{
		Parent:     int(t.sl.parent[k]),
		Key:        t.slotKey(k),
		Weight:     t.slotWeight(k),
		FileWeight: t.slotFileWeight(k),
		Entry:      t.slotEntry(k),
		Elem:       t.slotIsElem(k),
	}
}

// Slots returns the tree's slots in order, with their indexes: slot 0 is
// the root. Use SetSlotWeight to change a weight.
func (t *Tree) Slots() iter.Seq2[int, Slot] {
	return func(yield func(int, Slot) bool) {
		for i := range t.sl.len() {
			if !yield(i, t.SlotAt(i)) {
				return
			}
		}
	}
}

// SlotName returns the parent and the key of slot i, as SlotAt(i) gives
// them, and whether it is the slot of an array's elements, without looking
// up its weights: for loops over every slot of many trees.
func (t *Tree) SlotName(i int) (parent int, key string, elem bool) {
	k := int32(i)
	return int(t.sl.parent[k]), t.slotKey(k), t.slotIsElem(k)
}

// SlotParent returns the parent of slot i and whether it is the slot of an
// array's elements, as SlotName does, without its key.
func (t *Tree) SlotParent(i int) (parent int, elem bool) {
	k := int32(i)
	return int(t.sl.parent[k]), t.slotIsElem(k)
}

// SlotKeyIs reports whether the key of slot i is key, as SlotName's key
// == key would, comparing the document's bytes in place rather than
// making the key first: for a loop over every case's slots that checks
// what it found for the case before.
func (t *Tree) SlotKeyIs(i int, key string) bool {
	k := int32(i)
	d, id := t.keyMember(t.sl.key[k])
	switch {
	case d == nil:
		return key == ""
	case d.KeyEscaped(id):
		return t.sl.escaped[k] == key
	}
	return d.KeyIs(id, key)
}

// SlotWeightAt returns the weight in force of slot i, as SlotAt(i).Weight
// does, without decoding its key: for loops over every slot.
func (t *Tree) SlotWeightAt(i int) float64 { return t.slotWeight(int32(i)) }

// SlotWeights appends the weight in force of every slot to dst, by slot,
// and returns the extended slice.
func (t *Tree) SlotWeights(dst []float64) []float64 {
	if t.sl.weight.on {
		return append(dst, t.sl.weight.vals...)
	}
	for range t.sl.len() {
		dst = append(dst, 1)
	}
	return dst
}

// SlotNodeCount returns the number of the reference's values at slot i:
// the tree nodes there that have one. The first call counts them for
// every slot, in one pass over the tree.
func (t *Tree) SlotNodeCount(i int) int { return t.slotStats().count(int32(i)) }

// SchemaPath returns the path of a slot with "[]" for every array level,
// such as `.fixed_menus[].pizza`.
func (t *Tree) SchemaPath(slot int) string {
	return string(t.appendSchemaPath(nil, int32(slot)))
}

func (t *Tree) appendSchemaPath(dst []byte, slot int32) []byte {
	p := t.sl.parent[slot]
	if p < 0 {
		return dst
	}
	dst = t.appendSchemaPath(dst, p)
	if t.slotIsElem(slot) {
		if len(dst) == 0 {
			dst = append(dst, '.')
		}
		return append(dst, '[', ']')
	}
	return jsondoc.AppendKey(dst, t.slotKey(slot))
}

// childSlot returns the key slot below ctx for the key of member key,
// creating it. pos is the key's position in its object: objects of the
// same shape (the records of an array) hit the cache of the keys seen
// last time, position by position.
func (t *Tree) childSlot(ctx int32, key keyRef, pos int) int32 {
	d, id := t.keyMember(key)
	if kids := t.kids(ctx); pos < kids.Len() {
		if k := kids.At(pos); t.slotKeyIs(k, d, id) {
			return k
		}
	}
	if k := t.memberSlot(ctx, d, id); k >= 0 {
		return k
	}
	return t.addKeySlot(ctx, key)
}

// addKeySlot adds a key slot below ctx for the key of member key, which
// none of its slots has, and resolves its weight.
func (t *Tree) addKeySlot(ctx int32, key keyRef) int32 {
	return t.addKeySlotIn(t.keySlotsOf(ctx), ctx, key)
}

// addKeySlotIn is addKeySlot given ks, ctx's list of key slots: an
// object whose keys are all new finds its list once, not key by key.
func (t *Tree) addKeySlotIn(ks *keySlots, ctx int32, key keyRef) int32 {
	k := t.newSlot(ctx, key)
	ks.kids.add(k)
	if ks.indexed.Load() {
		ks.index.Insert(t.hashSlotKey(&ks.index, k), k)
	}
	if t.weights == nil {
		// What resolveSlot leaves of a new slot without a weights file:
		// its rule; its weights are the 1 newSlot gave them.
		t.resolveRule(k)
	} else {
		t.resolveSlot(k)
	}
	return k
}

// elemSlot returns the element slot below ctx, creating it.
func (t *Tree) elemSlot(ctx int32) int32 {
	if e := t.slotElem(ctx); e >= 0 {
		return e
	}
	e := t.newSlot(ctx, noKey)
	t.ext(ctx).elem = e
	t.resolveSlot(e)
	return e
}
