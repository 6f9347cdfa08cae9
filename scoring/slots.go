package scoring

import "github.com/jsontui/jsontui/scoring/jsondoc"

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
	// Elem marks the slot of an array's elements.
	Elem bool
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

	kinds    uint16  // bit k set: the reference has a value of Kind k here
	elem     int32   // the slot of this place's array elements, -1 if none
	kids     []int32 // key slots below, in the order first seen
	byKey    map[string]int32
	level    jsondoc.ID // the weights object for the level below, or None
	loopback bool       // Entry is a loopback inside an object
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
	s := &t.slots[ctx]
	if pos < len(s.kids) {
		if k := s.kids[pos]; t.slots[k].Key == key {
			return k
		}
	}
	if s.byKey == nil {
		s.byKey = make(map[string]int32)
	}
	if k, ok := s.byKey[key]; ok {
		return k
	}
	k := int32(len(t.slots))
	s.byKey[key] = k
	s.kids = append(s.kids, k)
	t.slots = append(t.slots, Slot{Parent: int(ctx), Key: key, elem: -1})
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
