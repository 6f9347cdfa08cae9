package dataset

import (
	"strconv"
)

// The fast path's readers of a "paths" entry's items (linesfast.go). Each
// reads at b[i:] and returns the index past what it read, or -1 when the
// bytes there are not laid out as score writes them: the line then goes
// to the general reader. An index of -1 makes the next reader fail too,
// so a chain of them is checked once, at its end.

// byteAt returns the index past b[i] when it is c, else -1.
func byteAt(b []byte, i int, c byte) int {
	if uint(i) < uint(len(b)) && b[i] == c {
		return i + 1
	}
	return -1
}

// textAt returns the index past t when b[i:] starts with it, else -1.
func textAt(b []byte, i int, t string) int {
	if uint(i) <= uint(len(b)) && len(b)-i >= len(t) && string(b[i:i+len(t)]) == t {
		return i + len(t)
	}
	return -1
}

// uintAt reads a whole number of 1 to 15 digits, without a sign or a
// leading zero, as score writes a count.
func uintAt(b []byte, i int) (int64, int) {
	if uint(i) >= uint(len(b)) || b[i]-'0' > 9 {
		return 0, -1
	}
	v := int64(b[i] - '0')
	j := i + 1
	if v != 0 {
		for j < len(b) && b[j]-'0' <= 9 {
			v = v*10 + int64(b[j]-'0')
			j++
		}
		if j-i > 15 {
			return 0, -1
		}
	}
	if j < len(b) && numberByte[b[j]] {
		return 0, -1 // "01", "1.5", "1e3": the general reader's
	}
	return v, j
}

// pow10 are the powers of ten a float64 holds exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// floatAt reads a JSON number into the nearest float64, as strconv does.
// Most of a line's numbers are 0 or 1, one digit; a decimal of at most
// 15 significant digits is a product or a quotient of two exact float64s
// (a power of ten up to 1e22), which rounds once, to the nearest, as
// strconv's own fast path does; the rest is strconv's.
func floatAt(b []byte, i int) (float64, int) {
	if uint(i) >= uint(len(b)) {
		return 0, -1
	}
	if c := b[i] - '0'; c <= 9 && (i+1 == len(b) || !numberByte[b[i+1]]) {
		return float64(c), i + 1
	}
	start := i
	neg := b[i] == '-'
	if neg {
		i++
	}
	if i >= len(b) || b[i]-'0' > 9 || b[i] == '0' && i+1 < len(b) && b[i+1]-'0' <= 9 {
		return 0, -1
	}
	i, w, nd := mantissa(b, i, 0, 0)
	exp := 0
	if i < len(b) && b[i] == '.' {
		if i+1 >= len(b) || b[i+1]-'0' > 9 {
			return 0, -1
		}
		var j int
		j, w, nd = mantissa(b, i+1, w, nd)
		exp, i = i+1-j, j
	}
	if i < len(b) && numberByte[b[i]] {
		return slowFloatAt(b, start)
	}
	if nd <= 19 && w <= 1<<53 && exp >= -22 {
		f := float64(w) / pow10[-exp]
		if neg {
			f = -f
		}
		return f, i
	}
	if nd <= 19 {
		if f, ok := eiselLemire(w, exp, neg); ok {
			return f, i
		}
	}
	v, err := strconv.ParseFloat(unsafeText(b[start:i]), 64)
	if err != nil {
		return 0, -1
	}
	return v, i
}

// mantissa reads the digits at b[i:] into w, which holds nd significant
// digits before them; past 19, nd counts on but w keeps its value.
func mantissa(b []byte, i int, w uint64, nd int) (int, uint64, int) {
	for ; i < len(b) && b[i]-'0' <= 9; i++ {
		d := uint64(b[i] - '0')
		if nd == 0 && d == 0 {
			continue
		}
		if nd < 19 {
			w = w*10 + d
		}
		nd++
	}
	return i, w, nd
}

// slowFloatAt reads a number with an exponent (or a fault) at b[i:].
func slowFloatAt(b []byte, i int) (float64, int) {
	j := i
	for j < len(b) && numberByte[b[j]] {
		j++
	}
	if !validNumber(b[i:j]) {
		return 0, -1
	}
	v, err := strconv.ParseFloat(unsafeText(b[i:j]), 64)
	if err != nil {
		return 0, -1
	}
	return v, j
}

// countsAt reads an array of counts (at most len(dst)) into dst.
func countsAt(b []byte, i int, dst []int32) int {
	i = byteAt(b, i, '[')
	if j := byteAt(b, i, ']'); j >= 0 {
		return j
	}
	for k := 0; k < len(dst); k++ {
		var v int64
		v, i = uintAt(b, i)
		if i < 0 || v > 1<<31-1 {
			return -1
		}
		dst[k] = int32(v)
		if uint(i) < uint(len(b)) && b[i] == ']' {
			return i + 1
		}
		i = byteAt(b, i, ',')
	}
	return -1
}
