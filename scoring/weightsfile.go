package scoring

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// MarshalWeights returns the weights in force as a weights file. It keeps
// the shape of the tree's weights file: its key order, loopbacks, zero
// weights, number literals of unchanged weights and entries the reference
// does not use, exactly; it adds only the entries the changed weights need
// (a number entry that gets a weighted key below it becomes an object with
// the loopback). Without a weights file it writes the entries that differ
// from 1.
func (t *Tree) MarshalWeights() []byte {
	w := weightsWriter{t: t, indent: "  "}
	level := jsondoc.None
	if t.weights != nil {
		level = 0
		w.indent = detectIndent(t.weights.doc)
	}
	w.object(level, 0, -1, 0)
	w.buf.WriteByte('\n')
	return w.buf.Bytes()
}

// InitWeights returns a weights file for the reference of the tree: every
// key 1.0, with a loopback in place for every key that has keys below it.
func (t *Tree) InitWeights() []byte {
	w := weightsWriter{t: t, indent: "  ", all: true}
	w.object(jsondoc.None, 0, -1, 0)
	w.buf.WriteByte('\n')
	return w.buf.Bytes()
}

type weightsWriter struct {
	t      *Tree
	buf    bytes.Buffer
	indent string
	all    bool // write every key (InitWeights)
	// need caches needs by slot: 0 not known yet, 1 no, 2 yes. Without
	// it, a chain of n nested keys would be walked n times over.
	need []uint8
	// kidOf holds, by the id of a member of the weights file, 1 + the key
	// slot it weighs (0 for none): each object of the file is written
	// once, and fills in its own members' (see object).
	kidOf  []int32
	quoted []byte // scratch for a quoted key
}

// kidsOf returns the key slots weighed by the object for slot s: its own
// keys and those of its array elements, at any array depth, first seen
// first. Most places have keys in one of those lists at most: that list
// is returned as it is, to be read only; lists that must be merged make a
// new one.
func (t *Tree) kidsOf(s int32) *kidList {
	var lists []*kidList
	only := &noKids
	for e := s; e >= 0; e = t.slotElem(e) {
		if kids := t.kids(e); kids.Len() > 0 {
			if only.Len() == 0 {
				only = kids
			} else {
				lists = append(lists, kids)
			}
		}
	}
	if lists == nil {
		return only
	}
	out := &kidList{}
	seen := make(map[string]bool, only.Len())
	for i := range only.Len() {
		k := only.At(i)
		seen[t.slotKey(k)] = true
		out.add(k)
	}
	for _, kids := range lists {
		for i := range kids.Len() {
			if k := kids.At(i); !seen[t.slotKey(k)] {
				seen[t.slotKey(k)] = true
				out.add(k)
			}
		}
	}
	return out
}

// needs reports whether key slot s must appear in a file with no entry
// for it: its weight is not the default, or a key below it needs to.
func (w *weightsWriter) needs(s int32) bool {
	if w.all || w.t.slotWeight(s) != 1 {
		return true
	}
	if w.need == nil {
		w.need = make([]uint8, w.t.NumSlots())
	}
	if v := w.need[s]; v != 0 {
		return v == 2
	}
	need := false
	for k := range w.t.kidsOf(s).All() {
		if w.needs(k) {
			need = true
			break
		}
	}
	w.need[s] = 1
	if need {
		w.need[s] = 2
	}
	return need
}

// indented reports whether the members of an object at depth are written
// on lines of their own (see maxIndentDepth).
func indented(depth int) bool { return depth < maxIndentDepth }

// line starts a line at depth.
func (w *weightsWriter) line(depth int) {
	w.buf.WriteByte('\n')
	for i := 0; i < depth; i++ {
		w.buf.WriteString(w.indent)
	}
}

// gap separates two members of an object at depth, after the comma: a
// new line, or a space past maxIndentDepth.
func (w *weightsWriter) gap(depth int) {
	if indented(depth) {
		w.line(depth + 1)
	} else {
		w.buf.WriteByte(' ')
	}
}

// object writes the weights object level (jsondoc.None: none in the file)
// for the keys below slot ctx; own is the key slot whose loopback it holds
// (-1 at the top level). It costs the members of level and the keys
// below ctx, with no map: the keys' slots know the member of level that
// weighs them, if any (fileMember).
func (w *weightsWriter) object(level jsondoc.ID, ctx int32, own int32, depth int) {
	t := w.t
	var d *jsondoc.Doc
	if t.weights != nil {
		d = t.weights.doc
	}
	kids := t.kidsOf(ctx)
	// loopKey is the loopback's key, when this object holds one: not at
	// the top level, nor where the reference has a key of that name. (The
	// key "" is a key like any other.)
	loopKey, hasLoopKey := "", false
	if own >= 0 {
		loopKey = "__" + t.slotKey(own)
		hasLoopKey = true
		for k := range kids.All() {
			if t.slotKey(k) == loopKey {
				hasLoopKey = false
				break
			}
		}
	}
	w.buf.WriteByte('{')
	n := 0
	member := func(key string) {
		if n > 0 {
			w.buf.WriteByte(',')
			w.gap(depth)
		} else if indented(depth) {
			w.line(depth + 1)
		}
		n++
		w.quoted = jsondoc.AppendQuoted(w.quoted[:0], key)
		w.buf.Write(w.quoted)
		w.buf.WriteString(": ")
	}
	hasLoop := false
	if level != jsondoc.None {
		hasLoop = hasLoopKey && d.Lookup(level, loopKey) != jsondoc.None
		if w.kidOf == nil {
			w.kidOf = make([]int32, d.Len())
		}
		for k := range kids.All() {
			if c := t.fileMember(k); c != jsondoc.None {
				w.kidOf[c] = k + 1
			}
		}
	}
	if hasLoopKey && !hasLoop && (w.all || t.slotWeight(own) != 1) {
		member(loopKey)
		w.number(jsondoc.None, t.slotWeight(own))
	}
	if level != jsondoc.None {
		for c := d.Child(level); c != jsondoc.None; c = d.Next(c) {
			key := d.Key(c)
			member(key)
			switch k := w.kidOf[c] - 1; {
			case hasLoopKey && key == loopKey:
				w.number(c, t.slotWeight(own))
			case k >= 0:
				w.slot(k, c, depth+1)
			default:
				w.raw(d.Raw(c), depth+1)
			}
		}
	}
	for k := range kids.All() {
		if (level == jsondoc.None || t.fileMember(k) == jsondoc.None) && w.needs(k) {
			member(t.slotKey(k))
			w.slot(k, jsondoc.None, depth+1)
		}
	}
	if n > 0 && indented(depth) {
		w.line(depth)
	}
	w.buf.WriteByte('}')
}

// slot writes the value for key slot k, whose entry in the file is e.
func (w *weightsWriter) slot(k int32, e jsondoc.ID, depth int) {
	t := w.t
	below := false
	for kid := range t.kidsOf(k).All() {
		if w.needs(kid) {
			below = true
			break
		}
	}
	if e != jsondoc.None && t.weights.doc.Kind(e) == jsondoc.Object {
		w.object(e, k, k, depth)
		return
	}
	if below {
		w.object(jsondoc.None, k, k, depth)
		return
	}
	w.number(e, t.slotWeight(k))
}

// number writes weight v, keeping the literal of entry e when it still
// says v.
func (w *weightsWriter) number(e jsondoc.ID, v float64) {
	if e != jsondoc.None {
		d := w.t.weights.doc
		if d.Kind(e) == jsondoc.Number && d.Float(e) == v {
			w.buf.Write(d.Raw(e))
			return
		}
	}
	w.buf.WriteString(FormatWeight(v))
}

// FormatWeight formats a weight for a weights file: "1.0", "0.25".
func FormatWeight(v float64) string {
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}

// raw writes an entry the reference does not use, as it was (duplicate
// keys and number literals included), re-indented as the rest of the
// file: its white space outside strings is dropped and the members of
// its containers go on lines of their own down to maxIndentDepth, on
// their parent's line below it. depth is the entry's own depth.
func (w *weightsWriter) raw(b []byte, depth int) {
	d := depth // the depth of the values being written
	for i := 0; i < len(b); i++ {
		switch c := b[i]; c {
		case ' ', '\t', '\n', '\r':
		case '"':
			end := i + 1
			for b[end] != '"' {
				if b[end] == '\\' {
					end++
				}
				end++
			}
			w.buf.Write(b[i : end+1])
			i = end
		case '{', '[':
			w.buf.WriteByte(c)
			j := i + 1
			for j < len(b) && (b[j] == ' ' || b[j] == '\t' || b[j] == '\n' || b[j] == '\r') {
				j++
			}
			if b[j] == '}' || b[j] == ']' { // empty
				w.buf.WriteByte(b[j])
				i = j
				continue
			}
			if indented(d) {
				w.line(d + 1)
			}
			d++
		case '}', ']':
			d--
			if indented(d) {
				w.line(d)
			}
			w.buf.WriteByte(c)
		case ',':
			w.buf.WriteByte(',')
			w.gap(d - 1)
		case ':':
			w.buf.WriteString(": ")
		default:
			w.buf.WriteByte(c)
		}
	}
}

// detectIndent returns the indentation unit the weights file uses: the
// leading white space of the line after the root object's opening brace,
// or two spaces.
func detectIndent(d *jsondoc.Doc) string {
	root := d.Raw(0)
	nl := bytes.IndexByte(root, '\n')
	if nl < 0 {
		return "  "
	}
	rest := root[nl+1:]
	n := 0
	for n < len(rest) && (rest[n] == ' ' || rest[n] == '\t') {
		n++
	}
	if n == 0 {
		return "  "
	}
	return string(rest[:n])
}

// MaxIndentDepth is the deepest level of a weights file written indented
// (by MarshalWeights and InitWeights): the members of deeper objects are
// written on their parent's line. An indented file costs its depth in
// white space per line, so a reference nested 10,000 deep would make one
// of 300 MB.
const MaxIndentDepth = 32

const maxIndentDepth = MaxIndentDepth
