package dataset

import (
	"math"
	"math/big"
	"math/bits"
	"sync"
)

// The conversion of a decimal of at most 19 significant digits to the
// nearest float64 by the Eisel-Lemire algorithm, as Go's strconv does it
// (strconv's eiselLemire64, BSD-style license, Copyright 2020 The Go
// Authors; https://nigeltao.github.io/blog/2020/eisel-lemire.html): the
// case lines' sums of fractions have 16 or 17 digits, past the exact
// quotient of floatAt. Its digits read already, it is a multiplication
// and a few checks; when they cannot settle the rounding, it says so and
// strconv reads the number.

// The powers of ten floatAt converts with: the case lines' numbers lie
// within 1e-23 .. 1e21, the rest is strconv's.
const (
	pow10MinExp = -32
	pow10MaxExp = 32
)

// pow10Mant returns the 128-bit mantissas of 10^e for e in pow10MinExp ..
// pow10MaxExp, rounded down, their high bit set: 10^e = m/2^128 · 2^x.
var pow10Mant = sync.OnceValue(func() *[pow10MaxExp - pow10MinExp + 1][2]uint64 {
	t := new([pow10MaxExp - pow10MinExp + 1][2]uint64)
	one, ten := big.NewInt(1), big.NewInt(10)
	lim := new(big.Rat).SetInt(new(big.Int).Lsh(one, 128))
	half := big.NewRat(1, 2)
	two := big.NewRat(2, 1)
	for e := pow10MinExp; e <= pow10MaxExp; e++ {
		p := new(big.Int).Exp(ten, big.NewInt(int64(absInt(e))), nil)
		r := new(big.Rat).SetInt(p)
		if e < 0 {
			r.Inv(r)
		}
		for r.Cmp(lim) < 0 {
			r.Mul(r, two)
		}
		for r.Cmp(lim) >= 0 {
			r.Mul(r, half)
		}
		d := new(big.Int).Quo(r.Num(), r.Denom())
		lo := new(big.Int).And(d, new(big.Int).SetUint64(math.MaxUint64))
		t[e-pow10MinExp] = [2]uint64{new(big.Int).Rsh(d, 64).Uint64(), lo.Uint64()}
	}
	return t
})

func absInt(e int) int {
	if e < 0 {
		return -e
	}
	return e
}

// eiselLemire returns the float64 nearest man·10^exp10, and false when
// it cannot tell (strconv's slow path then decides) or exp10 is out of
// its range.
func eiselLemire(man uint64, exp10 int, neg bool) (float64, bool) {
	if man == 0 {
		if neg {
			return math.Copysign(0, -1), true
		}
		return 0, true
	}
	if exp10 < pow10MinExp || exp10 > pow10MaxExp {
		return 0, false
	}
	pow := &pow10Mant()[exp10-pow10MinExp]
	exp2 := 1 + (exp10*108853)>>15 // ⌊exp10·log2(10)⌋ + 1
	// Normalization.
	clz := bits.LeadingZeros64(man)
	man <<= uint(clz)
	retExp2 := uint64(exp2+63+1023) - uint64(clz)
	// Multiplication.
	xHi, xLo := bits.Mul64(man, pow[0])
	// Wider approximation.
	if xHi&0x1FF == 0x1FF && xLo+man < man {
		yHi, yLo := bits.Mul64(man, pow[1])
		mergedHi, mergedLo := xHi, xLo+yHi
		if mergedLo < xLo {
			mergedHi++
		}
		if mergedHi&0x1FF == 0x1FF && mergedLo+1 == 0 && yLo+man < man {
			return 0, false
		}
		xHi, xLo = mergedHi, mergedLo
	}
	// Shifting to 54 bits.
	msb := xHi >> 63
	retMantissa := xHi >> (msb + 9)
	retExp2 -= 1 ^ msb
	// Half-way ambiguity.
	if xLo == 0 && xHi&0x1FF == 0 && retMantissa&3 == 1 {
		return 0, false
	}
	// From 54 to 53 bits.
	retMantissa += retMantissa & 1
	retMantissa >>= 1
	if retMantissa>>53 > 0 {
		retMantissa >>= 1
		retExp2++
	}
	// A subnormal, an infinity or NaN is strconv's.
	if retExp2-1 >= 0x7FF-1 {
		return 0, false
	}
	retBits := retExp2<<52 | retMantissa&(1<<52-1)
	if neg {
		retBits |= 1 << 63
	}
	return math.Float64frombits(retBits), true
}
