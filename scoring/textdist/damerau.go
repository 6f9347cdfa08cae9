package textdist

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// ErrTooLarge is returned, wrapped with the sizes involved, when a
// computation would need more memory than the caller allowed.
var ErrTooLarge = errors.New("textdist: input too large")

// Damerau returns the unrestricted Damerau–Levenshtein distance between a
// and b: the least number of insertions, deletions, substitutions and
// transpositions of two adjacent code points that turn a into b, where
// code points between the two halves of a transposition may still be
// edited (so "ca" → "abc" costs 2: transpose, then insert). Unlike the
// restricted "optimal string alignment" distance, it is a metric.
//
// Damerau computes the algorithm of Lowrance and Wagner (1975), as go-edlib's
// DamerauLevenshteinDistance and jellyfish do, in a (len(a)+2)×(len(b)+2)
// matrix of 4-byte cells (smaller once the common prefix and suffix are set
// aside). It refuses with an error wrapping [ErrTooLarge] when that matrix
// would have more than maxCells cells.
func Damerau(a, b []rune, maxCells int) (int, error) {
	m, n := len(a), len(b)
	if cells, ok := mulCells(m+2, n+2); !ok || cells > maxCells || m+n > math.MaxInt32 {
		return 0, fmt.Errorf("%w: Damerau of %d and %d code points needs a %d×%d matrix, limit %d cells",
			ErrTooLarge, m, n, m+2, n+2, maxCells)
	}
	a, b = trimCommon(a, b) // a common prefix or suffix never pays to edit
	m, n = len(a), len(b)
	if m == 0 || n == 0 {
		return m + n, nil
	}

	// Number the alphabet of b densely; a code point of a that b lacks
	// gets -1, as it can never be the far end of a transposition.
	alpha := slices.Clone(b)
	slices.Sort(alpha)
	alpha = slices.Compact(alpha)
	ids := make([]int32, m+n)
	aID, bID := ids[:m], ids[m:]
	for i, c := range a {
		aID[i] = -1
		if k, found := slices.BinarySearch(alpha, c); found {
			aID[i] = int32(k)
		}
	}
	for j, c := range b {
		k, _ := slices.BinarySearch(alpha, c)
		bID[j] = int32(k)
	}
	// da[c] is the last row (1-based) of a holding code point c, 0 if none.
	da := make([]int32, len(alpha))

	// d[(i+1)*w + j+1] is the distance between a[:i] and b[:j]; row 0 and
	// column 0 hold the sentinel maxDist.
	w := n + 2
	d := make([]int32, (m+2)*w)
	maxDist := int32(m + n)
	d[0] = maxDist
	for i := 0; i <= m; i++ {
		d[(i+1)*w] = maxDist
		d[(i+1)*w+1] = int32(i)
	}
	for j := 0; j <= n; j++ {
		d[j+1] = maxDist
		d[w+j+1] = int32(j)
	}
	for i := 1; i <= m; i++ {
		db := 0 // last column (1-based) of this row where a[i-1] matched
		ai := a[i-1]
		row := d[(i+1)*w : (i+2)*w]
		up := d[i*w : (i+1)*w]
		for j := 1; j <= n; j++ {
			i1 := int(da[bID[j-1]])
			j1 := db
			cost := int32(1)
			if ai == b[j-1] {
				cost = 0
				db = j
			}
			trans := d[i1*w+j1] + int32(i-i1-1) + 1 + int32(j-j1-1)
			row[j+1] = min(row[j]+1, up[j+1]+1, up[j]+cost, trans)
		}
		if id := aID[i-1]; id >= 0 {
			da[id] = int32(i)
		}
	}
	return int(d[(m+1)*w+n+1]), nil
}

// mulCells returns x·y for non-negative x and y, and false on overflow.
func mulCells(x, y int) (int, bool) {
	if x != 0 && y > math.MaxInt/x {
		return 0, false
	}
	return x * y, true
}
