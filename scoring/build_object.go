package scoring

import "github.com/jsontui/jsontui/scoring/jsondoc"

// object builds the children of an object node: the reference's keys in
// order, each paired with the output's member of that key, then the output
// keys the reference lacks.
func (b *builder) object(id NodeID, ctx int32, r, o jsondoc.ID) {
	t := b.t
	rd, od := t.ref, t.out
	first := NodeID(len(b.buf))
	// Fast path: the output has the same keys in the same order.
	oc := jsondoc.None
	if o != jsondoc.None {
		oc = od.Child(o)
	}
	inOrder := true
	refCount := 0
	// fresh: the first object at this place, whose keys are all new
	// (an object's keys are unique; its extra keys are not the
	// reference's): their slots are made in order, with no lookup, and
	// room is made for them at once rather than key by key.
	fresh := !b.shared && t.kids(ctx).Len() == 0
	var ks *keySlots
	if fresh {
		ks = t.freshKeySlots(ctx, rd, r)
	}
	// rest is where the output's keys stop following the reference's:
	// they are looked up from there on, in an index of those alone, and
	// the members found are marked, which leaves the output's extra keys.
	rest, found := jsondoc.None, 0
	for rc := rd.Child(r); rc != jsondoc.None; rc = rd.Next(rc) {
		refCount++
		pos := refCount - 1
		// The key is most often that of the slot at this place (the key of
		// the record before): the input's bytes are compared with the
		// slot's, which spares looking for the key's end.
		slot := int32(-1)
		if k := b.slotAt(ctx, pos); k >= 0 && t.slotKeyIs(k, rd, rc) {
			slot = k
		}
		match := jsondoc.None
		if o != jsondoc.None {
			if inOrder && oc != jsondoc.None && rd.SameKey(rc, od, oc) {
				match = oc
				oc = od.Next(oc)
			} else {
				if inOrder {
					inOrder, rest = false, oc
					b.outKeys.ResetFrom(od, rest)
					b.marks.reset()
				}
				if match = b.outKeys.Lookup(rd.Key(rc)); match != jsondoc.None {
					b.marks.set(int(match - rest))
					found++
				}
			}
		}
		switch {
		case slot >= 0:
		case fresh:
			slot = t.addKeySlotIn(ks, ctx, refKey(rc))
		default:
			slot = b.childSlot(ctx, refKey(rc), pos)
		}
		b.push(node{ref: rc, out: match, parent: id, slot: slot, agg: -1})
	}
	// Output keys the reference lacks: those left over past the keys in
	// order, or the members of the rest not found.
	if o != jsondoc.None && (inOrder && oc != jsondoc.None || !inOrder && found < b.outKeys.Len()) {
		from := oc
		if !inOrder {
			from = rest
		}
		b.extraKeys(id, ctx, from, rest, refCount, inOrder, fresh)
	}
	b.finishBlock(id, first, -1)
}

// extraKeys pushes the output keys of an object that the reference lacks,
// from the output's member from on: all of them when the keys before came
// in order (inOrder), else the members of the rest not marked as found.
// Their slots follow the reference's count keys; fresh is as in object.
func (b *builder) extraKeys(id NodeID, ctx int32, from, rest jsondoc.ID, count int, inOrder, fresh bool) {
	t, od := b.t, b.t.out
	pos := count
	for c := from; c != jsondoc.None; c = od.Next(c) {
		if inOrder || !b.marks.has(int(c-rest)) {
			slot := int32(-1)
			switch {
			case !t.opt.KeyUnion:
			case fresh:
				// It weighs what the weights file gives it there.
				slot = t.addKeySlot(ctx, outKey(c))
			default:
				slot = b.childSlot(ctx, outKey(c), pos)
			}
			pos++
			b.push(node{ref: jsondoc.None, out: c, parent: id, slot: slot, agg: -1})
		}
	}
}

// marks is a set of small integers (offsets of members from the first
// looked up), cleared in the time of the ones set.
type marks struct {
	words []uint64
	hi    int // words[:hi] may hold a bit
}

func (m *marks) reset() {
	clear(m.words[:m.hi])
	m.hi = 0
}

func (m *marks) set(i int) {
	w := i >> 6
	if w >= len(m.words) {
		m.words = append(m.words, make([]uint64, max(w+1, 2*len(m.words))-len(m.words))...)
	}
	m.words[w] |= 1 << (i & 63)
	m.hi = max(m.hi, w+1)
}

func (m *marks) has(i int) bool {
	w := i >> 6
	return w < m.hi && m.words[w]&(1<<(i&63)) != 0
}
