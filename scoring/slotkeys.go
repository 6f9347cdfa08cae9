package scoring

import (
	"sync"
	"sync/atomic"

	"github.com/jsontui/jsontui/internal/hashindex"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// keySlots are the key slots below a slot, in the order first seen, and
// their index by key. The index is made on the first lookup of a key the
// list's position cache misses (see childSlot), once the list is long
// enough: the keys of one wide object, each new, are never looked up, so
// a million keys cost their list (4 bytes each) and no index.
type keySlots struct {
	kids  kidList
	index hashindex.Table // kids by key, while indexed
	// indexed says that index holds every kid. Lookups may run on many
	// goroutines (the builders of a round, readers of a built tree):
	// the first that needs the index makes it under mu.
	indexed atomic.Bool
	mu      sync.Mutex
}

// indexMin is the number of key slots below a slot from which they are
// found through a hash table rather than by scanning.
const indexMin = 9

// noKids is the list of a slot with no key slots below it.
var noKids kidList

// kids returns the key slots below slot s, in the order first seen. The
// list is read only.
func (t *Tree) kids(s int32) *kidList {
	if b := t.extOf(s).below; b > 0 {
		return &t.below[b-1].kids
	}
	return &noKids
}

// keySlotsOf returns the list of key slots below ctx, making it.
func (t *Tree) keySlotsOf(ctx int32) *keySlots {
	x := t.ext(ctx)
	if x.below == 0 {
		if n := len(t.below); n < cap(t.below) && t.below[:n+1][n] != nil {
			// A released tree's list: its room is reused.
			t.below = t.below[:n+1]
			ks := t.below[n]
			ks.kids.reset()
			ks.indexed.Store(false)
		} else {
			t.below = append(t.below, &keySlots{})
		}
		x.below = int32(len(t.below))
	}
	return t.below[x.below-1]
}

// reserveMin is the number of keys from which an object's slots are made
// room for at once.
const reserveMin = 64

// reserveKids makes room for n more key slots below slot ctx, so that a
// wide object's keys are added without growing the slot table on the way
// (their list is a run of slots, which takes no room).
func (t *Tree) reserveKids(ctx int32, n int) {
	t.sl.grow(n)
	t.keySlotsOf(ctx)
}

// freshKeySlots returns the list of key slots below ctx for the first
// object r of rd at that place, whose keys are all new, making room for
// them at once when there are many; nil when r has no member (no list is
// made, as addKeySlot would make none).
func (t *Tree) freshKeySlots(ctx int32, rd *jsondoc.Doc, r jsondoc.ID) *keySlots {
	if rd.Child(r) == jsondoc.None {
		return nil
	}
	// Each member but the last takes at least four bytes (a key, a colon,
	// a value, a separator): an object written shorter than reserveMin
	// members could be has fewer, and its members need not be counted.
	if len(rd.Raw(r)) >= 4*reserveMin-1 {
		if n := rd.Count(r); n >= reserveMin {
			t.reserveKids(ctx, n)
		}
	}
	return t.keySlotsOf(ctx) // made by the first key, as addKeySlot would
}

// hashSlotKey hashes the key of slot k for index x.
func (t *Tree) hashSlotKey(x *hashindex.Table, k int32) uint32 {
	d, id := t.keyMember(t.sl.key[k])
	if d.KeyEscaped(id) {
		return x.HashString(t.sl.escaped[k])
	}
	return x.HashBytes(d.KeyRaw(id))
}

// indexOf returns the index of the list ks, making it; nil when the list
// is short enough to scan.
func (t *Tree) indexOf(ks *keySlots) *hashindex.Table {
	if ks.indexed.Load() {
		return &ks.index
	}
	if ks.kids.Len() < indexMin {
		return nil
	}
	ks.mu.Lock()
	defer ks.mu.Unlock()
	if !ks.indexed.Load() {
		ks.index.Reset(ks.kids.Len())
		for i := range ks.kids.Len() {
			k := ks.kids.At(i)
			ks.index.Insert(t.hashSlotKey(&ks.index, k), k)
		}
		ks.indexed.Store(true)
	}
	return &ks.index
}

// keySlot returns the key slot for key below ctx, or -1.
func (t *Tree) keySlot(ctx int32, key string) int32 {
	b := t.extOf(ctx).below
	if b == 0 {
		return -1
	}
	ks := t.below[b-1]
	x := t.indexOf(ks)
	if x == nil {
		for i := range ks.kids.Len() {
			if k := ks.kids.At(i); t.slotKey(k) == key {
				return k
			}
		}
		return -1
	}
	k, _ := x.Find(x.HashString(key), func(k int32) bool { return t.slotKey(k) == key })
	return k
}

// memberSlot returns the key slot below ctx for the key of member id of
// d, or -1.
func (t *Tree) memberSlot(ctx int32, d *jsondoc.Doc, id jsondoc.ID) int32 {
	b := t.extOf(ctx).below
	if b == 0 {
		return -1
	}
	ks := t.below[b-1]
	x := t.indexOf(ks)
	if x == nil {
		for i := range ks.kids.Len() {
			if k := ks.kids.At(i); t.slotKeyIs(k, d, id) {
				return k
			}
		}
		return -1
	}
	var h uint32
	if d.KeyEscaped(id) {
		h = x.HashString(d.Key(id))
	} else {
		h = x.HashBytes(d.KeyRaw(id))
	}
	k, _ := x.Find(h, func(k int32) bool { return t.slotKeyIs(k, d, id) })
	return k
}
