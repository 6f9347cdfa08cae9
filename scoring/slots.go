package scoring

import (
	"slices"
	"unsafe"

	"github.com/jsontui/jsontui/internal/hashindex"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// Slot is a place in the reference's shape: an object key, shared by that
// key in every element of the arrays above it (".fixed_menus[].pizza"), or
// the elements of an array (".fixed_menus[]"), or the root. The weights
// file gives one weight per key slot, and editing it re-weights every node
// at that place.
type Slot struct {
	// Parent is the slot of the level above; -1 for the root.
	Parent int
	// Key is the object key of a key slot; "" for the root and elements.
	Key string
	// Weight is the weight in force.
	Weight float64
	// FileWeight is the weight the weights file gives (1 without an entry).
	FileWeight float64
	// Nodes counts the tree nodes at this place.
	Nodes int
	// Entry locates the slot's weight in the weights file: the member
	// holding it (a number, or the loopback inside an object), or
	// jsondoc.None when the file has none.
	Entry jsondoc.ID

	elem  int32      // the slot of this place's array elements, -1 if none
	level jsondoc.ID // the weights object for the level below, or None
	// below is 1 + the index in Tree.below of the key slots below this
	// one; 0 when there are none. A million keys make a million slots:
	// only the slots that have keys below them pay for the list.
	below int32
	kinds uint16 // bit k set: the reference has a value of Kind k here
	// Elem marks the slot of an array's elements.
	Elem     bool
	loopback bool // Entry is a loopback inside an object
}

// The slot record stays 72 bytes: a reference with a million distinct
// keys makes a million of them.
var _ [72]byte = [unsafe.Sizeof(Slot{})]byte{}

// keySlots are the key slots below a slot, in the order first seen, and
// their index by key.
type keySlots struct {
	kids    []int32
	index   hashindex.Table // kids by key, once indexed
	indexed bool            // from indexMin kids on, or a reservation for as many
}

// indexAll indexes every kid, with room for n.
func (t *Tree) indexAll(ks *keySlots, n int) {
	ks.index.Reset(n)
	for _, k := range ks.kids {
		ks.index.Insert(ks.index.HashString(t.slots[k].Key), k)
	}
	ks.indexed = true
}

// indexMin is the number of key slots below a slot from which they are
// found through a hash table rather than by scanning.
const indexMin = 9

// kids returns the key slots below slot s, in the order first seen.
func (t *Tree) kids(s int32) []int32 {
	if b := t.slots[s].below; b > 0 {
		return t.below[b-1].kids
	}
	return nil
}

// keySlot returns the key slot for key below slot ctx, or -1.
func (t *Tree) keySlot(ctx int32, key string) int32 {
	b := t.slots[ctx].below
	if b == 0 {
		return -1
	}
	ks := &t.below[b-1]
	if !ks.indexed {
		for _, k := range ks.kids {
			if t.slots[k].Key == key {
				return k
			}
		}
		return -1
	}
	k, _ := ks.index.Find(ks.index.HashString(key), func(k int32) bool { return t.slots[k].Key == key })
	return k
}

// reserveMin is the number of keys from which an object's slots are made
// room for at once.
const reserveMin = 64

// reserveKids makes room for n more key slots below slot ctx, so that a
// wide object's keys are added without growing the tables on the way.
func (t *Tree) reserveKids(ctx int32, n int) {
	t.slots = slices.Grow(t.slots, n)
	ks := t.keySlotsOf(ctx)
	ks.kids = slices.Grow(ks.kids, n)
	if len(ks.kids)+n >= indexMin && !ks.indexed {
		t.indexAll(ks, len(ks.kids)+n)
	}
}

// keySlotsOf returns the list of key slots below ctx, making it.
func (t *Tree) keySlotsOf(ctx int32) *keySlots {
	s := &t.slots[ctx]
	if s.below == 0 {
		if n := len(t.below); n < cap(t.below) {
			// A released tree's list: its room is reused.
			t.below = t.below[:n+1]
			ks := &t.below[n]
			ks.kids, ks.indexed = ks.kids[:0], false
		} else {
			t.below = append(t.below, keySlots{})
		}
		s.below = int32(len(t.below))
	}
	return &t.below[s.below-1]
}

// IsKey reports whether the slot holds the weight of an object key.
func (s *Slot) IsKey() bool { return s.Parent >= 0 && !s.Elem }

// Slots returns the tree's slots; index 0 is the root. The caller must not
// modify them; use SetSlotWeight.
func (t *Tree) Slots() []Slot { return t.slots }

// SchemaPath returns the path of a slot with "[]" for every array level,
// such as `.fixed_menus[].pizza`.
func (t *Tree) SchemaPath(slot int) string {
	return string(t.appendSchemaPath(nil, slot))
}

func (t *Tree) appendSchemaPath(dst []byte, slot int) []byte {
	s := &t.slots[slot]
	if s.Parent < 0 {
		return dst
	}
	dst = t.appendSchemaPath(dst, s.Parent)
	if s.Elem {
		if len(dst) == 0 {
			dst = append(dst, '.')
		}
		return append(dst, '[', ']')
	}
	return jsondoc.AppendKey(dst, s.Key)
}

// childSlot returns the key slot for key below ctx, creating it. pos is the
// key's position in its object: objects of the same shape (the records of
// an array) hit the cache of the keys seen last time, position by position.
func (t *Tree) childSlot(ctx int32, key string, pos int) int32 {
	if kids := t.kids(ctx); pos < len(kids) {
		if k := kids[pos]; t.slots[k].Key == key {
			return k
		}
	}
	if k := t.keySlot(ctx, key); k >= 0 {
		return k
	}
	k := int32(len(t.slots))
	t.slots = append(t.slots, Slot{Parent: int(ctx), Key: key, elem: -1})
	ks := t.keySlotsOf(ctx)
	ks.kids = append(ks.kids, k)
	switch {
	case ks.indexed:
		ks.index.Insert(ks.index.HashString(key), k)
	case len(ks.kids) >= indexMin:
		t.indexAll(ks, len(ks.kids))
	}
	t.resolveSlot(k)
	return k
}

// elemSlot returns the element slot below ctx, creating it.
func (t *Tree) elemSlot(ctx int32) int32 {
	if e := t.slots[ctx].elem; e >= 0 {
		return e
	}
	e := int32(len(t.slots))
	t.slots[ctx].elem = e
	t.slots = append(t.slots, Slot{Parent: int(ctx), Elem: true, elem: -1})
	t.resolveSlot(e)
	return e
}

// NumSlots returns the number of slots; slot 0 is the root.
func (t *Tree) NumSlots() int { return len(t.slots) }

// slotKey returns the key of slot k ("" for the root and elements).
func (t *Tree) slotKey(k int32) string { return t.slots[k].Key }

// slotWeight returns the weight in force of slot k.
func (t *Tree) slotWeight(k int32) float64 { return t.slots[k].Weight }

// slotElem returns the element slot below slot k, or -1.
func (t *Tree) slotElem(k int32) int32 { return t.slots[k].elem }

// fileMember returns the member of the weights file that weighs key slot
// k: a number, or an object of the weights below it; jsondoc.None when
// the file has none.
func (t *Tree) fileMember(k int32) jsondoc.ID {
	s := &t.slots[k]
	if s.level != jsondoc.None && !s.Elem {
		return s.level
	}
	return s.Entry
}
