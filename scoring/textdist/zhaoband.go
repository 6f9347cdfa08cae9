package textdist

import (
	"context"
	"errors"
)

// bandFrom is the least number of cells past which DamerauLinear first
// bounds the distance, to compute only the cells an optimal alignment
// can pass through; below it the bound costs more than it saves. Tests
// lower it to cover the band.
var bandFrom = 1 << 24

// bandUpper, when set, gives the band's upper bound instead of the
// Levenshtein kernels: tests give it the exact distance, the narrowest
// band there is.
var bandUpper func(a, b []int32) int

// useBand sets z's band when it leaves out part of the matrix: on a
// matrix of bandFrom cells or more, or on any when force is set.
//
// Every edit and every transposition changes the difference of the two
// lengths consumed by at most its cost, so an alignment passing through
// cell (i, j) costs at least |i-j| + |(m-i)-(n-j)|. With d <= ub, the
// cells of an optimal alignment have j-i between min(0, n-m) - e and
// max(0, n-m) + e, e = (ub - |n-m|)/2: a band along the diagonal. ub is
// an upper bound of the Levenshtein distance, which is never below the
// Damerau–Levenshtein one, found with the bit-parallel kernels for about
// a thirty-second of the work the band saves at most.
//
// Outside the band a value is taken as maxVal, which is above every
// value of the matrix: each value computed is then the cost of some
// alignment, never below the true one, and exact on the band. The band
// is widened by two columns on each side so that the matches, the saved
// values (FR) and T that a transposition ending on the band reads lie
// inside what is computed.
func (z *zhao) useBand(ctx context.Context, a, b []int32, force bool) error {
	m, n := len(a), len(b)
	if !force && m*n < bandFrom {
		return nil
	}
	var ub int
	if bandUpper != nil {
		ub = bandUpper(a, b)
	} else {
		var s scratch
		bd, err := distanceWithin(&s, a, b, Limits{Work: min(DefaultWork, int64(max(1<<16, m/64*n/32))), Cancel: ctx.Done()})
		if err != nil {
			if errors.Is(err, ErrCanceled) {
				return ctx.Err()
			}
			return err
		}
		ub = bd.Upper
	}
	delta := n - m
	e := (ub - max(delta, -delta)) / 2
	lo, hi := min(0, delta)-e-2, max(0, delta)+e+2
	if hi-lo+1 >= n {
		return nil // every row is whole
	}
	z.band, z.loOff, z.hiOff = true, int32(lo), int32(hi)
	return nil
}
