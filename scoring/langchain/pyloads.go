package langchain

import (
	"bytes"
	"strconv"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// This file reproduces Python's json.loads(s, strict=...) as far as
// whether it succeeds and, when it does not, which exception it raises
// with which message at which place: the C scanner of CPython 3.13
// (Modules/_json.c: scan_once_unicode, _parse_object_unicode,
// _parse_array_unicode, scanstring_unicode, _match_number_unicode) and
// json.decoder's decode and raw_decode. It works on the UTF-8 bytes of
// the text; every check it makes on a character is one on an ASCII byte,
// so byte offsets stand for Python's character indexes until an error is
// reported, which converts them.

// maxIntDigits is Python's default limit on the digits of an int read
// from a string (sys.get_int_max_str_digits(), since 3.11): a longer JSON
// integer raises ValueError.
const maxIntDigits = 4300

// maxDepth is where jsontui stops nesting, as jsondoc does; Python raises
// RecursionError at a depth that depends on its version and stack (see
// METRICS.md).
const maxDepth = jsondoc.MaxDepth

// pyError is an exception json.loads raises.
type pyError struct {
	// kind is the exception's class: JSONDecodeError, ValueError or
	// RecursionError.
	kind string
	// msg is its message, without the position JSONDecodeError adds.
	msg string
	// pos is the byte offset in the text read where JSONDecodeError
	// points (the start of the number for ValueError, the bracket for
	// RecursionError).
	pos int
	// stop marks the StopIteration the scanner raises where no value
	// starts; raw_decode turns it into "Expecting value" at pos.
	stop bool
}

func decodeErr(msg string, pos int) *pyError {
	return &pyError{kind: "JSONDecodeError", msg: msg, pos: pos}
}

func stopAt(pos int) *pyError {
	return &pyError{kind: "JSONDecodeError", msg: "Expecting value", pos: pos, stop: true}
}

// tooManyDigits is the ValueError of an integer of n digits at pos.
func tooManyDigits(pos, n int) *pyError {
	return &pyError{kind: "ValueError", pos: pos, msg: "Exceeds the limit (" + strconv.Itoa(maxIntDigits) +
		" digits) for integer string conversion: value has " + strconv.Itoa(n) +
		" digits; use sys.set_int_max_str_digits() to increase the limit"}
}

func tooDeep(pos int, what string) *pyError {
	return &pyError{kind: "RecursionError", pos: pos,
		msg: "maximum recursion depth exceeded while decoding a JSON " + what + " from a unicode string"}
}

// reason returns str() of the exception in text, as LangChain's
// JsonValidityEvaluator puts it in its "reasoning": for JSONDecodeError
// "msg: line L column C (char N)", with N a character index.
func (e *pyError) reason(text []byte) string {
	if e.kind != "JSONDecodeError" {
		return e.msg
	}
	pos := charIndex(text, e.pos)
	line := bytes.Count(text[:e.pos], []byte{'\n'}) + 1
	col := pos + 1
	if nl := bytes.LastIndexByte(text[:e.pos], '\n'); nl >= 0 {
		col = pos - charIndex(text, nl)
	}
	return e.msg + ": line " + strconv.Itoa(line) + " column " + strconv.Itoa(col) + " (char " + strconv.Itoa(pos) + ")"
}

// charIndex returns the index, in characters, of the byte at off.
func charIndex(text []byte, off int) int {
	n := 0
	for _, c := range text[:off] {
		if c&0xc0 != 0x80 {
			n++
		}
	}
	return n
}

// loads reports what json.loads(text, strict=strict) raises, nil when it
// returns a value.
func loads(text []byte, strict bool) *pyError {
	if bytes.HasPrefix(text, []byte("\ufeff")) {
		return decodeErr("Unexpected UTF-8 BOM (decode using utf-8-sig)", 0)
	}
	sc := scanner{s: text, strict: strict}
	end, err := sc.scanOnce(skipWS(text, 0))
	if err != nil {
		return err
	}
	if end = skipWS(text, end); end != len(text) {
		return decodeErr("Extra data", end)
	}
	return nil
}

// isWS is json's WHITESPACE: space, tab, newline, carriage return.
func isWS(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func skipWS(s []byte, i int) int {
	for i < len(s) && isWS(s[i]) {
		i++
	}
	return i
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

type scanner struct {
	s      []byte
	strict bool
	depth  int
}

// scanOnce reads the value at idx and returns the offset after it.
func (sc *scanner) scanOnce(idx int) (int, *pyError) {
	s := sc.s
	if idx >= len(s) {
		return 0, stopAt(idx)
	}
	switch s[idx] {
	case '"':
		return sc.scanString(idx + 1)
	case '{', '[':
		what := "object"
		if s[idx] == '[' {
			what = "array"
		}
		if sc.depth >= maxDepth {
			return 0, tooDeep(idx, what)
		}
		sc.depth++
		defer func() { sc.depth-- }()
		if s[idx] == '{' {
			return sc.parseObject(idx + 1)
		}
		return sc.parseArray(idx + 1)
	}
	if w := constantAt(s[idx:]); w > 0 {
		return idx + w, nil
	}
	return sc.matchNumber(idx)
}

// constantAt returns the length of the literal s starts with (null, true,
// false, NaN, Infinity, -Infinity), 0 if none.
func constantAt(s []byte) int {
	for _, w := range [...]string{"null", "true", "false", "NaN", "Infinity", "-Infinity"} {
		if bytes.HasPrefix(s, []byte(w)) {
			return len(w)
		}
	}
	return 0
}

// matchNumber is _match_number_unicode: a number at start, or the
// StopIteration that makes "Expecting value".
func (sc *scanner) matchNumber(start int) (int, *pyError) {
	s := sc.s
	end := len(s) - 1
	idx := start
	if s[idx] == '-' {
		idx++
		if idx > end {
			return 0, stopAt(start)
		}
	}
	switch c := s[idx]; {
	case c >= '1' && c <= '9':
		idx++
		for idx <= end && isDigit(s[idx]) {
			idx++
		}
	case c == '0':
		idx++
	default:
		return 0, stopAt(start)
	}
	intEnd, isFloat := idx, false
	if idx < end && s[idx] == '.' && isDigit(s[idx+1]) {
		isFloat = true
		idx += 2
		for idx <= end && isDigit(s[idx]) {
			idx++
		}
	}
	if idx < end && (s[idx] == 'e' || s[idx] == 'E') {
		eStart := idx
		idx++
		if idx < end && (s[idx] == '-' || s[idx] == '+') {
			idx++
		}
		for idx <= end && isDigit(s[idx]) {
			idx++
		}
		if isDigit(s[idx-1]) {
			isFloat = true
		} else {
			idx = eStart
		}
	}
	if !isFloat {
		digits := intEnd - start
		if s[start] == '-' {
			digits--
		}
		if digits > maxIntDigits {
			return 0, tooManyDigits(start, digits)
		}
	}
	return idx, nil
}

// scanString is scanstring_unicode: end is just past the opening quote.
func (sc *scanner) scanString(end int) (int, *pyError) {
	s := sc.s
	begin := end - 1
	for {
		next := end
		for next < len(s) && s[next] != '"' && s[next] != '\\' {
			if s[next] <= 0x1f && sc.strict {
				return 0, decodeErr("Invalid control character at", next)
			}
			next++
		}
		if next == len(s) {
			return 0, decodeErr("Unterminated string starting at", begin)
		}
		if s[next] == '"' {
			return next + 1, nil
		}
		next++ // past the backslash
		if next == len(s) {
			return 0, decodeErr("Unterminated string starting at", begin)
		}
		if c := s[next]; c != 'u' {
			end = next + 1
			switch c {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			default:
				return 0, decodeErr("Invalid \\escape", end-2)
			}
			continue
		}
		next++
		end = next + 4
		if end >= len(s) {
			return 0, decodeErr("Invalid \\uXXXX escape", next-1)
		}
		c, ok := hex4(s[next:end])
		if !ok {
			return 0, decodeErr("Invalid \\uXXXX escape", end-5)
		}
		if c >= 0xd800 && c <= 0xdbff && end+6 < len(s) && s[end] == '\\' && s[end+1] == 'u' {
			end += 6
			c2, ok := hex4(s[end-4 : end])
			if !ok {
				return 0, decodeErr("Invalid \\uXXXX escape", end-5)
			}
			if c2 < 0xdc00 || c2 > 0xdfff {
				end -= 6
			}
		}
	}
}

// hex4 decodes four hexadecimal digits.
func hex4(b []byte) (rune, bool) {
	var v rune
	for _, c := range b {
		switch {
		case c >= '0' && c <= '9':
			v = v<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			v = v<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			v = v<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return v, true
}

// parseObject is _parse_object_unicode: idx is just past the '{'.
func (sc *scanner) parseObject(idx int) (int, *pyError) {
	s := sc.s
	idx = skipWS(s, idx)
	if idx < len(s) && s[idx] == '}' {
		return idx + 1, nil
	}
	for {
		if idx >= len(s) || s[idx] != '"' {
			return 0, decodeErr("Expecting property name enclosed in double quotes", idx)
		}
		next, err := sc.scanString(idx + 1)
		if err != nil {
			return 0, err
		}
		idx = skipWS(s, next)
		if idx >= len(s) || s[idx] != ':' {
			return 0, decodeErr("Expecting ':' delimiter", idx)
		}
		if idx, err = sc.scanOnce(skipWS(s, idx+1)); err != nil {
			return 0, err
		}
		idx = skipWS(s, idx)
		if idx < len(s) && s[idx] == '}' {
			return idx + 1, nil
		}
		if idx >= len(s) || s[idx] != ',' {
			return 0, decodeErr("Expecting ',' delimiter", idx)
		}
		comma := idx
		if idx = skipWS(s, idx+1); idx < len(s) && s[idx] == '}' {
			return 0, decodeErr("Illegal trailing comma before end of object", comma)
		}
	}
}

// parseArray is _parse_array_unicode: idx is just past the '['.
func (sc *scanner) parseArray(idx int) (int, *pyError) {
	s := sc.s
	idx = skipWS(s, idx)
	if idx < len(s) && s[idx] == ']' {
		return idx + 1, nil
	}
	for {
		var err *pyError
		if idx, err = sc.scanOnce(idx); err != nil {
			return 0, err
		}
		idx = skipWS(s, idx)
		if idx < len(s) && s[idx] == ']' {
			return idx + 1, nil
		}
		if idx >= len(s) || s[idx] != ',' {
			return 0, decodeErr("Expecting ',' delimiter", idx)
		}
		comma := idx
		if idx = skipWS(s, idx+1); idx < len(s) && s[idx] == ']' {
			return 0, decodeErr("Illegal trailing comma before end of array", comma)
		}
	}
}
