package jsondoc

import (
	"fmt"
	"hash/maphash"
	"math/bits"
	"slices"

	"github.com/jsontui/jsontui/internal/bigbuf"
)

// dupScanLimit is the member count up to which duplicates are found by
// comparing every pair; larger objects use a map.
const dupScanLimit = 16

// checkDuplicates marks members of object id (of n members) whose key a
// later member repeats (the last one wins) and warns for each. sigs are
// the signatures of its first members, in order (all n of them when
// n <= dupScanLimit): a length and two bytes, or 1 for a key with escapes
// (or the empty key), which may equal any other. Keys with different
// signatures differ, so most pairs are never compared; and an object
// whose signatures all differ is free of duplicates, which sigMemo
// remembers for the next objects of the same shape.
func (p *parser) checkDuplicates(id uint32, n int, sigs []uint32) {
	if n > dupScanLimit {
		p.checkDuplicatesMap(id, n)
		return
	}
	if p.memo == nil {
		p.memo = new(sigMemo)
	}
	if p.memo.clean(sigs) {
		return
	}
	clean := true
	var members []uint32
	for a := n - 2; a >= 0; a-- {
		for b := a + 1; b < n; b++ {
			if sigs[a] != sigs[b] && sigs[a] != 1 && sigs[b] != 1 {
				continue
			}
			clean = false
			if members == nil {
				members = p.members(id, n)
			}
			if p.nodes[members[b]].flags&flagShadowed == 0 && p.sameKey(members[a], members[b]) {
				p.shadow(id, members[a], members[b])
				break
			}
		}
	}
	if clean {
		p.memo.add(sigs)
	}
}

// memoSlots is how many signature lists a sigMemo holds.
const memoSlots = 32

// sigMemo remembers lists of 2 to dupScanLimit key signatures that all
// differ (none of them 1): an object with such a list has no duplicate
// keys, whatever the document, so the memo is kept from parse to parse.
// A dataset's records repeat a few shapes of object; each is found in
// its slot, chosen by a hash of the list, at the cost of one comparison
// instead of the n*(n-1)/2 of checkDuplicates.
type sigMemo [memoSlots]struct {
	n    int
	sigs [dupScanLimit]uint32
}

// slot returns where sigs belong.
func (m *sigMemo) slot(sigs []uint32) int {
	h := uint32(len(sigs))*0x9e3779b1 ^ sigs[0]*0x85ebca6b ^ sigs[len(sigs)-1]*0xc2b2ae35
	return int(h >> 27) // memoSlots = 1<<5
}

// clean reports whether sigs is a list the memo holds.
func (m *sigMemo) clean(sigs []uint32) bool {
	e := &m[m.slot(sigs)]
	return e.n == len(sigs) && slices.Equal(e.sigs[:e.n], sigs)
}

// add remembers sigs, found to be all different, in place of the list
// in its slot.
func (m *sigMemo) add(sigs []uint32) {
	e := &m[m.slot(sigs)]
	e.n = copy(e.sigs[:], sigs)
}

// members lists the n members of object id.
func (p *parser) members(id uint32, n int) []uint32 {
	out := make([]uint32, 0, n)
	for c := id + 1; ; c = p.nodes[c].next {
		out = append(out, c)
		if p.nodes[c].next == 0 {
			return out
		}
	}
}

// checkDuplicatesMap checks a large object of n members through a table
// of its members (see memberSet: 4 bytes a slot, reused from object to
// object, never a copy of the keys). One pass in order leaves each key's
// last member in the table and counts the members it replaced; only when
// there are some does a second pass pair each of those with the last
// member of its key. They are shadowed last first, as the members are
// read back to front: the warnings come in that order.
func (p *parser) checkDuplicatesMap(id uint32, n int) {
	t := &p.dupTable
	t.reset(n, uint32(len(p.nodes)))
	dups := 0
	for c := id + 1; ; c = p.nodes[c].next {
		i, e, found := t.find(p, c)
		t.slots[i] = e // the later member is the one kept
		if found {
			dups++
		}
		if p.nodes[c].next == 0 {
			break
		}
	}
	if dups == 0 {
		return
	}
	pairs := p.dupPairs[:0] // shadowed member, the member kept
	for c := id + 1; ; c = p.nodes[c].next {
		i, _, _ := t.find(p, c)
		if w := t.id(i); w != c {
			pairs = append(pairs, [2]uint32{c, w})
		}
		if p.nodes[c].next == 0 {
			break
		}
	}
	for k := len(pairs) - 1; k >= 0; k-- {
		p.shadow(id, pairs[k][0], pairs[k][1])
	}
	p.dupPairs = pairs[:0]
}

// memberSet is an open-addressed table of the members of one object, by
// key, at most 3/4 full: 4 to 8 bytes a member. A slot holds a member's
// id in its low bits (0, the root's, for none) and, in the bits the
// document's ids leave free, bits of its key's hash: a key is compared
// with the input's bytes of a member only when those agree (on a 10M-key
// object, 8 bits of hash spare 255 in 256 of the reads of a key far away
// in the input).
type memberSet struct {
	slots  []uint32 // a power of two long
	idBits uint     // the low bits that hold the id
	seed   maphash.Seed
	seeded bool
}

// reset empties the set and makes room for n members whose ids are below
// maxID, reusing its memory when it is large enough.
func (t *memberSet) reset(n int, maxID uint32) {
	size := 8
	for size*3 < n*4 {
		size *= 2
	}
	if cap(t.slots) < size {
		// A large table comes from, and goes back to, bigbuf (see
		// parser.putScratch): the build takes it for its slots.
		t.slots = bigbuf.Get[uint32](size)
	}
	t.slots = t.slots[:size]
	clear(t.slots)
	t.idBits = uint(bits.Len32(maxID))
	if !t.seeded {
		t.seed, t.seeded = maphash.MakeSeed(), true
	}
}

// id returns the member id held in slot i.
func (t *memberSet) id(i uint32) uint32 { return t.slots[i] & (1<<t.idBits - 1) }

// find returns the slot of the member whose key is member c's (found), or
// else the empty slot where c goes; put stores c in either.
func (t *memberSet) find(p *parser, c uint32) (slot, entry uint32, found bool) {
	var h uint64
	if p.nodes[c].flags&flagKeyEscape != 0 {
		h = maphash.String(t.seed, p.key(c))
	} else {
		h = maphash.Bytes(t.seed, p.rawKey(c))
	}
	mask := uint32(len(t.slots) - 1)
	entry = c
	if t.idBits < 32 {
		entry |= uint32(h>>32) << t.idBits
	}
	tag := entry &^ (1<<t.idBits - 1)
	for i := uint32(h) & mask; ; i = (i + 1) & mask {
		e := t.slots[i]
		if e == 0 {
			return i, entry, false
		}
		if e&^(1<<t.idBits-1) == tag && p.sameKey(t.id(i), c) {
			return i, entry, true
		}
	}
}

func (p *parser) key(c uint32) string {
	n := &p.nodes[c]
	raw := p.rawKey(c)
	if n.flags&flagKeyEscape != 0 {
		return unescape(raw, p.opt.Python)
	}
	return unsafeString(raw)
}

// sameKey reports whether members a and b have the same key.
func (p *parser) sameKey(a, b uint32) bool {
	na, nb := &p.nodes[a], &p.nodes[b]
	if (na.flags|nb.flags)&flagKeyEscape == 0 {
		// Keys without escapes hold no quote: they are equal when their
		// bytes are up to a quote in both, where it ends them.
		src := p.src
		i, j := int(p.keyStart(a)), int(p.keyStart(b))
		if i == j {
			return true
		}
		for src[i] == src[j] {
			if src[i] == '"' {
				return true
			}
			i++
			j++
		}
		return false
	}
	return p.key(a) == p.key(b)
}

// shadow marks member c as overridden by the later member winner of object id.
func (p *parser) shadow(id, c, winner uint32) {
	p.nodes[c].flags |= flagShadowed
	if len(p.warns) >= MaxWarnings {
		p.omitted++
		return
	}
	if p.lines == nil {
		p.lines = newLineIndex(p.src)
	}
	line, col := p.lines.position(int(p.keyStart(winner))-1, &p.linesAt)
	path := p.stackPath()
	if len(path) == 1 { // the root: "." followed by nothing
		path = path[:0]
	}
	path = AppendKey(path, p.key(c))
	p.warns = append(p.warns, Warning{
		Path: string(path), Line: line, Col: col,
		Message: fmt.Sprintf("duplicate key %s: the last one wins", MessageKey(p.key(c))),
	})
}

// stackPath is the path of the container on top of the parse stack.
func (p *parser) stackPath() []byte {
	var path []byte
	for k := 1; k < len(p.stack); k++ {
		parent := p.stack[k-1]
		child := parent.last
		if p.nodes[parent.id].kind == Object {
			path = AppendKey(path, p.key(child))
		} else {
			path = AppendIndex(path, int(parent.count)-1)
		}
	}
	if len(path) == 0 {
		path = append(path, '.')
	}
	return path
}

// keyStart returns the offset of member c's key, past its opening quote.
func (p *parser) keyStart(c uint32) uint32 {
	n := &p.nodes[c]
	if n.flags&flagLongKey != 0 {
		return p.longKeys[c]
	}
	return n.start - uint32(n.keyOff)
}

// rawKey returns member c's key as written between its quotes.
func (p *parser) rawKey(c uint32) []byte {
	return p.src[p.keyStart(c):keyEnd(p.src, p.nodes[c].start)]
}
