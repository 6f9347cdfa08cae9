package jsondoc

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/jsontui/jsontui/internal/escape"
)

// MaxDepth is the deepest nesting of arrays and objects Parse accepts.
const MaxDepth = 10000

// MaxSize is the largest input Parse accepts: offsets are 32-bit.
const MaxSize = math.MaxUint32 - 1

// SyntaxError is a parse error at a place in a named input.
type SyntaxError struct {
	File   string // the input's name as given by the caller
	Line   int    // 1-based line
	Col    int    // 1-based column, in characters
	Offset int    // byte offset
	Msg    string // what is wrong, as encoding/json words it
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", escape.Name(e.File), e.Line, e.Col, e.Msg)
}

// ErrCanceled is returned when Options.Cancel is closed during a parse.
var ErrCanceled = errors.New("parse canceled")

// Options tune a parse. The zero value is fine.
type Options struct {
	// Progress, if set, is called from the parsing goroutine now and then
	// with the bytes parsed so far and the total.
	Progress func(done, total int)
	// Cancel, if set, stops the parse with ErrCanceled when closed.
	Cancel <-chan struct{}
	// Python reads the text as Python's json.loads(s, strict=False) does
	// (the reader under LangChain's JSON evaluators) where it accepts more
	// than RFC 8259: NaN, Infinity and -Infinity are numbers (Raw is the
	// word, Float its value); a number outside float64's range is kept
	// (Float returns ±Inf; an integer's Raw keeps its digits); control
	// characters may stand unescaped in strings; a \u escape of a lone
	// UTF-16 surrogate is kept as that code point, which Str and Key
	// return encoded as in UTF-8 (WTF-8: three bytes from ED A0 80 to
	// ED BF BF, which no valid UTF-8 holds). A leading byte order mark is
	// an error, as in Python.
	Python bool
}

// noOptions are the options of a parse given none; never written to
// (a parse only reads its options).
var noOptions Options

// progressStep is how many bytes pass between Progress calls.
const progressStep = 4 << 20

// Parse parses src, a whole JSON text named name in error messages.
// The Doc keeps src: the caller must not modify it afterwards.
func Parse(name string, src []byte, opt *Options) (*Doc, error) {
	return parseRange(name, src, 0, len(src), opt)
}

// ParseRange parses the JSON text src[lo:hi], a part of a larger input
// named name. Positions, in the Doc and in errors, are those in the whole
// src, which the Doc keeps (Source): the caller must not modify it
// afterwards.
func ParseRange(name string, src []byte, lo, hi int, opt *Options) (*Doc, error) {
	if lo < 0 || hi > len(src) || lo > hi {
		return nil, fmt.Errorf("%s: range [%d:%d] outside the %d bytes of the input", escape.Name(name), lo, hi, len(src))
	}
	return parseRange(name, src, lo, hi, opt)
}

type frame struct {
	id      uint32 // the container's node
	last    uint32 // its last child so far, 0 if none
	count   uint32 // children so far
	sigBase uint32 // where an object's key signatures start in parser.sigs
	obj     bool   // an object, not an array: read after every member
}

type parser struct {
	name       string
	src        []byte
	nodes      []node
	longKeys   map[uint32]uint32
	containers int
	stack      []frame
	sigs       []uint32  // key signatures of the first members of open objects
	memo       *sigMemo  // signature lists known free of duplicates
	dupTable   memberSet // checkDuplicatesMap's, reused
	dupPairs   [][2]uint32
	warns      []Warning  // the first MaxWarnings
	omitted    int        // the warnings past those
	lines      *lineIndex // made for the first warning
	linesAt    mark       // where the last warning was
	opt        *Options
	scratch    *scratch // where the working room came from (reuse.go)
}

func parseRange(name string, src []byte, lo, hi int, opt *Options) (*Doc, error) {
	if len(src) > MaxSize {
		return nil, fmt.Errorf("%s: %d bytes is larger than the %d bytes jsontui can read", escape.Name(name), len(src), MaxSize)
	}
	if opt == nil {
		opt = &noOptions
	}
	d := newDoc(estimateNodes(src[lo:hi]))
	p := &parser{name: name, src: src[:hi:hi], nodes: d.nodes, opt: opt}
	p.takeScratch()
	defer p.putScratch()
	if err := p.run(lo); err != nil {
		d.nodes = p.nodes
		d.Release() // its room serves the next parse: lenient parses fail often
		return nil, err
	}
	d.name, d.src, d.nodes, d.longKeys, d.containers, d.warnings, d.omitted = name, src, p.nodes, p.longKeys, p.containers, p.warns, p.omitted
	d.python = opt.Python
	if p.lines != nil && hi == len(src) {
		d.lines.Do(func() { d.index = p.lines })
	}
	return d, nil
}

// Sampling for estimateNodes: a body shorter than sampleBytes*samples*4
// is counted whole.
const (
	sampleBytes = 64 << 10
	samples     = 16
)

// smallBody is the size up to which estimateNodes guesses instead of
// counting: a dataset's records and its answers' texts, parsed by the
// million, where three passes over the bytes cost more than the guess
// saves. JSON as written holds a value every 8 to 16 bytes; room for one
// every 4 is 4 times the body's size, and a denser body grows once.
const smallBody = 16 << 10

// maxValues returns how many values body holds at most: one after each
// comma, one first in each container, and one more.
func maxValues(body []byte) int {
	return bytes.Count(body, []byte{','}) + opens(body) + 1
}

func opens(b []byte) int { return bytes.Count(b, []byte{'{'}) + bytes.Count(b, []byte{'['}) }

// estimateNodes returns the room to make for the values of body, as
// maxValues counts them in a short body. In a long one the commas are
// counted (most values follow one) but the brackets only on samples spread
// over it, and given a quarter as much again. A short estimate costs one
// copy (see grow); a long one costs only address space, since the room is
// on huge pages that are not touched until used.
func estimateNodes(body []byte) int {
	if len(body) <= smallBody {
		return len(body)/4 + 16
	}
	if len(body) < sampleBytes*samples*4 {
		return maxValues(body)
	}
	commas := bytes.Count(body, []byte{','})
	step := len(body) / samples
	seen := 0
	for k := range samples {
		seen += opens(body[k*step : k*step+sampleBytes])
	}
	est := seen * (len(body) / (sampleBytes * samples))
	return commas + est + est/4 + 1024
}

// grow makes room for every value from offset i on (maxValues): the
// estimate fell short.
func (p *parser) grow(i int) {
	nodes := make([]node, len(p.nodes), len(p.nodes)+maxValues(p.src[i:]))
	copy(nodes, p.nodes)
	p.nodes = nodes
}

func (p *parser) fail(off int, format string, args ...any) error {
	line, col := position(p.src, off)
	return &SyntaxError{File: p.name, Line: line, Col: col, Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// quoteChar formats c as encoding/json does in its error messages.
func quoteChar(c byte) string {
	if c == '\'' {
		return `'\''`
	}
	if c == '"' {
		return `'"'`
	}
	s := strconv.Quote(string(rune(c)))
	return "'" + s[1:len(s)-1] + "'"
}

// charAt describes the character at off for an error message: a whole
// UTF-8 character, not a lone byte of one.
func (p *parser) badChar(off int, context string) error {
	if off >= len(p.src) {
		return p.fail(off, "unexpected end of JSON input")
	}
	c := p.src[off]
	if c >= utf8.RuneSelf {
		r, size := utf8.DecodeRune(p.src[off:])
		if r == utf8.RuneError && size <= 1 {
			return p.fail(off, "invalid UTF-8 byte 0x%02x %s", c, context)
		}
		return p.fail(off, "invalid character %s %s", strconv.QuoteRune(r), context)
	}
	return p.fail(off, "invalid character %s %s", quoteChar(c), context)
}

var isSpace = [256]bool{' ': true, '\t': true, '\n': true, '\r': true}

func (p *parser) skipSpace(i int) int {
	src := p.src
	for i < len(src) && isSpace[src[i]] {
		i++
	}
	return i
}

// run parses one JSON text starting at byte i and requires only
// whitespace after it.
func (p *parser) run(i int) error {
	src := p.src
	if len(src)-i >= 3 && src[i] == 0xEF && src[i+1] == 0xBB && src[i+2] == 0xBF && !p.opt.Python {
		i += 3
	}
	nextProgress := i + progressStep
	var err error
	i = p.skipSpace(i)
	// expectValue: parse the value at i, then continue with the container.
	keyStart, keyFlags := uint32(0), uint8(0) // the pending key, if any
value:
	if i >= nextProgress {
		if p.opt.Cancel != nil {
			select {
			case <-p.opt.Cancel:
				return ErrCanceled
			default:
			}
		}
		if p.opt.Progress != nil {
			p.opt.Progress(i, len(src))
		}
		nextProgress = i + progressStep
	}
	if i >= len(src) {
		return p.fail(i, "unexpected end of JSON input")
	}
	{
		id := uint32(len(p.nodes))
		n := node{start: uint32(i), flags: keyFlags}
		if keyStart != 0 {
			if off := uint32(i) - keyStart; off <= 0xffff {
				n.keyOff = uint16(off)
			} else {
				n.flags |= flagLongKey
				if p.longKeys == nil {
					p.longKeys = make(map[uint32]uint32)
				}
				p.longKeys[id] = keyStart
			}
		}
		if len(p.stack) > 0 {
			f := &p.stack[len(p.stack)-1]
			if f.count > 0 {
				p.nodes[f.last].next = id
			}
			f.last = id
			f.count++
		}
		switch c := src[i]; c {
		case '{', '[':
			if len(p.stack) >= MaxDepth {
				return p.fail(i, "nesting deeper than %d levels", MaxDepth)
			}
			n.kind = Object
			if c == '[' {
				n.kind = Array
			}
			if len(p.nodes) == cap(p.nodes) {
				p.grow(i)
			}
			p.nodes = append(p.nodes, n)
			p.containers++
			p.stack = append(p.stack, frame{id: id, sigBase: uint32(len(p.sigs)), obj: c == '{'})
			i = p.skipSpace(i + 1)
			if i < len(src) && (src[i] == '}' && c == '{' || src[i] == ']' && c == '[') {
				i++
				p.closeContainer(i)
				goto after
			}
			if c == '[' {
				keyStart, keyFlags = 0, 0
				goto value
			}
			goto key
		case '"':
			var esc bool
			i, esc, err = p.scanString(i)
			if err != nil {
				return err
			}
			n.kind = String
			if esc {
				n.flags |= flagEscaped
			}
		case 't':
			if !bytes.HasPrefix(src[i:], []byte("true")) {
				return p.literalError(i, "true")
			}
			n.kind, n.flags = Bool, n.flags|flagTrue
			i += 4
		case 'f':
			if !bytes.HasPrefix(src[i:], []byte("false")) {
				return p.literalError(i, "false")
			}
			n.kind = Bool
			i += 5
		case 'n':
			if !bytes.HasPrefix(src[i:], []byte("null")) {
				return p.literalError(i, "null")
			}
			n.kind = Null
			i += 4
		default:
			if p.opt.Python {
				if w := pythonConstant(src[i:]); w > 0 {
					n.kind = Number
					i += w
					break
				}
			}
			if c == '-' || c >= '0' && c <= '9' {
				i, err = p.scanNumber(i)
				if err != nil {
					return err
				}
				n.kind = Number
				break
			}
			return p.badChar(i, "looking for beginning of value")
		}
		n.end = uint32(i)
		if len(p.nodes) == cap(p.nodes) {
			p.grow(i)
		}
		p.nodes = append(p.nodes, n)
	}
after:
	// A value ended at i; what follows depends on the enclosing container.
	i = p.skipSpace(i)
	if len(p.stack) == 0 {
		if i < len(src) {
			return p.badChar(i, "after top-level value")
		}
		if p.opt.Progress != nil {
			p.opt.Progress(len(src), len(src))
		}
		return nil
	}
	{
		top := &p.stack[len(p.stack)-1]
		isObj := top.obj
		if i >= len(src) {
			return p.fail(i, "unexpected end of JSON input")
		}
		switch c := src[i]; {
		case c == ',':
			i = p.skipSpace(i + 1)
			if isObj {
				goto key
			}
			keyStart, keyFlags = 0, 0
			goto value
		case c == '}' && isObj, c == ']' && !isObj:
			i++
			p.closeContainer(i)
			goto after
		case isObj:
			return p.badChar(i, "after object key:value pair")
		default:
			return p.badChar(i, "after array element")
		}
	}
key:
	if i >= len(src) {
		return p.fail(i, "unexpected end of JSON input")
	}
	if src[i] != '"' {
		return p.badChar(i, "looking for beginning of object key string")
	}
	{
		var esc bool
		start := i + 1
		i, esc, err = p.scanString(i)
		if err != nil {
			return err
		}
		keyStart, keyFlags = uint32(start), 0
		sig := uint32(1) // a key with escapes may equal any: see checkDuplicates
		if esc {
			keyFlags = flagKeyEscape
		} else if end := i - 1; end > start {
			sig = uint32(end-start)<<16 | uint32(src[start])<<8 | uint32(src[end-1])
		}
		// Only a small object's signatures are kept (see
		// checkDuplicates): a large one's members are read back from the
		// value table when it closes, so that the stack of signatures
		// stays as small as the objects open are narrow.
		if top := &p.stack[len(p.stack)-1]; top.count <= dupScanLimit {
			p.sigs = append(p.sigs, sig)
		}
		i = p.skipSpace(i)
		if i >= len(src) {
			return p.fail(i, "unexpected end of JSON input")
		}
		if src[i] != ':' {
			return p.badChar(i, "after object key")
		}
		i = p.skipSpace(i + 1)
		goto value
	}
}

func (p *parser) literalError(i int, want string) error {
	src := p.src
	for k := 0; k < len(want); k++ {
		if i+k >= len(src) {
			return p.fail(i+k, "unexpected end of JSON input")
		}
		if src[i+k] != want[k] {
			return p.badChar(i+k, "in literal "+want+" (expecting "+quoteChar(want[k])+")")
		}
	}
	return nil
}

// closeContainer finishes the container on top of the stack; end is the
// offset just past its closing bracket.
func (p *parser) closeContainer(end int) {
	f := p.stack[len(p.stack)-1]
	n := &p.nodes[f.id]
	n.end = uint32(end)
	if f.count > 0 {
		n.flags |= flagNonEmpty
	}
	if n.kind == Object {
		if f.count > 1 {
			p.checkDuplicates(f.id, int(f.count), p.sigs[f.sigBase:])
		}
		p.sigs = p.sigs[:f.sigBase]
	}
	p.stack = p.stack[:len(p.stack)-1]
}
