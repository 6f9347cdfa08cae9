// Package jsondoc parses JSON into a compact, ordered, read-only tree.
//
// A Doc keeps the input bytes and one small fixed-size record per value in a
// flat slice, in document order; keys and scalars are offsets into the input,
// never copies, so a document of hundreds of megabytes costs little more
// than its own size. Object keys keep the order they were written in.
//
// Parsing is strict RFC 8259 (with a leading byte order mark ignored, as the
// RFC allows): invalid UTF-8, NaN, trailing commas, nesting deeper than
// MaxDepth and numbers outside float64's range are errors that name the file,
// line and column. ParseLenient also digs a JSON text out of surrounding prose
// or a Markdown code fence.
package jsondoc

import (
	"encoding/binary"
	"math/bits"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// Kind is the JSON type of a value.
type Kind uint8

// The JSON kinds.
const (
	Null Kind = iota
	Bool
	Number
	String
	Object
	Array
)

var kindNames = [...]string{"null", "bool", "number", "string", "object", "array"}

// String returns the kind's name as jq's `type` spells it.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// IsContainer reports whether k is Object or Array.
func (k Kind) IsContainer() bool { return k == Object || k == Array }

// None is the ID of no value: the result of Child or Next past the end.
const None ID = -1

// ID names a value of a Doc: its position in document order. The root is 0.
type ID int32

const (
	flagTrue      = 1 << iota // a Bool that is true
	flagEscaped               // a String value containing escapes
	flagKeyEscape             // a key containing escapes
	flagShadowed              // a key overridden by a later duplicate
	flagNonEmpty              // a container with at least one child
	flagLongKey               // keyOff does not fit: see Doc.longKeys
)

// node is the fixed-size record of one value: 16 bytes.
type node struct {
	start, end uint32 // the value's bytes: src[start:end]
	next       uint32 // the next sibling's ID, 0 if last
	// keyOff is start minus the offset of an object member's key (the
	// byte after its opening quote); 0 for values that have no key. The
	// key ends at its closing quote, found by scanning.
	keyOff uint16
	kind   Kind
	flags  uint8
}

// The value record must stay 16 bytes: a document holds one per value.
var _ [16]byte = [unsafe.Sizeof(node{})]byte{}

// Doc is a parsed JSON document. It is safe for concurrent reads.
type Doc struct {
	name       string
	src        []byte
	nodes      []node
	longKeys   map[uint32]uint32 // key offsets too far from their values for keyOff
	containers int               // objects and arrays
	warnings   []Warning         // the first MaxWarnings
	omitted    int               // the warnings past those
	repair     string
	python     bool // parsed with Options.Python: lone surrogates kept
	shared     bool // the records are another document's (Sub of the root): Release keeps them
	lines      sync.Once
	index      *lineIndex // for Position, made on first use
}

// Warning is a remark about valid but doubtful input, such as a duplicate key.
type Warning struct {
	Path    string // the JSON path of the object concerned
	Line    int
	Col     int
	Message string
}

// Name returns the file name the document was parsed from.
func (d *Doc) Name() string { return d.name }

// Len returns the number of values in the document.
func (d *Doc) Len() int { return len(d.nodes) }

// Containers returns the number of objects and arrays in the document.
func (d *Doc) Containers() int { return d.containers }

// Size returns the length in bytes of the input.
func (d *Doc) Size() int { return len(d.src) }

// MaxWarnings is the number of warnings a Doc keeps: a document can
// repeat a key a million times, and only the first few remarks are ever
// shown.
const MaxWarnings = 20

// Warnings returns the first MaxWarnings remarks made while parsing
// (duplicate keys); OmittedWarnings counts the others.
func (d *Doc) Warnings() []Warning { return d.warnings }

// OmittedWarnings returns the number of remarks made while parsing that
// Warnings leaves out.
func (d *Doc) OmittedWarnings() int { return d.omitted }

// Repair describes what ParseLenient did to find the JSON, or "" if the
// input parsed as it was.
func (d *Doc) Repair() string { return d.repair }

// SetRepair sets what Repair reports, for a document found by other
// means than ParseLenient's own: the JSON text of an output file that is
// a JSON string.
func (d *Doc) SetRepair(note string) { d.repair = note }

// Kind returns the kind of value id.
func (d *Doc) Kind(id ID) Kind { return d.nodes[id].kind }

// Bool returns the value of a Bool.
func (d *Doc) Bool(id ID) bool { return d.nodes[id].flags&flagTrue != 0 }

// Raw returns the value's text exactly as written in the input.
func (d *Doc) Raw(id ID) []byte {
	n := &d.nodes[id]
	return d.src[n.start:n.end:n.end]
}

// RawText returns Raw as a string that shares the document's memory (the
// document is never changed once parsed): no copy, whatever its size.
func (d *Doc) RawText(id ID) string { return unsafeString(d.Raw(id)) }

// Offset returns the byte offset of the value in the input.
func (d *Doc) Offset(id ID) int { return int(d.nodes[id].start) }

// Position returns the 1-based line and column (in characters) of the value.
func (d *Doc) Position(id ID) (line, col int) {
	return d.lineIndex().position(int(d.nodes[id].start), nil)
}

// lineIndex returns the document's line index, making it on first use.
func (d *Doc) lineIndex() *lineIndex {
	d.lines.Do(func() { d.index = newLineIndex(d.src) })
	return d.index
}

// KeyPosition returns the line and column of the key of an object member
// (its opening quote), or of the value itself for other values.
func (d *Doc) KeyPosition(id ID) (line, col int) {
	if !d.HasKey(id) {
		return d.Position(id)
	}
	return d.lineIndex().position(int(d.keyStart(id))-1, nil)
}

// keyStart returns the offset of the key of member id (just past its
// opening quote).
func (d *Doc) keyStart(id ID) uint32 {
	n := &d.nodes[id]
	if n.flags&flagLongKey != 0 {
		return d.longKeys[uint32(id)]
	}
	return n.start - uint32(n.keyOff)
}

// keyBytes returns the raw key of member id, between its quotes.
func (d *Doc) keyBytes(id ID) []byte {
	ks := d.keyStart(id)
	ke := keyEnd(d.src, d.nodes[id].start)
	return d.src[ks:ke:ke]
}

// keyEnd returns the offset of the closing quote of the key of the
// member whose value starts at start. Only white space and the colon
// stand between them, so it is found a few bytes back, however long the
// key.
func keyEnd(src []byte, start uint32) uint32 {
	i := start - 1
	for src[i] != ':' {
		i--
	}
	for i--; src[i] != '"'; i-- {
	}
	return i
}

// Float returns the value of a Number as a float64. The parser has already
// checked that it is in range.
func (d *Doc) Float(id ID) float64 {
	f, _ := parseNumber(d.Raw(id))
	return f
}

// Str returns the decoded value of a String. When the string has no escapes
// the result shares memory with the input (no copy).
func (d *Doc) Str(id ID) string {
	n := &d.nodes[id]
	raw := d.src[n.start+1 : n.end-1]
	if n.flags&flagEscaped == 0 {
		return unsafeString(raw)
	}
	return unescape(raw, d.python)
}

// StrEscaped reports whether the String id is written with escapes, so
// that Str decodes it into new memory rather than return the input's
// bytes.
func (d *Doc) StrEscaped(id ID) bool { return d.nodes[id].flags&flagEscaped != 0 }

// AppendStr appends the value of the String id, as Str returns it, to dst:
// a caller that decodes many strings one after the other can reuse dst.
func (d *Doc) AppendStr(dst []byte, id ID) []byte {
	n := &d.nodes[id]
	raw := d.src[n.start+1 : n.end-1]
	if n.flags&flagEscaped == 0 {
		return append(dst, raw...)
	}
	return appendUnescaped(dst, raw, d.python)
}

// PyStr returns the value of a String as Python's json.loads decodes it:
// as Str, but a \u escape of a lone UTF-16 surrogate is kept as that code
// point (WTF-8, see Options.Python) whatever the options the text was
// parsed with. RFC 8259 allows such an escape, so a strict reference may
// hold one that LangChain's evaluators keep.
func (d *Doc) PyStr(id ID) string {
	n := &d.nodes[id]
	if n.flags&flagEscaped == 0 {
		return d.Str(id)
	}
	return unescape(d.src[n.start+1:n.end-1], true)
}

// PyKey is Key as Python's json.loads decodes it (see PyStr).
func (d *Doc) PyKey(id ID) string {
	if !d.HasKey(id) || d.nodes[id].flags&flagKeyEscape == 0 {
		return d.Key(id)
	}
	return unescape(d.keyBytes(id), true)
}

// HasKey reports whether id is an object member (has a key).
func (d *Doc) HasKey(id ID) bool {
	n := &d.nodes[id]
	return n.keyOff != 0 || n.flags&flagLongKey != 0
}

// Key returns the decoded key of an object member, or "" for other values.
// When the key has no escapes the result shares memory with the input.
func (d *Doc) Key(id ID) string {
	if !d.HasKey(id) {
		return ""
	}
	n := &d.nodes[id]
	raw := d.keyBytes(id)
	if n.flags&flagKeyEscape == 0 {
		return unsafeString(raw)
	}
	return unescape(raw, d.python)
}

// Child returns the first child of a container (skipping keys shadowed by a
// later duplicate), or None if it has none.
func (d *Doc) Child(id ID) ID {
	if d.nodes[id].flags&flagNonEmpty == 0 {
		return None
	}
	return d.visible(id + 1)
}

// Next returns the next sibling of id (skipping shadowed keys), or None.
func (d *Doc) Next(id ID) ID {
	nx := d.nodes[id].next
	if nx == 0 {
		return None
	}
	return d.visible(ID(nx))
}

func (d *Doc) visible(id ID) ID {
	for d.nodes[id].flags&flagShadowed != 0 {
		nx := d.nodes[id].next
		if nx == 0 {
			return None
		}
		id = ID(nx)
	}
	return id
}

// Count returns the number of children of a container (keys shadowed by a
// later duplicate not counted).
func (d *Doc) Count(id ID) int {
	n := 0
	for c := d.Child(id); c != None; c = d.Next(c) {
		n++
	}
	return n
}

// Lookup returns the member of object id with the given key, or None.
// It scans the members: callers matching many keys against one object
// should make a KeyIndex of it once (Index) and look them up there.
func (d *Doc) Lookup(id ID, key string) ID {
	for c := d.Child(id); c != None; c = d.Next(c) {
		if d.Key(c) == key {
			return c
		}
	}
	return None
}

func unsafeString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// Source returns the whole input the document was read from: for
// ParseLenient and ParseRange, the text around the JSON too.
func (d *Doc) Source() []byte { return d.src }

// unescape decodes the body of a JSON string known to be valid. A \u
// escape of a lone surrogate becomes U+FFFD, or with keepSurrogates that
// code point encoded as UTF-8 encodes others (WTF-8).
func unescape(raw []byte, keepSurrogates bool) string {
	return unsafeString(appendUnescaped(make([]byte, 0, len(raw)), raw, keepSurrogates))
}

// appendUnescaped appends the decoding of raw (as unescape) to out.
func appendUnescaped(out, raw []byte, keepSurrogates bool) []byte {
	for i := 0; i < len(raw); {
		// Copy the run up to the next escape at once.
		k := nextBackslash(raw, i)
		if k == len(raw) {
			out = append(out, raw[i:]...)
			break
		}
		out = append(out, raw[i:k]...)
		i = k
		e := raw[i+1]
		i += 2
		switch e {
		case '"', '\\', '/':
			out = append(out, e)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r := rune(hex4(raw[i:]))
			i += 4
			if utf16IsSurrogate(r) {
				r2 := rune(-1)
				if i+6 <= len(raw) && raw[i] == '\\' && raw[i+1] == 'u' {
					r2 = rune(hex4(raw[i+2:]))
				}
				if dec := utf16Decode(r, r2); dec != utf8.RuneError {
					i += 6
					r = dec
				} else if keepSurrogates {
					out = append(out, 0xe0|byte(r>>12), 0x80|byte(r>>6)&0x3f, 0x80|byte(r)&0x3f)
					continue
				} else {
					r = utf8.RuneError
				}
			}
			out = utf8.AppendRune(out, r)
		}
	}
	return out
}

// nextBackslash returns the offset of the first backslash in src at or
// after i, or len(src). Model text quoted in a string has an escape every
// few bytes (its \" and \n), too often for bytes.IndexByte's start-up to
// pay: eight bytes are looked at a step, as scanString does.
func nextBackslash(src []byte, i int) int {
	for i+8 <= len(src) {
		b := binary.LittleEndian.Uint64(src[i:]) ^ (lo8 * '\\')
		if m := (b - lo8) &^ b & hi8; m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for i < len(src) && src[i] != '\\' {
		i++
	}
	return i
}

func hex4(b []byte) int {
	v := 0
	for _, c := range b[:4] {
		v <<= 4
		switch {
		case c >= '0' && c <= '9':
			v |= int(c - '0')
		case c >= 'a' && c <= 'f':
			v |= int(c - 'a' + 10)
		default:
			v |= int(c - 'A' + 10)
		}
	}
	return v
}

func utf16IsSurrogate(r rune) bool { return r >= 0xd800 && r < 0xe000 }

func utf16Decode(r1, r2 rune) rune {
	if r1 >= 0xd800 && r1 < 0xdc00 && r2 >= 0xdc00 && r2 < 0xe000 {
		return (r1-0xd800)<<10 | (r2 - 0xdc00) + 0x10000
	}
	return utf8.RuneError
}

// position converts a byte offset into a 1-based line and character column.
func position(src []byte, off int) (line, col int) {
	if off > len(src) {
		off = len(src)
	}
	line, lineStart := 1, 0
	for i := 0; i < off; i++ {
		if src[i] == '\n' {
			line++
			lineStart = i + 1
		}
	}
	return line, utf8.RuneCount(src[lineStart:off]) + 1
}

// KeyRaw returns the key of an object member as written between its
// quotes, escapes undecoded.
func (d *Doc) KeyRaw(id ID) []byte {
	if !d.HasKey(id) {
		return nil
	}
	return d.keyBytes(id)
}

// KeyIs reports whether the key of member id, written without escapes, is
// key. It compares the input's bytes without looking for the key's end
// first. A key written with escapes is never reported equal: compare Key
// instead.
func (d *Doc) KeyIs(id ID, key string) bool {
	n := &d.nodes[id]
	if n.flags&flagKeyEscape != 0 || !d.HasKey(id) {
		return false
	}
	ks := int(d.keyStart(id))
	end := ks + len(key)
	// A key without escapes holds no quote: a key that does would match
	// the input's bytes past this key's closing quote.
	return end < len(d.src) && d.src[end] == '"' && string(d.src[ks:end]) == key &&
		strings.IndexByte(key, '"') < 0
}

// KeyEscaped reports whether the key of id contains escapes, so that
// KeyRaw differs from Key.
func (d *Doc) KeyEscaped(id ID) bool { return d.nodes[id].flags&flagKeyEscape != 0 }

// SameKey reports whether member a of d and member b of e (object
// members both; e may be d) have the same decoded key. Keys written
// without escapes are compared byte for byte in the inputs, up to the
// quote that ends them, without looking for their ends first.
func (d *Doc) SameKey(a ID, e *Doc, b ID) bool {
	if (d.nodes[a].flags|e.nodes[b].flags)&flagKeyEscape != 0 {
		return d.Key(a) == e.Key(b)
	}
	x, y := d.src[d.keyStart(a):], e.src[e.keyStart(b):]
	// Both end with a quote, which neither holds before: the loop stops
	// at the first difference or at the end of both.
	for i := 0; ; i++ {
		if x[i] != y[i] {
			return false
		}
		if x[i] == '"' {
			return true
		}
	}
}
