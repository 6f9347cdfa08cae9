package jsondoc

import (
	"bytes"
	"fmt"
	"slices"
)

// dupScanLimit is the member count up to which duplicates are found by
// comparing every pair; larger objects use a map.
const dupScanLimit = 16

// checkDuplicates marks members of object id whose key a later member
// repeats (the last one wins) and warns for each. sigs are the members' key
// signatures, in order: a length and two bytes, or 1 for a key with
// escapes (or the empty key), which may equal any other. Keys with
// different signatures differ, so most pairs are never compared; and an
// object whose signatures repeat those of the last duplicate-free object
// checked at the same depth (the next record of an array) is known to be
// free of them too.
func (p *parser) checkDuplicates(id uint32, sigs []uint32) {
	n := len(sigs)
	depth := len(p.stack)
	for len(p.lastSigs) <= depth {
		p.lastSigs = append(p.lastSigs, nil)
	}
	last := &p.lastSigs[depth]
	if n > dupScanLimit {
		*last = (*last)[:0]
		p.checkDuplicatesMap(id, n)
		return
	}
	if slices.Equal(sigs, *last) {
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
		*last = append((*last)[:0], sigs...)
	} else {
		*last = (*last)[:0]
	}
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

// checkDuplicatesMap checks a large object of n members through a hash table of its
// members' keys (reused from object to object: 8 to 16 bytes a member,
// never a copy of the keys), last member first, so that the last of equal
// keys is the one kept.
func (p *parser) checkDuplicatesMap(id uint32, n int) {
	order := slices.Grow(p.dupOrder[:0], n)
	for c := id + 1; ; c = p.nodes[c].next {
		order = append(order, c)
		if p.nodes[c].next == 0 {
			break
		}
	}
	p.dupOrder = order
	t := &p.dupTable
	t.Reset(len(order))
	for k := len(order) - 1; k >= 0; k-- {
		c := order[k]
		var h uint32
		if p.nodes[c].flags&flagKeyEscape != 0 {
			h = t.HashString(p.key(c))
		} else {
			h = t.HashBytes(p.rawKey(c))
		}
		if later, ok := t.Find(h, func(m int32) bool { return p.sameKey(c, uint32(m)) }); ok {
			p.shadow(id, c, uint32(later))
			continue
		}
		t.Insert(h, int32(c))
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

func (p *parser) sameKey(a, b uint32) bool {
	na, nb := &p.nodes[a], &p.nodes[b]
	if (na.flags|nb.flags)&flagKeyEscape == 0 {
		return bytes.Equal(p.rawKey(a), p.rawKey(b))
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
		Message: fmt.Sprintf("duplicate key %s: the last one wins", AppendQuoted(nil, p.key(c))),
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
	ks := p.keyStart(c)
	return p.src[ks:stringEnd(p.src, int(ks))]
}
