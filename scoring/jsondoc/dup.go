package jsondoc

import (
	"bytes"
	"fmt"
)

// dupScanLimit is the member count up to which duplicates are found by
// comparing every pair; larger objects use a map.
const dupScanLimit = 16

// checkDuplicates marks members of object id whose key a later member
// repeats (the last one wins) and warns once per repeated key.
func (p *parser) checkDuplicates(id uint32) {
	var members [dupScanLimit]uint32
	var sigs [dupScanLimit]uint32
	n := 0
	for c := id + 1; ; c = p.nodes[c].next {
		if n == dupScanLimit {
			p.checkDuplicatesMap(id)
			return
		}
		members[n] = c
		sigs[n] = p.keySig(c)
		n++
		if p.nodes[c].next == 0 {
			break
		}
	}
	for a := n - 2; a >= 0; a-- {
		for b := a + 1; b < n; b++ {
			if (sigs[a] == sigs[b] || sigs[a] == 1 || sigs[b] == 1) && p.nodes[members[b]].flags&flagShadowed == 0 && p.sameKey(members[a], members[b]) {
				p.shadow(id, members[a], members[b])
				break
			}
		}
	}
}

// keySig summarizes a raw key (length, first and last byte) so that most
// pairs of different keys are told apart without comparing them. Keys with
// escapes (and the empty key) get the signature 1, which is compared with
// every other, as their raw bytes may differ from the decoded key.
func (p *parser) keySig(c uint32) uint32 {
	n := &p.nodes[c]
	if n.flags&flagKeyEscape != 0 || n.keyEnd == n.keyStart {
		return 1
	}
	return (n.keyEnd-n.keyStart)<<16 | uint32(p.src[n.keyStart])<<8 | uint32(p.src[n.keyEnd-1])
}

func (p *parser) checkDuplicatesMap(id uint32) {
	seen := make(map[string]uint32)
	var order []uint32
	for c := id + 1; ; c = p.nodes[c].next {
		order = append(order, c)
		if p.nodes[c].next == 0 {
			break
		}
	}
	for k := len(order) - 1; k >= 0; k-- {
		c := order[k]
		key := p.key(c)
		if later, ok := seen[key]; ok {
			p.shadow(id, c, later)
			continue
		}
		seen[key] = c
	}
}

func (p *parser) key(c uint32) string {
	n := &p.nodes[c]
	raw := p.src[n.keyStart:n.keyEnd]
	if n.flags&flagKeyEscape != 0 {
		return unescape(raw)
	}
	return unsafeString(raw)
}

func (p *parser) sameKey(a, b uint32) bool {
	na, nb := &p.nodes[a], &p.nodes[b]
	if (na.flags|nb.flags)&flagKeyEscape == 0 {
		return bytes.Equal(p.src[na.keyStart:na.keyEnd], p.src[nb.keyStart:nb.keyEnd])
	}
	return p.key(a) == p.key(b)
}

// shadow marks member c as overridden by the later member winner of object id.
func (p *parser) shadow(id, c, winner uint32) {
	p.nodes[c].flags |= flagShadowed
	line, col := position(p.src, int(p.nodes[winner].keyStart)-1)
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
