package dataset

import (
	"bytes"
	"math"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// entryCache is entry j of the "paths" of the line a reader read before:
// its text and what it read as. The lines of a dataset mostly list the
// same paths in the same order, and half of their entries are the very
// text of the line before's at the same place (a leaf found right, its
// object's counts): such an entry is taken as read then.
type entryCache struct {
	text []byte
	// parent is the entry's parent's place in its line (-1 for the root,
	// -2 for no entry yet), parentSchema its schema path then.
	parent, parentSchema int32
	part                 pathPart // part.path is the entry's schema path
	// The entry's step, when an object key: the key and where it led
	// below stepParent.
	key                    []byte
	stepParent, stepSchema int32
}

// entry returns the cache of entry j.
func (lr *lineReader) entry(j int32) *entryCache {
	for int(j) >= len(lr.entries) {
		lr.entries = append(lr.entries, entryCache{parent: -2, stepParent: -1})
	}
	return &lr.entries[j]
}

// fastPart reads one "paths" entry into lr.acc.
func (lr *lineReader) fastPart(s *lineScan) {
	if !s.ok {
		return
	}
	b, j := s.b, int32(len(lr.schema))
	c := lr.entry(j)
	if c.parent >= -1 && bytes.HasPrefix(b[s.i:], c.text) && (c.parent < 0 || lr.schema[c.parent] == c.parentSchema) {
		// The whole entry (an array: nothing after it changes what it
		// is) as in the line before, below the same path.
		if !lr.takePart(&c.part) {
			s.ok = false
			return
		}
		s.i += len(c.text)
		return
	}
	start := s.i
	schema, parent, i := lr.entryHead(b, start, j, c)
	var kind, scored, kinds, scalars int64
	var fl [3]float64
	kind, i = uintAt(b, i)
	scored, i = uintAt(b, byteAt(b, i, ','))
	fl[0], i = floatAt(b, byteAt(b, i, ','))
	fl[1], i = floatAt(b, byteAt(b, i, ','))
	fl[2], i = floatAt(b, byteAt(b, i, ','))
	i = byteAt(b, i, ',')
	if i < 0 || kind > int64(jsondoc.Array) {
		s.ok = false
		return
	}
	p := pathPart{path: schema, first: j, kind: jsondoc.Kind(kind), weight: fl[2], scored: int32(scored), scoreSum: fl[0], lossSum: fl[1]}
	i = countsAt(b, i, p.status[:])
	i = countsAt(b, byteAt(b, i, ','), p.counts[:])
	kinds, i = uintAt(b, byteAt(b, i, ','))
	scalars, i = uintAt(b, byteAt(b, i, ','))
	if k := byteAt(b, i, ','); k >= 0 {
		p.pathWeight, i = floatAt(b, k)
		p.hasPathWeight = true
	}
	i = byteAt(b, i, ']')
	if i < 0 || kinds > 255 || scalars > math.MaxInt32 {
		s.ok = false
		return
	}
	p.kinds, p.scalars = uint8(kinds), int32(scalars)
	for _, n := range p.status {
		p.nodes += n
	}
	if !partOK(&p) || p.hasPathWeight && !(p.pathWeight >= 0) || !lr.takePart(&p) {
		s.ok = false
		return
	}
	s.i = i
	c.text, c.part, c.parent = append(c.text[:0], b[start:i]...), p, int32(parent)
	if parent >= 0 {
		c.parentSchema = lr.schema[parent]
	}
}

// takePart adds a case's part read from an entry to lr.acc; false when
// an entry before it has its path.
func (lr *lineReader) takePart(p *pathPart) bool {
	for int(p.path) >= len(lr.acc.at) {
		lr.acc.at = append(lr.acc.at, 0)
	}
	if lr.acc.at[p.path] != 0 {
		return false
	}
	lr.schema = append(lr.schema, p.path)
	lr.acc.parts = append(lr.acc.parts, *p)
	lr.acc.at[p.path] = int32(len(lr.acc.parts))
	return true
}

// entryHead reads the parent and step of entry j of a line's "paths" at
// b[i:], and returns its schema path, its parent's place and the index
// past its comma.
func (lr *lineReader) entryHead(b []byte, i int, j int32, c *entryCache) (int32, int64, int) {
	if j == 0 {
		return 0, -1, textAt(b, i, "[-1,null,")
	}
	parent, i := uintAt(b, byteAt(b, i, '['))
	i = byteAt(b, i, ',')
	if i < 0 || parent >= int64(j) {
		return 0, 0, -1
	}
	ps := lr.schema[parent]
	if k := textAt(b, i, "null,"); k >= 0 {
		return lr.paths.elem(ps), parent, k
	}
	i = byteAt(b, i, '"')
	if i < 0 {
		return 0, 0, -1
	}
	// The key of entry j in the line before, and its closing quote: the
	// same key (it has no quote of its own).
	if k := i + len(c.key); c.stepParent == ps && k < len(b) && b[k] == '"' && string(b[i:k]) == string(c.key) {
		return c.stepSchema, parent, byteAt(b, k+1, ',')
	}
	end := bytes.IndexByte(b[i:], '"')
	if end < 0 || !plainText(b[i:i+end]) {
		return 0, 0, -1
	}
	schema := lr.paths.key(ps, unsafeText(b[i:i+end]))
	c.key, c.stepParent, c.stepSchema = append(c.key[:0], b[i:i+end]...), ps, schema
	return schema, parent, byteAt(b, i+end+1, ',')
}
