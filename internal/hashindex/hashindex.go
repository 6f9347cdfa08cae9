// Package hashindex is a compact hash index of int32 ids by key, for keys
// the caller already holds (object members of a parsed document, weight
// slots): the table keeps only each id and 32 bits of its key's hash, 8
// bytes a slot, with between 4/3 and 8/3 slots an id (11 to 22 bytes),
// where a map[string]int32 costs 30 to 60 bytes an entry and copies
// itself as it grows. Finding a key costs one hash and, on average,
// fewer than two probes; keys are compared only when their hashes agree.
//
// The caller hashes its keys with the table's [Table.HashString] or
// [Table.HashBytes] (hash/maphash, seeded per table) and supplies the
// equality test. A Table is not safe for concurrent writes.
package hashindex

import (
	"hash/maphash"
	"math/bits"
)

// Table maps hashed keys to int32 ids. The zero value is an empty table.
type Table struct {
	// slots hold hash<<32 | id+1; 0 is an empty slot. len(slots) is a
	// power of two, or 0.
	slots  []uint64
	n      int
	seed   maphash.Seed
	seeded bool
}

// minSlots is the smallest table made.
const minSlots = 8

// roomFor returns the table size for n ids: a power of two with n at most
// 3/4 of it.
func roomFor(n int) int {
	need := n + n/3 + 1
	if need <= minSlots {
		return minSlots
	}
	return 1 << bits.Len(uint(need-1))
}

// Reset empties the table and makes room for n ids without growing. It
// reuses the table's memory when that is large enough, clearing only the
// part it will use, so that resetting a large table for a small set costs
// what the small set does.
func (t *Table) Reset(n int) {
	size := roomFor(n)
	if cap(t.slots) >= size {
		t.slots = t.slots[:size]
		clear(t.slots)
	} else {
		t.slots = make([]uint64, size)
	}
	t.n = 0
}

// Len returns the number of ids in the table.
func (t *Table) Len() int { return t.n }

func (t *Table) init() {
	if !t.seeded {
		t.seed, t.seeded = maphash.MakeSeed(), true
	}
}

// HashString returns the hash of key for this table.
func (t *Table) HashString(key string) uint32 {
	t.init()
	return fold(maphash.String(t.seed, key))
}

// HashBytes returns the hash of key for this table; it equals HashString
// of the same bytes.
func (t *Table) HashBytes(key []byte) uint32 {
	t.init()
	return fold(maphash.Bytes(t.seed, key))
}

func fold(h uint64) uint32 { return uint32(h) ^ uint32(h>>32) }

// Find returns the id whose key has hash h and for which eq reports true,
// or -1 and false. eq is called only for ids whose hash is h.
func (t *Table) Find(h uint32, eq func(id int32) bool) (int32, bool) {
	if t.n == 0 {
		return -1, false
	}
	mask := uint32(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		e := t.slots[i]
		if e == 0 {
			return -1, false
		}
		if uint32(e>>32) == h {
			if id := int32(uint32(e) - 1); eq(id) {
				return id, true
			}
		}
	}
}

// Insert adds id under hash h, growing the table when it is 3/4 full. It
// does not look for an equal key first: call Find for that.
func (t *Table) Insert(h uint32, id int32) {
	if id < 0 {
		panic("hashindex: negative id")
	}
	if len(t.slots) == 0 || (t.n+1)*4 > len(t.slots)*3 {
		t.grow()
	}
	put(t.slots, uint64(h)<<32|uint64(uint32(id)+1))
	t.n++
}

// put stores entry e in the first free slot of its probe sequence.
func put(slots []uint64, e uint64) {
	mask := uint32(len(slots) - 1)
	i := uint32(e>>32) & mask
	for slots[i] != 0 {
		i = (i + 1) & mask
	}
	slots[i] = e
}

// grow doubles the table (or makes the first one), rehashing from the
// hashes kept in the entries.
func (t *Table) grow() {
	old := t.slots
	size := max(minSlots, 2*len(old))
	t.slots = make([]uint64, size)
	for _, e := range old {
		if e != 0 {
			put(t.slots, e)
		}
	}
}

// Bytes returns the memory the table holds, in bytes.
func (t *Table) Bytes() int { return 8 * cap(t.slots) }
