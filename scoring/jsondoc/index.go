package jsondoc

import "github.com/jsontui/jsontui/internal/hashindex"

// indexMin is the member count from which a KeyIndex hashes: below it,
// scanning the members is as fast.
const indexMin = 9

// KeyIndex finds the members of one object by key in constant expected
// time, where Doc.Lookup scans them: callers matching many keys against
// one object build an index once, in one pass over its members, and look
// up each key in it. It holds 5 to 11 bytes a member and no copy of the
// keys. Keys shadowed by a later duplicate are not in it, as Lookup never
// returns them.
//
// A KeyIndex may be reused for another object with Reset, keeping its
// memory. It is safe for concurrent lookups once made.
type KeyIndex struct {
	d     *Doc
	first ID  // the first member indexed
	n     int // visible members
	table hashindex.Compact
}

// Index returns an index of the members of object id.
func (d *Doc) Index(id ID) *KeyIndex {
	x := &KeyIndex{}
	x.Reset(d, id)
	return x
}

// Reset makes x an index of the members of object id of d.
func (x *KeyIndex) Reset(d *Doc, id ID) { x.ResetFrom(d, d.Child(id)) }

// ResetFrom makes x an index of member first of an object of d and of the
// members after it (None: of none): a caller that has matched an
// object's first members in order indexes only the rest.
func (x *KeyIndex) ResetFrom(d *Doc, first ID) {
	x.d, x.first, x.n = d, first, 0
	for c := first; c != None && x.n < indexMin; c = d.Next(c) {
		x.n++
	}
	if x.n < indexMin {
		return
	}
	n := 0
	for c := first; c != None; c = d.Next(c) {
		n++
	}
	x.table.Reset(n, int32(len(d.nodes)))
	x.n = 0
	for c := first; c != None; c = d.Next(c) {
		x.table.Insert(x.hashKey(c), int32(c))
		x.n++
	}
}

// Len returns the number of members indexed.
func (x *KeyIndex) Len() int { return x.n }

// hashKey hashes the decoded key of member c.
func (x *KeyIndex) hashKey(c ID) uint64 {
	if x.d.nodes[c].flags&flagKeyEscape != 0 {
		return x.table.HashString(x.d.Key(c))
	}
	return x.table.HashBytes(x.d.keyBytes(c))
}

// Lookup returns the member with the given key, or None: what Doc.Lookup
// returns for the object.
func (x *KeyIndex) Lookup(key string) ID {
	if x.d == nil {
		return None
	}
	if x.n < indexMin {
		for c := x.first; c != None; c = x.d.Next(c) {
			if x.d.Key(c) == key {
				return c
			}
		}
		return None
	}
	id, ok := x.table.Find(x.table.HashString(key), func(c int32) bool { return x.d.keyEquals(ID(c), key) })
	if !ok {
		return None
	}
	return ID(id)
}

// keyEquals reports whether the decoded key of member c is key.
func (d *Doc) keyEquals(c ID, key string) bool {
	if d.nodes[c].flags&flagKeyEscape != 0 {
		return d.Key(c) == key
	}
	return d.KeyIs(c, key)
}
