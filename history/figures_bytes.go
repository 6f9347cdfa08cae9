package history

import (
	"encoding/binary"
	"math/bits"
)

// shuffle appends the bytes of vs to dst, byte plane by byte plane: the
// first (most significant) bytes of every value, then the second bytes…
// Values that repeat or share an exponent then compress well.
func shuffle(dst []byte, vs []uint64) []byte {
	k := len(vs)
	at := len(dst)
	dst = append(dst, make([]byte, 8*k)...)
	out := dst[at:]
	p0, p1, p2, p3 := out[0*k:1*k], out[1*k:2*k], out[2*k:3*k], out[3*k:4*k]
	p4, p5, p6, p7 := out[4*k:5*k], out[5*k:6*k], out[6*k:7*k], out[7*k:8*k]
	for i, v := range vs {
		p0[i], p1[i], p2[i], p3[i] = byte(v>>56), byte(v>>48), byte(v>>40), byte(v>>32)
		p4[i], p5[i], p6[i], p7[i] = byte(v>>24), byte(v>>16), byte(v>>8), byte(v)
	}
	return dst
}

func unshuffle(dst []uint64, b []byte) []uint64 {
	k := len(b) / 8
	dst = append(dst[:0], make([]uint64, k)...)
	for j := 0; j < 8; j++ {
		plane := b[j*k : (j+1)*k]
		for i, c := range plane {
			dst[i] |= uint64(c) << (56 - 8*j)
		}
	}
	return dst
}

func commonPrefix(a []byte, b string) int {
	n := min(len(a), len(b))
	i := 0
	// Eight bytes at a time: paths of neighbours share long prefixes.
	for ; i+8 <= n; i += 8 {
		x := binary.LittleEndian.Uint64(a[i:]) ^ leUint64(b[i:])
		if x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for ; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// leUint64 reads the first eight bytes of s, little-endian.
func leUint64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
