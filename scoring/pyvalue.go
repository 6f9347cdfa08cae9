package scoring

import (
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// This file renders and compares JSON values as Python sees them after
// json.loads, for the metrics that reproduce Python evaluators: ints are
// exact, floats are float64, booleans are ints, dict keys keep their
// order for str() and sort for json.dumps(sort_keys=True).

// pyIsInt reports whether a JSON number literal becomes a Python int
// (no fraction, no exponent, not NaN, Infinity or -Infinity).
func pyIsInt(raw []byte) bool {
	if len(raw) > 0 && (raw[0] == 'N' || raw[0] == 'I' || len(raw) > 1 && raw[1] == 'I') {
		return false
	}
	for _, c := range raw {
		if c == '.' || c == 'e' || c == 'E' {
			return false
		}
	}
	return true
}

// pyNumber returns a JSON number's exact value (an int's, or the float64
// a float parses to) as a big.Float, or a bool's 0/1.
func pyNumber(d *jsondoc.Doc, id jsondoc.ID) *big.Float {
	if d.Kind(id) == jsondoc.Bool {
		return new(big.Float).SetFloat64(boolNumber(d, id))
	}
	raw := d.Raw(id)
	if pyIsInt(raw) {
		f, _, err := big.ParseFloat(string(raw), 10, uint(len(raw))*4+64, big.ToNearestEven)
		if err == nil {
			return f
		}
	}
	return new(big.Float).SetFloat64(d.Float(id))
}

// pyEqual reports whether Python's == holds between two parsed JSON
// values: numbers by exact value (1 == 1.0, and True == 1), strings,
// lists in order, dicts by their key sets. NaN equals nothing: only the
// output (read as json.loads does) can hold one, and Python's NaN is
// equal only to itself, inside a container.
func pyEqual(rd *jsondoc.Doc, r jsondoc.ID, od *jsondoc.Doc, o jsondoc.ID) bool {
	e := pyEq{rd: rd, od: od}
	return e.equal(r, o, 0)
}

// pyEq compares values of two documents as Python's == does. It finds
// the members of an output object through an index of it, made once, so
// that comparing two objects is linear in their keys.
type pyEq struct {
	rd, od *jsondoc.Doc
	// index holds an index per depth of nesting, reused from object to
	// object at that depth.
	index []*jsondoc.KeyIndex
	// work counts the output members indexed and the lookups, for the
	// test that checks it is linear.
	work int
}

func (e *pyEq) equal(r, o jsondoc.ID, depth int) bool {
	rd, od := e.rd, e.od
	rk, ok := rd.Kind(r), od.Kind(o)
	if isBoolOrNumber(rk) && isBoolOrNumber(ok) {
		if rk == jsondoc.Number && rd.Raw(r)[0] == 'N' || ok == jsondoc.Number && od.Raw(o)[0] == 'N' {
			return false // NaN: only a number read as Python reads it is one
		}
		if rk == jsondoc.Bool && ok == jsondoc.Bool {
			return rd.Bool(r) == od.Bool(o)
		}
		if rk == jsondoc.Number && ok == jsondoc.Number {
			rr, or := rd.Raw(r), od.Raw(o)
			ri, rInt := pyIsInt(rr), pyIsInt(or)
			if !ri && !rInt {
				return rd.Float(r) == od.Float(o)
			}
			// Ints that fit in 64 bits compare as such, and with a float
			// through float64 when it holds them exactly (up to 2⁵³),
			// without the exact big numbers of the general case.
			switch {
			case ri && rInt:
				a, errA := strconv.ParseInt(string(rr), 10, 64)
				b, errB := strconv.ParseInt(string(or), 10, 64)
				if errA == nil && errB == nil {
					return a == b
				}
			case ri:
				if a, err := strconv.ParseInt(string(rr), 10, 64); err == nil && a >= -1<<53 && a <= 1<<53 {
					return float64(a) == od.Float(o)
				}
			default:
				if b, err := strconv.ParseInt(string(or), 10, 64); err == nil && b >= -1<<53 && b <= 1<<53 {
					return rd.Float(r) == float64(b)
				}
			}
		}
		return pyNumber(rd, r).Cmp(pyNumber(od, o)) == 0
	}
	if rk != ok {
		return false
	}
	switch rk {
	case jsondoc.Null:
		return true
	case jsondoc.String:
		return rd.PyStr(r) == od.PyStr(o)
	case jsondoc.Array:
		oc := od.Child(o)
		for rc := rd.Child(r); rc != jsondoc.None; rc = rd.Next(rc) {
			if oc == jsondoc.None || !e.equal(rc, oc, depth+1) {
				return false
			}
			oc = od.Next(oc)
		}
		return oc == jsondoc.None
	default:
		if rd.Count(r) != od.Count(o) {
			return false
		}
		for len(e.index) <= depth {
			e.index = append(e.index, new(jsondoc.KeyIndex))
		}
		x := e.index[depth]
		x.Reset(od, o)
		e.work += x.Len()
		for rc := rd.Child(r); rc != jsondoc.None; rc = rd.Next(rc) {
			e.work++
			oc := x.Lookup(rd.PyKey(rc))
			if oc == jsondoc.None || !e.equal(rc, oc, depth+1) {
				return false
			}
		}
		return true
	}
}

// appendPyStr appends Python's str() of a parsed JSON value: dicts as
// {'k': v} in key order, lists as [a, b], True/False/None, ints exact,
// floats by repr, strings by repr.
func appendPyStr(b []byte, d *jsondoc.Doc, id jsondoc.ID) []byte {
	return pyStr.appendValue(b, d, id)
}

// appendPyJSON appends json.dumps(v, sort_keys=True, separators=(",",
// ":")) of a parsed value: keys sorted by code point, no spaces, every
// character outside ASCII escaped as \uXXXX (surrogate pairs beyond the
// BMP), ints exact, floats by repr.
func appendPyJSON(b []byte, d *jsondoc.Doc, id jsondoc.ID) []byte {
	return pyJSON.appendValue(b, d, id)
}

// pyWriter is how one of Python's writers prints a value: str(), or
// json.dumps with sorted keys and no spaces.
type pyWriter struct {
	null, yes, no string
	sep, colon    string
	json          bool // json.dumps: keys sorted, strings ASCII-escaped, NaN as JSON writes it
}

var (
	pyStr  = &pyWriter{null: "None", yes: "True", no: "False", sep: ", ", colon: ": "}
	pyJSON = &pyWriter{null: "null", yes: "true", no: "false", sep: ",", colon: ":", json: true}
)

// appendValue appends the value id of d as w prints it.
func (w *pyWriter) appendValue(b []byte, d *jsondoc.Doc, id jsondoc.ID) []byte {
	switch d.Kind(id) {
	case jsondoc.Null:
		return append(b, w.null...)
	case jsondoc.Bool:
		if d.Bool(id) {
			return append(b, w.yes...)
		}
		return append(b, w.no...)
	case jsondoc.Number:
		return appendPyNumber(b, d, id, w.json)
	case jsondoc.String:
		return w.appendString(b, d.PyStr(id))
	case jsondoc.Array:
		b = append(b, '[')
		for c := d.Child(id); c != jsondoc.None; c = d.Next(c) {
			if c != d.Child(id) {
				b = append(b, w.sep...)
			}
			b = w.appendValue(b, d, c)
		}
		return append(b, ']')
	}
	b = append(b, '{')
	if w.json {
		kids := children(d, id)
		sort.SliceStable(kids, func(i, j int) bool { return d.PyKey(kids[i]) < d.PyKey(kids[j]) })
		for i, c := range kids {
			b = w.appendMember(b, d, c, i == 0)
		}
	} else {
		// (Child skips the keys a later duplicate shadows: calling it per
		// member would be quadratic in them.)
		for c, first := d.Child(id), true; c != jsondoc.None; c, first = d.Next(c), false {
			b = w.appendMember(b, d, c, first)
		}
	}
	return append(b, '}')
}

// appendMember appends the member c of an object: its key and value.
func (w *pyWriter) appendMember(b []byte, d *jsondoc.Doc, c jsondoc.ID, first bool) []byte {
	if !first {
		b = append(b, w.sep...)
	}
	b = w.appendString(b, d.PyKey(c))
	b = append(b, w.colon...)
	return w.appendValue(b, d, c)
}

// appendString appends a string or a key as w prints it.
func (w *pyWriter) appendString(b []byte, s string) []byte {
	if w.json {
		return appendJSONASCII(b, s)
	}
	return appendPyRepr(b, s)
}

// appendPyNumber appends a number as Python prints what json.loads made
// of it: an int's digits ("-0" is 0), a float's repr; NaN and the
// infinities as json.dumps writes them (NaN, Infinity, -Infinity), or
// with forJSON false as str() does (nan, inf, -inf).
func appendPyNumber(b []byte, d *jsondoc.Doc, id jsondoc.ID, forJSON bool) []byte {
	raw := d.Raw(id)
	if pyIsInt(raw) {
		if strings.Trim(string(raw), "-0") == "" {
			return append(b, '0')
		}
		return append(b, raw...)
	}
	f := d.Float(id)
	switch {
	case math.IsNaN(f) && forJSON:
		return append(b, "NaN"...)
	case math.IsNaN(f):
		return append(b, "nan"...)
	case math.IsInf(f, 0) && forJSON:
		if f < 0 {
			return append(b, "-Infinity"...)
		}
		return append(b, "Infinity"...)
	case math.IsInf(f, 0):
		if f < 0 {
			return append(b, "-inf"...)
		}
		return append(b, "inf"...)
	}
	return appendPyFloat(b, f)
}

// appendPyFloat appends Python's repr of a float: the shortest digits
// that round-trip, in fixed notation when the decimal exponent is in
// [-4, 16), else "1e+16" style; fixed notation always has a '.'.
func appendPyFloat(b []byte, f float64) []byte {
	if f == 0 {
		if math.Signbit(f) {
			return append(b, "-0.0"...)
		}
		return append(b, "0.0"...)
	}
	e := strconv.FormatFloat(f, 'e', -1, 64)
	exp, _ := strconv.Atoi(e[strings.IndexByte(e, 'e')+1:])
	if exp < -4 || exp >= 16 {
		return append(b, e...) // Go writes at least two exponent digits, as Python
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	b = append(b, s...)
	if !strings.ContainsRune(s, '.') {
		b = append(b, ".0"...)
	}
	return b
}

// appendPyRepr appends Python's repr of a str: single quotes unless the
// string has a single quote and no double quote; \\, \n, \r, \t and the
// quote escaped; other unprintable characters as \xhh, \uhhhh or
// \Uhhhhhhhh.
func appendPyRepr(b []byte, s string) []byte {
	q := byte('\'')
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		q = '"'
	}
	b = append(b, q)
	for i := 0; i < len(s); {
		r, size := decodeWTF8(s[i:])
		i += size
		switch {
		case r == rune(q) || r == '\\':
			b = append(b, '\\', byte(r))
		case r == '\n':
			b = append(b, `\n`...)
		case r == '\r':
			b = append(b, `\r`...)
		case r == '\t':
			b = append(b, `\t`...)
		case r < 0x20 || r == 0x7f:
			b = append(b, `\x`...)
			b = appendHex(b, uint32(r), 2)
		case r < utf8.RuneSelf || pyPrintable(r):
			b = utf8.AppendRune(b, r)
		case r <= 0xff:
			b = append(b, `\x`...)
			b = appendHex(b, uint32(r), 2)
		case r <= 0xffff:
			b = append(b, `\u`...)
			b = appendHex(b, uint32(r), 4)
		default:
			b = append(b, `\U`...)
			b = appendHex(b, uint32(r), 8)
		}
	}
	return append(b, q)
}

// pyPrintable approximates Python's str.isprintable for one character:
// not in categories Cc, Cf, Cs, Co, Cn, Zl, Zp, Zs (but ' ' is).
func pyPrintable(r rune) bool {
	return unicode.IsPrint(r) && !unicode.Is(unicode.Cf, r)
}

func appendHex(b []byte, v uint32, digits int) []byte {
	const hex = "0123456789abcdef"
	for i := digits - 1; i >= 0; i-- {
		b = append(b, hex[(v>>(4*uint(i)))&0xf])
	}
	return b
}

// appendJSONASCII appends s as json.dumps does with ensure_ascii=True.
func appendJSONASCII(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		r, size := decodeWTF8(s[i:])
		i += size
		switch {
		case r == '"' || r == '\\':
			b = append(b, '\\', byte(r))
		case r == '\n':
			b = append(b, `\n`...)
		case r == '\r':
			b = append(b, `\r`...)
		case r == '\t':
			b = append(b, `\t`...)
		case r == '\b':
			b = append(b, `\b`...)
		case r == '\f':
			b = append(b, `\f`...)
		case r >= 0x20 && r < 0x7f:
			b = append(b, byte(r))
		case r > 0xffff:
			r1, r2 := utf16.EncodeRune(r)
			b = append(b, `\u`...)
			b = appendHex(b, uint32(r1), 4)
			b = append(b, `\u`...)
			b = appendHex(b, uint32(r2), 4)
		default:
			b = append(b, `\u`...)
			b = appendHex(b, uint32(r), 4)
		}
	}
	return append(b, '"')
}

// decodeWTF8 decodes the first character of s, which may be a lone
// surrogate encoded as UTF-8 encodes other code points (as jsondoc's
// Python mode keeps a \u escape of one): ED A0 80 to ED BF BF.
func decodeWTF8(s string) (rune, int) {
	if len(s) >= 3 && s[0] == 0xed && s[1] >= 0xa0 && s[1] <= 0xbf && s[2] >= 0x80 && s[2] <= 0xbf {
		return 0xd000 | rune(s[1]&0x3f)<<6 | rune(s[2]&0x3f), 3
	}
	return utf8.DecodeRuneInString(s)
}
