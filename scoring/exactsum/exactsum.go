// Package exactsum adds float64 values exactly: a Sum holds the exact
// total of every value added, whatever their number, order and
// magnitude, as a fixed-point integer spanning float64's whole exponent
// range (a "superaccumulator", after Neal's small superaccumulator), and
// rounds it once, to the nearest float64 (ties to even), when read.
//
// Because the total is exact, sums of the same values give the same bits
// however the values were split, ordered and merged: Merge is associative
// and commutative bit for bit, which is what a reduce over shards, a
// worker pool or a distributed combiner needs. A Sum serializes
// (MarshalBinary) to a canonical form: equal totals give equal bytes.
package exactsum

import (
	"errors"
	"math"
	"math/big"
)

// A float64's significand has 53 bits and its least significant bit
// weighs from 2^-1074 (subnormals) up to 2^971: the fixed-point value
// spans 2^-1074 .. 2^1024, 2098 bits, kept in chunks of chunkBits bits
// each held in an int64, so that 2^30 values add before carries must be
// propagated.
const (
	chunkBits = 32
	chunkMask = 1<<chunkBits - 1
	nChunks   = 67 // 64 chunks reach bit 2048; two more take the carries of 2^30 adds
	// carryEvery is how many adds (or merged adds) a Sum takes before it
	// propagates its carries.
	carryEvery = 1 << 30
)

// Sum is an exact sum of float64 values. The zero value is an empty sum
// (0). A Sum is about 550 bytes; it is not safe for concurrent use.
type Sum struct {
	c [nChunks]int64 // value = Σ c[i]·2^(32i−1074)
	n uint32         // adds since the carries were last propagated
	// The non-finite values added: their sum is NaN or an infinity.
	nan, posInf, negInf bool
}

// Add adds x to the sum exactly.
func (s *Sum) Add(x float64) {
	bits := math.Float64bits(x)
	exp := int(bits >> 52 & 0x7ff)
	mant := bits & (1<<52 - 1)
	switch {
	case exp == 0x7ff:
		s.addSpecial(x)
		return
	case exp == 0:
		if mant == 0 {
			return // ±0
		}
		exp = 1 // a subnormal: the same scale as the smallest normal
	default:
		mant |= 1 << 52
	}
	p := uint(exp - 1) // the bit of mant's lowest bit, from 2^-1074
	i, sh := p/chunkBits, p%chunkBits
	lo := mant << sh
	hi := mant >> (64 - sh) // 0 when sh is 0
	if s.n >= carryEvery {
		s.carry()
	}
	s.n++
	if bits>>63 != 0 {
		s.c[i] -= int64(lo & chunkMask)
		s.c[i+1] -= int64(lo >> chunkBits)
		s.c[i+2] -= int64(hi)
	} else {
		s.c[i] += int64(lo & chunkMask)
		s.c[i+1] += int64(lo >> chunkBits)
		s.c[i+2] += int64(hi)
	}
}

func (s *Sum) addSpecial(x float64) {
	switch {
	case math.IsNaN(x):
		s.nan = true
	case x > 0:
		s.posInf = true
	default:
		s.negInf = true
	}
}

// carry propagates the carries: every chunk but the last in [0, 2^32),
// the last holding the sign and the rest.
func (s *Sum) carry() {
	for i := 0; i < nChunks-1; i++ {
		c := s.c[i] >> chunkBits // arithmetic: a negative chunk borrows
		s.c[i] -= c << chunkBits
		s.c[i+1] += c
	}
	s.n = 0
}

// Merge adds the total of o to the sum exactly; o is unchanged.
func (s *Sum) Merge(o *Sum) {
	k := max(o.n, 1) // a carried sum adds as one value does
	if uint64(s.n)+uint64(k) > carryEvery {
		s.carry() // o.n ≤ carryEvery: the chunks stay far within int64
	}
	for i := range s.c {
		s.c[i] += o.c[i]
	}
	s.n += k
	s.nan = s.nan || o.nan
	s.posInf = s.posInf || o.posInf
	s.negInf = s.negInf || o.negInf
}

// Float64 returns the total rounded once to the nearest float64 (ties to
// even): ±Inf past float64's range, NaN when a NaN was added or both
// infinities were.
func (s *Sum) Float64() float64 {
	switch {
	case s.nan || s.posInf && s.negInf:
		return math.NaN()
	case s.posInf:
		return math.Inf(1)
	case s.negInf:
		return math.Inf(-1)
	}
	t := *s
	t.carry()
	z := t.integer()
	if z.Sign() == 0 {
		return 0
	}
	f := new(big.Float).SetInt(z) // exact: its precision is z's length
	f.SetMantExp(f, -1074)
	v, _ := f.Float64()
	return v
}

// integer returns the carried sum's value ×2^1074 as an integer.
func (s *Sum) integer() *big.Int {
	z := big.NewInt(s.c[nChunks-1])
	var chunk big.Int
	for i := nChunks - 2; i >= 0; i-- {
		z.Lsh(z, chunkBits)
		z.Add(z, chunk.SetInt64(s.c[i]))
	}
	return z
}

// The first byte of a Sum's binary form: its flags.
const (
	flagNeg byte = 1 << iota
	flagNaN
	flagPosInf
	flagNegInf
)

// AppendBinary appends the sum's canonical binary form to b: a flags
// byte, then the magnitude of the total ×2^1074 as a big-endian integer
// without leading zeros. Sums of equal totals append equal bytes.
func (s *Sum) AppendBinary(b []byte) ([]byte, error) {
	t := *s
	t.carry()
	z := t.integer()
	var fl byte
	if z.Sign() < 0 {
		fl |= flagNeg
	}
	if s.nan {
		fl |= flagNaN
	}
	if s.posInf {
		fl |= flagPosInf
	}
	if s.negInf {
		fl |= flagNegInf
	}
	b = append(b, fl)
	start := len(b)
	b = append(b, make([]byte, (z.BitLen()+7)/8)...)
	z.Abs(z).FillBytes(b[start:])
	return b, nil
}

// MarshalBinary returns the sum's canonical binary form (AppendBinary).
func (s *Sum) MarshalBinary() ([]byte, error) {
	return s.AppendBinary(nil)
}

// maxBytes is the longest magnitude a binary form may hold: past it, a
// total no Sum can reach.
const maxBytes = (nChunks*chunkBits - 1) / 8

// UnmarshalBinary sets the sum to the total of a binary form made by
// MarshalBinary or AppendBinary.
func (s *Sum) UnmarshalBinary(data []byte) error {
	if len(data) == 0 {
		return errors.New("exactsum: an empty binary form (it starts with a flags byte)")
	}
	fl, mag := data[0], data[1:]
	if fl&^(flagNeg|flagNaN|flagPosInf|flagNegInf) != 0 {
		return errors.New("exactsum: unknown flags in the binary form")
	}
	if len(mag) > maxBytes || len(mag) > 0 && mag[0] == 0 {
		return errors.New("exactsum: the binary form's magnitude is not canonical or too long")
	}
	*s = Sum{nan: fl&flagNaN != 0, posInf: fl&flagPosInf != 0, negInf: fl&flagNegInf != 0}
	z := new(big.Int).SetBytes(mag)
	if fl&flagNeg != 0 {
		if z.Sign() == 0 {
			return errors.New("exactsum: a negative zero in the binary form")
		}
		z.Neg(z)
	}
	words := new(big.Int).Set(z)
	var low big.Int
	mask := big.NewInt(chunkMask)
	for i := 0; i < nChunks-1; i++ {
		s.c[i] = low.And(words, mask).Int64() // two's complement low bits
		words.Rsh(words, chunkBits)           // arithmetic for negatives
	}
	if !words.IsInt64() {
		return errors.New("exactsum: the binary form's total is out of range")
	}
	s.c[nChunks-1] = words.Int64()
	return nil
}
