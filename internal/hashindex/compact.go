package hashindex

import (
	"hash/maphash"
	"math/bits"
)

// Compact is a hash index of ids below a bound known when it is reset,
// for a set of ids that is complete once made (the members of one
// object): each slot holds 4 bytes, an id in its low bits and, in the
// bits the bound leaves free, bits of its key's hash, where a Table
// holds 8 (all 32 bits of the hash). With between 4/3 and 8/3 slots an
// id, it costs 5 to 11 bytes an id. Keys are compared only when the
// bits of their hashes kept agree: an id below 2^20 keeps 11 bits, which
// spare 2047 in 2048 of the comparisons of keys that differ.
//
// Reset makes room for the ids to come; a Compact never grows. The zero
// value is an empty index. It is safe for concurrent lookups once made.
type Compact struct {
	slots  []uint32 // a power of two long; 0 is an empty slot
	idBits uint     // the low bits holding id+1
	n      int
	room   int
	seed   maphash.Seed
	seeded bool
}

// Reset empties the index and makes room for n ids, each in [0, bound).
// It reuses the index's memory when it is large enough.
func (t *Compact) Reset(n int, bound int32) {
	size := roomFor(n)
	if cap(t.slots) >= size {
		t.slots = t.slots[:size]
		clear(t.slots)
	} else {
		t.slots = make([]uint32, size)
	}
	t.idBits = uint(bits.Len32(uint32(bound)))
	t.n, t.room = 0, n
	if !t.seeded {
		t.seed, t.seeded = maphash.MakeSeed(), true
	}
}

// Len returns the number of ids in the index.
func (t *Compact) Len() int { return t.n }

// Bytes returns the memory the index holds, in bytes.
func (t *Compact) Bytes() int { return 4 * cap(t.slots) }

// HashString returns the hash of key for this index.
func (t *Compact) HashString(key string) uint64 {
	if !t.seeded {
		t.seed, t.seeded = maphash.MakeSeed(), true
	}
	return maphash.String(t.seed, key)
}

// HashBytes returns the hash of key for this index; it equals HashString
// of the same bytes.
func (t *Compact) HashBytes(key []byte) uint64 {
	if !t.seeded {
		t.seed, t.seeded = maphash.MakeSeed(), true
	}
	return maphash.Bytes(t.seed, key)
}

// tag returns the bits of hash h a slot keeps, in place above the id.
func (t *Compact) tag(h uint64) uint32 {
	if t.idBits >= 32 {
		return 0
	}
	return uint32(h>>32) << t.idBits
}

// Insert adds id under hash h. It does not look for an equal key first:
// call Find for that. It panics past the room Reset made, or for an id
// outside [0, bound).
func (t *Compact) Insert(h uint64, id int32) {
	if t.n >= t.room {
		panic("hashindex: Compact is full")
	}
	if id < 0 || t.idBits < 32 && uint32(id)+1 >= 1<<t.idBits {
		panic("hashindex: id out of bounds")
	}
	mask := uint32(len(t.slots) - 1)
	i := uint32(h) & mask
	for t.slots[i] != 0 {
		i = (i + 1) & mask
	}
	t.slots[i] = t.tag(h) | (uint32(id) + 1)
	t.n++
}

// Find returns the id whose key has hash h and for which eq reports true,
// or -1 and false. eq is called only for ids whose kept bits of hash
// agree with h's.
func (t *Compact) Find(h uint64, eq func(id int32) bool) (int32, bool) {
	if t.n == 0 {
		return -1, false
	}
	mask := uint32(len(t.slots) - 1)
	idMask := uint32(1)<<t.idBits - 1 // all ones when idBits is 32
	tag := t.tag(h)
	for i := uint32(h) & mask; ; i = (i + 1) & mask {
		e := t.slots[i]
		if e == 0 {
			return -1, false
		}
		if e&^idMask == tag {
			if id := int32(e&idMask) - 1; eq(id) {
				return id, true
			}
		}
	}
}
