package langchain

import (
	"math"
	"sort"
)

// partial is the outcome of parse_partial_json(s) (langchain_core's
// utils/json.py, after open-interpreter's): json.loads(s, strict=False)
// if that works; else s with every newline inside a string escaped, an
// unterminated string closed and the open brackets closed, shortened one
// character at a time from the end until json.loads reads it; None when a
// closing bracket matches no opening one; the first json.loads's error
// when no shortening reads.
type partial struct {
	// text is what json.loads returned the value of; nil for None or an
	// error. asIs is set when that is s itself.
	text []byte
	asIs bool
	// none is set when the result is None; noneAt is the offset in s of
	// the closing bracket that matches no opening one.
	none   bool
	noneAt int
	// What was repaired: the string closed (and a lone backslash at its
	// end dropped), the closing brackets appended, and how many bytes were
	// dropped from the end of the repaired text first.
	closedString, droppedEscape bool
	closers                     string
	dropped                     int
	// cut is the offset in s where the dropped bytes start.
	cut int
	// err is what parse_partial_json raised.
	err *pyError
}

// parsePartial computes parse_partial_json(s). LangChain's loop calls
// json.loads once per character dropped, which takes time quadratic in
// the length of s; this finds the same text in one pass over it: the
// longest prefix that json.loads reads once the closers are appended is
// the longest one after which a JSON reader could take the closers and
// end (see longestReadable).
func parsePartial(s []byte) partial {
	err := loads(s, false)
	if err == nil {
		return partial{text: s, asIs: true}
	}
	if err.kind != "JSONDecodeError" {
		return partial{err: err} // not caught: it leaves parse_partial_json
	}
	var r partial
	p := make([]byte, 0, len(s)+8)
	var inserted []int // offsets in p of the backslashes added before newlines
	var stack []byte   // the closers owed, innermost last
	inString, escaped := false, false
	for i, c := range s {
		switch {
		case inString:
			switch {
			case c == '"' && !escaped:
				inString = false
			case c == '\n' && !escaped:
				inserted = append(inserted, len(p))
				p = append(p, '\\', 'n')
				continue
			case c == '\\':
				escaped = !escaped
			default:
				escaped = false
			}
		case c == '"':
			inString, escaped = true, false
		case c == '{':
			stack = append(stack, '}')
		case c == '[':
			stack = append(stack, ']')
		case c == '}' || c == ']':
			if len(stack) == 0 || stack[len(stack)-1] != c {
				return partial{none: true, noneAt: i}
			}
			stack = stack[:len(stack)-1]
		}
		p = append(p, c)
	}
	if inString {
		if escaped {
			p = p[:len(p)-1]
			r.droppedEscape = true
		}
		p = append(p, '"')
		r.closedString = true
	}
	closers := make([]byte, len(stack))
	for k, c := range stack {
		closers[len(stack)-1-k] = c
	}
	r.closers = string(closers)
	k, raise := longestReadable(p, stack)
	switch {
	case raise != nil:
		r.err = raise
	case k == 0:
		r.err = err
	default:
		r.dropped = len(p) - k
		r.cut = min(k-sort.SearchInts(inserted, k), len(s))
		r.text = append(p[:k:k], closers...)
	}
	return r
}

// numberToken is a number the prefix search passes, for the ValueError a
// truncation of it can raise.
type numberToken struct {
	start, sign int // offset and length of its '-'
	intEnd      int // end of its integer digits (the token's end so far)
	floatAt     int // offset of the first digit that makes it a float; MaxInt if none yet
}

// raiseEvent is an exception that the candidates p[:k]+closers with k in
// [lo, hi] raise on their way: an integer of too many digits, or a
// bracket too deep. at orders events as the scanner meets them.
type raiseEvent struct {
	at, lo, hi int
	err        *pyError
}

// The states of longestReadable's reader.
const (
	vValue     = iota // a value is expected
	vKey              // an object's key is expected
	vColon            // ':' is expected
	vAfter            // a value has ended
	vString           // inside a string
	vEscape           // after a backslash in a string
	vHex              // inside a \u escape
	vMinus            // after the '-' of a number or -Infinity
	vZero             // a number's single 0
	vInt              // a number's integer digits
	vDot              // after a number's '.'
	vFrac             // a number's fraction digits
	vExp              // after a number's 'e'
	vExpSign          // after the exponent's sign
	vExpDigits        // the exponent's digits
	vWord             // inside a literal
	vDead             // no text starting so is JSON
)

// longestReadable returns the largest k >= 1 such that json.loads(
// p[:k] + closers, strict=False) returns a value, where closers closes
// the brackets of want (the opening brackets p leaves open, outermost
// first, as '}' and ']'), or 0 if there is none. It reads p once, as a
// JSON reader that stops at the first byte no JSON text can have there:
// p[:k]+closers is JSON exactly when p[:k] is such a prefix that ends
// outside any string, after a complete value or an opening bracket, with
// exactly the brackets of want open. raise is the exception the
// candidates LangChain tries first (k from len(p) down) meet before that
// k, if any: json.loads raises ValueError for an integer of more than
// 4,300 digits, even one cut short, and jsontui stops at nesting deeper
// than maxDepth.
func longestReadable(p []byte, want []byte) (best int, raise *pyError) {
	state, emptyOK := vValue, false
	var stack []byte // open brackets, as their closers
	matched := 0     // how many of stack's bottom entries equal want's
	isKey := false
	word, wordAt, hexLeft := "", 0, 0
	var num numberToken
	inNumber := false
	var events []raiseEvent
	endNumber := func() {
		if !inNumber {
			return
		}
		inNumber = false
		digits := num.intEnd - num.start - num.sign
		if digits > maxIntDigits {
			lo := num.start + num.sign + maxIntDigits + 1
			hi := len(p)
			if num.floatAt != math.MaxInt {
				hi = num.floatAt
			}
			events = append(events, raiseEvent{at: num.start, lo: lo, hi: hi})
		}
	}
	closable := func() bool {
		switch state {
		case vAfter, vZero, vInt, vFrac, vExpDigits:
		case vValue, vKey:
			if !emptyOK {
				return false
			}
		default:
			return false
		}
		return len(stack) == len(want) && matched == len(stack)
	}
	push := func(at int, c byte) {
		if len(stack) >= maxDepth {
			what := "object"
			if c == ']' {
				what = "array"
			}
			events = append(events, raiseEvent{at: at, lo: at + 1, hi: len(p), err: tooDeep(at, what)})
			state = vDead
			return
		}
		if matched == len(stack) && len(stack) < len(want) && want[len(stack)] == c {
			matched++
		}
		stack = append(stack, c)
	}
	pop := func(c byte) bool {
		if len(stack) == 0 || stack[len(stack)-1] != c {
			return false
		}
		stack = stack[:len(stack)-1]
		matched = min(matched, len(stack))
		return true
	}
	for i := 0; i < len(p) && state != vDead; i++ {
		c := p[i]
	again:
		switch state {
		case vValue, vKey, vColon, vAfter:
			if isWS(c) {
				break
			}
			was, wasEmpty := state, emptyOK
			state, emptyOK = vDead, false
			switch was {
			case vValue:
				switch {
				case c == '{' || c == '[':
					state, emptyOK = vKey, true
					if c == '[' {
						state = vValue
					}
					push(i, c+2) // '{'+2 == '}', '['+2 == ']'
				case c == ']' && wasEmpty:
					if pop(']') {
						state = vAfter
					}
				case c == '"':
					state, isKey = vString, false
				case c == '-':
					state, num, inNumber = vMinus, numberToken{start: i, sign: 1, intEnd: i + 1, floatAt: math.MaxInt}, true
				case isDigit(c):
					state, num, inNumber = vInt, numberToken{start: i, intEnd: i + 1, floatAt: math.MaxInt}, true
					if c == '0' {
						state = vZero
					}
				default:
					for _, w := range [...]string{"null", "true", "false", "NaN", "Infinity"} {
						if c == w[0] {
							state, word, wordAt = vWord, w, 1
						}
					}
				}
			case vKey:
				switch {
				case c == '"':
					state, isKey = vString, true
				case c == '}' && wasEmpty:
					if pop('}') {
						state = vAfter
					}
				}
			case vColon:
				if c == ':' {
					state = vValue
				}
			case vAfter:
				switch {
				case len(stack) == 0:
				case c == ',' && stack[len(stack)-1] == '}':
					state = vKey
				case c == ',':
					state = vValue
				case c == '}' || c == ']':
					if pop(c) {
						state = vAfter
					}
				}
			}
		case vString:
			switch c {
			case '"':
				state = vAfter
				if isKey {
					state = vColon
				}
			case '\\':
				state = vEscape
			}
		case vEscape:
			switch c {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				state = vString
			case 'u':
				state, hexLeft = vHex, 4
			default:
				state = vDead
			}
		case vHex:
			if !isHex(c) {
				state = vDead
			} else if hexLeft--; hexLeft == 0 {
				state = vString
			}
		case vMinus:
			switch {
			case c == '0':
				state, num.intEnd = vZero, i+1
			case c >= '1' && c <= '9':
				state, num.intEnd = vInt, i+1
			case c == 'I':
				state, word, wordAt, inNumber = vWord, "-Infinity", 2, false
			default:
				state = vDead
			}
		case vZero, vInt, vFrac, vExpDigits:
			switch {
			case isDigit(c) && state == vZero:
				state = vDead
			case isDigit(c):
				if state == vInt {
					num.intEnd = i + 1
				}
			case c == '.' && (state == vZero || state == vInt):
				state = vDot
			case c == 'e' || c == 'E':
				if state != vExpDigits {
					state = vExp
				} else {
					endNumber()
					state = vAfter
					goto again
				}
			default:
				endNumber()
				state = vAfter
				goto again
			}
		case vDot:
			if isDigit(c) {
				state, num.floatAt = vFrac, min(num.floatAt, i)
			} else {
				state = vDead
			}
		case vExp, vExpSign:
			switch {
			case isDigit(c):
				state, num.floatAt = vExpDigits, min(num.floatAt, i)
			case (c == '+' || c == '-') && state == vExp:
				state = vExpSign
			default:
				state = vDead
			}
		case vWord:
			if c != word[wordAt] {
				state = vDead
			} else if wordAt++; wordAt == len(word) {
				state = vAfter
			}
		}
		if state == vDead {
			break
		}
		if closable() {
			best = i + 1
		}
	}
	endNumber() // a number cut short by the end or by a byte no number has
	// LangChain tries k = len(p), len(p)-1, ...: the first k that raises
	// or reads decides.
	raiseAt := 0
	for _, e := range events {
		if e.lo <= e.hi {
			raiseAt = max(raiseAt, e.hi)
		}
	}
	if raiseAt == 0 || raiseAt < best {
		return best, nil
	}
	for _, e := range events { // the first the scanner meets in that candidate
		if e.lo <= raiseAt && raiseAt <= e.hi {
			if e.err != nil {
				return 0, e.err
			}
			return 0, tooManyDigits(e.at, min(raiseAt, intEndOf(p, e.at))-e.at-signOf(p, e.at))
		}
	}
	return best, nil
}

func isHex(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func signOf(p []byte, at int) int {
	if p[at] == '-' {
		return 1
	}
	return 0
}

// intEndOf returns the end of the integer digits of the number at at.
func intEndOf(p []byte, at int) int {
	i := at + signOf(p, at)
	for i < len(p) && isDigit(p[i]) {
		i++
	}
	return i
}
