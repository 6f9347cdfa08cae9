package scoring

import (
	"slices"

	"github.com/jsontui/jsontui/internal/bigbuf"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// slotTable holds the slots of a tree, a column per field. A reference
// with a million distinct keys makes a million slots, most of them the
// keys of leaves, which need only their parent, the member that names
// them and their weight: those columns are all every slot pays for (8
// bytes; the keys of one object are a run of slots in their parent's
// list, Tree.below, which takes no room), and the weight only once some
// slot weighs other than 1. The fields of the
// slots that have keys or elements below them, or a weights object of
// their own, are in side records (ext); the figures counted over the
// tree's nodes (how many a slot has, of which kinds) are counted when
// first asked for (slotStats).
type slotTable struct {
	parent []int32  // the slot of the level above; -1 for the root
	key    []keyRef // the member whose key the slot holds; noKey for the root and elements
	// ext holds 1 + the slot's side record in exts, 0 for none, up to
	// the last slot that has one (a slot past its end has none): the
	// keys of one wide object, leaves, come after their parent's.
	ext  []int32
	exts []slotExt
	// The weights, and where the weights file gives them: a column holds
	// a value per slot once some slot's differs from the default (1, 1,
	// jsondoc.None).
	weight, fileWeight column[float64]
	entry              column[jsondoc.ID]
	// escaped holds the decoded keys of the slots whose member writes its
	// key with escapes (Doc.Key would decode them on every call).
	escaped map[int32]string
	// spare is what is left of a large table the columns were carved
	// from (see room32).
	spare []int32
}

// slotExt is the side record of a slot that has keys or elements below
// it, or a weights object for the level below.
type slotExt struct {
	elem  int32      // the slot of this place's array elements, -1 if none
	below int32      // 1 + the index in Tree.below of the key slots below; 0 for none
	level jsondoc.ID // the weights object for the level below, or None
	// loopback says that the slot's entry is the loopback inside the
	// object level.
	loopback bool
}

var noExt = slotExt{elem: -1, level: jsondoc.None}

// keyRef names the object member whose key a slot holds: a member of the
// reference (>= 0) or ^id for one of the output's (the extra keys that
// take part under Options.KeyUnion); noKey for the root and elements.
type keyRef int32

const noKey keyRef = -1

func refKey(id jsondoc.ID) keyRef { return keyRef(id) }
func outKey(id jsondoc.ID) keyRef { return keyRef(^id) }

// column is a per-slot field most slots leave at its default: it holds a
// value per slot only once one differs (on).
type column[T comparable] struct {
	vals []T
	on   bool
}

// get returns slot k's value, def when the column is off.
func (c *column[T]) get(k int32, def T) T {
	if !c.on {
		return def
	}
	return c.vals[k]
}

// set sets slot k's value among n slots, turning the column on, every
// slot at def, when v is not def.
func (c *column[T]) set(k int32, v T, n int, def T) {
	if !c.on {
		if v == def {
			return
		}
		c.vals = slices.Grow(c.vals[:0], n)[:n]
		for i := range c.vals {
			c.vals[i] = def
		}
		c.on = true
	}
	c.vals[k] = v
}

// add appends a slot at def.
func (c *column[T]) add(def T) {
	if c.on {
		c.vals = append(c.vals, def)
	}
}

// reset turns the column off, keeping its memory.
func (c *column[T]) reset() { c.vals, c.on = c.vals[:0], false }

// clone returns a copy of c that setting values in leaves c alone.
func (c column[T]) clone() column[T] {
	c.vals = slices.Clone(c.vals)
	return c
}

// len returns the number of slots.
func (s *slotTable) len() int { return len(s.parent) }

// grow makes room for n more slots.
func (s *slotTable) grow(n int) {
	s.parent = growColumn(s, s.parent, n)
	s.key = growColumn(s, s.key, n)
	for _, c := range []*column[float64]{&s.weight, &s.fileWeight} {
		if c.on {
			c.vals = slices.Grow(c.vals, n)
		}
	}
	if s.entry.on {
		s.entry.vals = slices.Grow(s.entry.vals, n)
	}
}

// growColumn returns col with room for n more values. Room for many is
// carved from a large table the parse is done with, when one is at hand
// (bigbuf): the table of a wide object's members that its parse made to
// find duplicate keys holds two columns of its keys' slots, so that
// issue 10's 1M-key pair makes its slots in the memory its parse
// leaves, whether or not a collection has run in between.
func growColumn[T bigbuf.Word](s *slotTable, col []T, n int) []T {
	if cap(col)-len(col) >= n {
		return col
	}
	if len(col)+n < bigbuf.Min/2 {
		return slices.Grow(col, n)
	}
	return append(bigbuf.As[T](s.room32(len(col)+n)), col...)
}

// room32 returns a slice of length 0 and capacity n, carved from the
// spare end of a large table, or from a new one (bigbuf.Get).
func (s *slotTable) room32(n int) []int32 {
	if cap(s.spare) < n {
		s.spare = bigbuf.Get[int32](n)
	}
	b := s.spare[:0:n]
	s.spare = s.spare[n:n]
	return b
}

// reset empties the table, keeping its memory.
func (s *slotTable) reset() {
	s.parent, s.key, s.ext, s.exts = s.parent[:0], s.key[:0], s.ext[:0], s.exts[:0]
	s.weight.reset()
	s.fileWeight.reset()
	s.entry.reset()
	s.escaped = nil
	s.spare = nil
}

// newSlot adds a slot below parent (-1 for the root), named by the key of
// member key (noKey for the root and elements); the caller resolves its
// weight.
func (t *Tree) newSlot(parent int32, key keyRef) int32 {
	s := &t.sl
	k := int32(len(s.parent))
	s.parent = append(s.parent, parent)
	s.key = append(s.key, key)
	s.weight.add(1)
	s.fileWeight.add(1)
	s.entry.add(jsondoc.None)
	if d, id := t.keyMember(key); d != nil && d.KeyEscaped(id) {
		if s.escaped == nil {
			s.escaped = make(map[int32]string)
		}
		s.escaped[k] = d.Key(id)
	}
	return k
}

// keyMember returns the document and member r names, or nil.
func (t *Tree) keyMember(r keyRef) (*jsondoc.Doc, jsondoc.ID) {
	switch {
	case r >= 0:
		return t.ref, jsondoc.ID(r)
	case r == noKey:
		return nil, jsondoc.None
	default:
		return t.out, jsondoc.ID(^r)
	}
}

// extOf returns slot k's side record, or noExt.
func (t *Tree) extOf(k int32) slotExt {
	if e := t.extIndex(k); e > 0 {
		return t.sl.exts[e-1]
	}
	return noExt
}

// extIndex returns 1 + the index of slot k's side record in exts, 0 for
// none.
func (t *Tree) extIndex(k int32) int32 {
	if int(k) < len(t.sl.ext) {
		return t.sl.ext[k]
	}
	return 0
}

// ext returns slot k's side record for writing, making it.
func (t *Tree) ext(k int32) *slotExt {
	s := &t.sl
	if n, old := int(k)+1, len(s.ext); n > old {
		s.ext = slices.Grow(s.ext, n-old)[:n]
		clear(s.ext[old:])
	}
	if s.ext[k] == 0 {
		s.exts = append(s.exts, noExt)
		s.ext[k] = int32(len(s.exts))
	}
	return &s.exts[s.ext[k]-1]
}

// slotParent returns the slot of the level above slot k, -1 for the root.
func (t *Tree) slotParent(k int32) int32 { return t.sl.parent[k] }

// slotIsElem reports whether slot k is the slot of an array's elements.
func (t *Tree) slotIsElem(k int32) bool { return t.sl.parent[k] >= 0 && t.sl.key[k] == noKey }

// slotIsKey reports whether slot k holds the weight of an object key.
func (t *Tree) slotIsKey(k int32) bool { return t.sl.key[k] != noKey }

// slotKey returns the key of slot k ("" for the root and elements).
func (t *Tree) slotKey(k int32) string {
	d, id := t.keyMember(t.sl.key[k])
	if d == nil {
		return ""
	}
	if d.KeyEscaped(id) {
		return t.sl.escaped[k]
	}
	return d.Key(id)
}

// slotKeyIs reports whether slot k holds the key of member id of d.
func (t *Tree) slotKeyIs(k int32, d *jsondoc.Doc, id jsondoc.ID) bool {
	sd, sid := t.keyMember(t.sl.key[k])
	return sd != nil && sd.SameKey(sid, d, id)
}

// slotWeight returns the weight in force of slot k.
func (t *Tree) slotWeight(k int32) float64 { return t.sl.weight.get(k, 1) }

// setSlotWeight sets the weight in force of slot k.
func (t *Tree) setSlotWeight(k int32, w float64) { t.sl.weight.set(k, w, t.sl.len(), 1) }

// slotFileWeight returns the weight the weights file gives slot k.
func (t *Tree) slotFileWeight(k int32) float64 { return t.sl.fileWeight.get(k, 1) }

// slotEntry returns the member of the weights file holding slot k's
// weight (a number, or the loopback inside an object), or jsondoc.None.
func (t *Tree) slotEntry(k int32) jsondoc.ID { return t.sl.entry.get(k, jsondoc.None) }

// slotElem returns the element slot below slot k, or -1.
func (t *Tree) slotElem(k int32) int32 { return t.extOf(k).elem }

// slotLevel returns the weights object for the level below slot k, or
// jsondoc.None.
func (t *Tree) slotLevel(k int32) jsondoc.ID { return t.extOf(k).level }

// fileMember returns the member of the weights file that weighs key slot
// k: a number, or an object of the weights below it; jsondoc.None when
// the file has none.
func (t *Tree) fileMember(k int32) jsondoc.ID {
	if l := t.slotLevel(k); l != jsondoc.None && t.slotIsKey(k) {
		return l
	}
	return t.slotEntry(k)
}

// cloneWeights returns a copy of the columns re-weighting and resolving
// another weights file write, for Clone and to undo ApplyWeights; the
// others are shared (the shape of the reference never changes).
func (s *slotTable) cloneWeights() slotTable {
	c := *s
	c.spare = nil // the original's to carve from
	c.ext = slices.Clone(s.ext)
	c.exts = slices.Clone(s.exts)
	c.weight = s.weight.clone()
	c.fileWeight = s.fileWeight.clone()
	c.entry = s.entry.clone()
	return c
}
