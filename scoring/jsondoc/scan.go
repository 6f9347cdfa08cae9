package jsondoc

// This file: the scans of strings and numbers, and their conversion.

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/bits"
	"strconv"
	"unicode/utf8"
)

const (
	lo8 = 0x0101010101010101
	hi8 = 0x8080808080808080
)

// special marks the bytes a string scan must stop at: a quote, a
// backslash, a control character or the start of a non-ASCII character.
var special = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = c == '"' || c == '\\' || c < 0x20 || c >= 0x80
	}
	return t
}()

// scanString scans the string whose opening quote is at i and returns the
// offset just past its closing quote, and whether it contains escapes.
// It looks for the next special byte eight bytes at a time, inline (most
// strings end within a word or two): the expression below flags quotes,
// backslashes, control characters and high bytes, and its lowest flag is
// always a true one (borrows only run upwards from a true match), so the
// trailing zero count finds the first special byte. (A control byte's
// flag is that of x-0x20 where x's own is clear, and a high byte's is
// x's own: x-0x20 | x is both.) A special byte other than the closing
// quote goes to scanSpecial.
func (p *parser) scanString(i int) (int, bool, error) {
	src := p.src
	i++
	esc := false
	for {
		for i+8 <= len(src) {
			x := binary.LittleEndian.Uint64(src[i:])
			q := x ^ (lo8 * '"')
			b := x ^ (lo8 * '\\')
			if m := ((q-lo8)&^q | (b-lo8)&^b | (x - lo8*0x20) | x) & hi8; m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				goto stop
			}
			i += 8
		}
		for i < len(src) && !special[src[i]] {
			i++
		}
	stop:
		if i < len(src) && src[i] == '"' {
			return i + 1, esc, nil
		}
		var isEsc bool
		var err error
		if i, isEsc, err = p.scanSpecial(i); err != nil {
			return i, esc || isEsc, err
		}
		esc = esc || isEsc
	}
}

// scanSpecial scans the special byte at i inside a string that is not
// its closing quote: an escape, a control character or a non-ASCII
// character. It returns the offset just past it and whether it is an
// escape.
func (p *parser) scanSpecial(i int) (int, bool, error) {
	src := p.src
	if i >= len(src) {
		return i, false, p.fail(i, "unexpected end of JSON input")
	}
	c := src[i]
	switch {
	case c == '\\':
		if i+1 >= len(src) {
			return i, true, p.fail(i+1, "unexpected end of JSON input")
		}
		switch src[i+1] {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			return i + 2, true, nil
		case 'u':
			for k := i + 2; k < i+6; k++ {
				if k >= len(src) {
					return k, true, p.fail(k, "unexpected end of JSON input")
				}
				h := src[k]
				if !(h >= '0' && h <= '9' || h >= 'a' && h <= 'f' || h >= 'A' && h <= 'F') {
					return k, true, p.badChar(k, "in \\u hexadecimal character escape")
				}
			}
			return i + 6, true, nil
		default:
			return i, true, p.badChar(i+1, "in string escape code")
		}
	case c < 0x20:
		if p.opt.Python {
			return i + 1, false, nil
		}
		return i, false, p.badChar(i, "in string literal")
	case c >= utf8.RuneSelf:
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size == 1 {
			return i, false, p.fail(i, "invalid UTF-8 in string literal (byte 0x%02x)", c)
		}
		return i + size, false, nil
	}
	return i + 1, false, nil
}

// scanNumber scans the number starting at i and checks its range.
func (p *parser) scanNumber(i int) (int, error) {
	src := p.src
	start := i
	if src[i] == '-' {
		i++
	}
	if i >= len(src) {
		return i, p.fail(i, "unexpected end of JSON input")
	}
	switch c := src[i]; {
	case c == '0':
		i++
	case c >= '1' && c <= '9':
		for i++; i < len(src) && src[i] >= '0' && src[i] <= '9'; i++ {
		}
	default:
		return i, p.badChar(i, "in numeric literal")
	}
	if i < len(src) && src[i] == '.' {
		i++
		if i >= len(src) {
			return i, p.fail(i, "unexpected end of JSON input")
		}
		if src[i] < '0' || src[i] > '9' {
			return i, p.badChar(i, "after decimal point in numeric literal")
		}
		for i++; i < len(src) && src[i] >= '0' && src[i] <= '9'; i++ {
		}
	}
	big := i-start > 300
	if i < len(src) && (src[i] == 'e' || src[i] == 'E') {
		big = true
		i++
		if i < len(src) && (src[i] == '+' || src[i] == '-') {
			i++
		}
		if i >= len(src) {
			return i, p.fail(i, "unexpected end of JSON input")
		}
		if src[i] < '0' || src[i] > '9' {
			return i, p.badChar(i, "in exponent of numeric literal")
		}
		for i++; i < len(src) && src[i] >= '0' && src[i] <= '9'; i++ {
		}
	}
	if big && !p.opt.Python {
		if _, err := parseNumber(src[start:i]); err != nil {
			return i, p.fail(start, "number %s is outside the range of a 64-bit float", abbreviate(src[start:i]))
		}
	}
	return i, nil
}

// pythonConstant returns the length of the NaN, Infinity or -Infinity
// that b starts with, 0 if none.
func pythonConstant(b []byte) int {
	for _, w := range [...]string{"NaN", "Infinity", "-Infinity"} {
		if bytes.HasPrefix(b, []byte(w)) {
			return len(w)
		}
	}
	return 0
}

func abbreviate(b []byte) string {
	if len(b) > 40 {
		return string(b[:20]) + "…" + string(b[len(b)-12:])
	}
	return string(b)
}

// pow10 holds the powers of ten a float64 represents exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// parseNumber converts a valid JSON number. Plain decimals with at most 15
// significant digits take an exact fast path (Clinger's); others go to
// strconv. It fails only when the value overflows float64.
func parseNumber(b []byte) (float64, error) {
	neg := false
	i := 0
	if len(b) > 0 && b[0] == '-' {
		neg = true
		i++
	}
	var mant uint64
	digits, frac := 0, 0
	dot := false
	for ; i < len(b); i++ {
		c := b[i]
		if c == '.' {
			dot = true
			continue
		}
		if c < '0' || c > '9' {
			digits = 99 // exponent: slow path
			break
		}
		if mant == 0 && c == '0' {
			if dot {
				frac++
			}
			continue
		}
		mant = mant*10 + uint64(c-'0')
		digits++
		if dot {
			frac++
		}
		if digits > 15 {
			break
		}
	}
	if digits <= 15 && frac < len(pow10) {
		f := float64(mant) / pow10[frac]
		if neg {
			f = -f
		}
		return f, nil
	}
	f, err := strconv.ParseFloat(unsafeString(b), 64)
	if err != nil && math.IsInf(f, 0) {
		return f, err
	}
	return f, nil
}
