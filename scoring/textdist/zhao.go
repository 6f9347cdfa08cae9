package textdist

import (
	"context"
	"math"
	"runtime"
	"slices"
)

// DamerauWork returns the number of matrix cells [DamerauLinear] computes
// for a and b: the product of their lengths once their common prefix and
// suffix are set aside. Its time is proportional to that number.
func DamerauWork[E symbol](a, b []E) int {
	a, b = trimCommon(a, b)
	if len(a) != 0 && len(b) > math.MaxInt/len(a) {
		return math.MaxInt
	}
	return len(a) * len(b)
}

// DamerauLinear returns the unrestricted Damerau–Levenshtein distance
// between a and b, the value [Damerau] returns, in memory linear in their
// lengths: the algorithm of Zhao and Sahni ("Linear space string
// correction algorithm using the Damerau–Levenshtein distance", 2020) in
// the form rapidfuzz gives it (damerau_levenshtein_distance_zhao, which
// rapidfuzz's DamerauLevenshtein.distance runs), after the common prefix
// and suffix are set aside as rapidfuzz does. It keeps three rows of the
// matrix and, per symbol, the last row of a that holds it.
//
// Its time is proportional to [DamerauWork]. When more than one CPU is
// available and b is long, the columns are split in two halves, each
// computed by a goroutine of its own: the left half runs ahead and hands
// the right half the values it needs at their border, row by row. It
// returns ctx.Err() soon after ctx is done.
func DamerauLinear[E symbol](ctx context.Context, a, b []E) (int, error) {
	return damerauLinear(ctx, a, b, minSplitColumns, math.MaxInt)
}

// DamerauLinearWithin is [DamerauLinear] refusing to compute more than
// maxCells cells of the matrix: past them it returns a [*WorkError],
// which wraps [ErrTooLarge]. The cells are those of the band an optimal
// alignment can pass through, found first with the Levenshtein kernels
// (a few seconds at most), so two long texts that differ little are
// computed where two unrelated ones of the same lengths are refused.
func DamerauLinearWithin[E symbol](ctx context.Context, a, b []E, maxCells int) (int, error) {
	return damerauLinear(ctx, a, b, minSplitColumns, maxCells)
}

// WorkError is the refusal of [DamerauLinearWithin]: the cells the
// computation would take, and the most allowed.
type WorkError struct{ Cells, Max int }

func (e *WorkError) Error() string {
	return "textdist: Damerau–Levenshtein would compute " + itoa(e.Cells) + " cells, past the limit of " + itoa(e.Max)
}

// Unwrap returns [ErrTooLarge].
func (e *WorkError) Unwrap() error { return ErrTooLarge }

// damerauLinear is DamerauLinear with the columns split between two
// goroutines when b has at least splitFrom of them (after trimming),
// refusing past maxCells cells.
func damerauLinear[E symbol](ctx context.Context, a, b []E, splitFrom, maxCells int) (int, error) {
	a, b = trimCommon(a, b)
	if len(a) == 0 || len(b) == 0 {
		return len(a) + len(b), nil
	}
	if len(a)+len(b) >= math.MaxInt32/4 {
		// The rows hold int32 values up to about twice the longer length.
		return 0, errLengths(len(a), len(b))
	}
	full := DamerauWork(a, b)
	if full > maxCells {
		// Even the narrowest band, as wide as the length difference, is too
		// many: refuse before bounding the distance.
		if w := max(len(b)-len(a), len(a)-len(b)) + 5; w > maxCells/len(a) {
			return 0, &WorkError{Cells: full, Max: maxCells}
		}
	}
	ids, sigma := denseIDs(a, b)
	aID, bID := ids[:len(a)], ids[len(a):]
	z := zhao{a: aID, maxVal: int32(max(len(a), len(b)) + 1), sigma: sigma, nCols: int32(len(b))}
	if err := z.useBand(ctx, aID, bID, full > maxCells); err != nil {
		return 0, err
	}
	if cells := z.cells(); cells > maxCells {
		return 0, &WorkError{Cells: cells, Max: maxCells}
	}
	if len(b) >= max(splitFrom, 4) && runtime.GOMAXPROCS(0) > 1 {
		return z.split(ctx, bID)
	}
	h := z.newHalf(bID, 1)
	every := rowsPerCheck(len(bID))
	for i := int32(1); i <= int32(len(aID)); i++ {
		if i%every == 0 && ctx.Err() != nil {
			return 0, ctx.Err()
		}
		h.rowLeft(&z, i)
	}
	return int(h.last()), nil
}

func errLengths(m, n int) error {
	return &lengthError{m, n}
}

type lengthError struct{ m, n int }

func (e *lengthError) Error() string {
	return "textdist: Damerau–Levenshtein of texts this long (" + itoa(e.m) + " and " + itoa(e.n) + " symbols) would overflow its counters"
}

func (e *lengthError) Unwrap() error { return ErrTooLarge }

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}

// minSplitColumns is the shortest b whose columns are split between two
// goroutines; below it a handoff per row costs more than it saves.
const minSplitColumns = 4096

// checkCells is about how many cells are computed between looks at the
// context (a few milliseconds' work); rowsPerCheck turns it into rows.
const checkCells = 1 << 22

// rowsPerCheck returns how many rows of n columns pass between looks at
// the context (and, with two goroutines, between handoffs).
func rowsPerCheck(n int) int32 { return int32(max(1, min(1024, checkCells/max(n, 1)))) }

// denseIDs numbers the symbols for the algorithm: b's distinct symbols get
// 0..sigma-1 (bytes keep their value, sigma 256) and a symbol of a that b
// lacks gets sigma, which no symbol of b equals and whose last row is
// never asked for. The result holds a's ids, then b's.
func denseIDs[E symbol](a, b []E) ([]int32, int) {
	ids := make([]int32, len(a)+len(b))
	if _, isByte := any(a).([]byte); isByte {
		for i, c := range a {
			ids[i] = int32(c)
		}
		for j, c := range b {
			ids[len(a)+j] = int32(c)
		}
		return ids, 256
	}
	alpha := slices.Clone(b)
	slices.Sort(alpha)
	alpha = slices.Compact(alpha)
	for i, c := range a {
		k, found := slices.BinarySearch(alpha, c)
		if !found {
			k = len(alpha)
		}
		ids[i] = int32(k)
	}
	for j, c := range b {
		k, _ := slices.BinarySearch(alpha, c)
		ids[len(a)+j] = int32(k)
	}
	return ids, len(alpha)
}

// zhao is one distance computation: a's symbols (the rows) and the
// sentinel above every value.
type zhao struct {
	a      []int32
	maxVal int32
	sigma  int
	// With band set, row i is computed only in columns lo..hi of
	// region(i); the rest of the row is taken as maxVal (see useBand).
	band  bool
	loOff int32 // region(i) starts at column i + loOff
	hiOff int32 // and ends at column i + hiOff
	nCols int32
}

// cells returns how many cells of the matrix z computes.
func (z *zhao) cells() int {
	if !z.band {
		return len(z.a) * int(z.nCols)
	}
	n := 0
	for i := int32(1); i <= int32(len(z.a)); i++ {
		lo, hi := z.region(i)
		n += int(max(0, hi-lo+1))
	}
	return n
}

// region returns the columns of row i that are computed, 1-based and
// inclusive: all of them without a band.
func (z *zhao) region(i int32) (lo, hi int32) {
	if !z.band {
		return 1, z.nCols
	}
	return max(1, i+z.loOff), min(z.nCols, i+z.hiOff)
}

// cell is one column of the matrix as the rows pass: at the start of row
// i, d1 is D[i-1][j] (R1 in rapidfuzz) and d2 is D[i-2][j] (the R that row
// i overwrites), fr is FR[j], the value saved at the column's last match,
// and b is the column's symbol. Keeping the four together leaves one base
// pointer in the inner loop and one cache line per four columns.
type cell struct{ d1, d2, fr, b int32 }

// half is the part of the matrix in columns lo..lo+len(cells)-3 (1-based).
// Its cells are indexed by slot = column - lo + 2: slots 0 and 1 hold the
// two columns to the left of the half (for the first half, the sentinel
// column -1 and column 0).
type half struct {
	cells   []cell
	lo      int32
	lastRow []int32 // per symbol, the last row of a holding it; -1 if none
	count   []int32 // per symbol, how many columns of the half hold it
}

// newHalf returns the half of columns lo..lo+len(b)-1 holding row 0.
func (z *zhao) newHalf(b []int32, lo int) *half {
	h := &half{cells: make([]cell, len(b)+2), lo: int32(lo)}
	for s := range h.cells {
		h.cells[s] = cell{d1: int32(lo - 2 + s), d2: z.maxVal, fr: z.maxVal} // row 0: D[0][j] = j
	}
	h.count = make([]int32, z.sigma+1)
	for j, c := range b {
		h.cells[j+2].b = c
		h.count[c]++
	}
	if lo == 1 {
		h.cells[0].d1 = z.maxVal // column -1
	}
	// Past row 0's region a column's first value is read as the row
	// above the one it enters at: unknown, so maxVal.
	_, hi0 := z.region(0)
	for s := max(2, int(hi0)-lo+3); s < len(h.cells); s++ {
		h.cells[s].d1 = z.maxVal
	}
	h.lastRow = make([]int32, z.sigma+1)
	for c := range h.lastRow {
		h.lastRow[c] = -1
	}
	return h
}

// last returns the half's value at its last column in the last row
// computed.
func (h *half) last() int32 { return h.cells[len(h.cells)-1].d1 }

// rowLeft computes row i of the first half (columns from 1).
func (h *half) rowLeft(z *zhao, i int32) (lastCol, t int32) {
	return h.row(z, i, z.maxVal, i, -1, z.maxVal)
}

// rowRight computes row i of a half that starts past column 1, given row
// i's two values left of it (columns lo-2 and lo-1) and the last matching
// column and T carried across from the row's left part.
func (h *half) rowRight(z *zhao, i int32, b0, b1, lastCol, t int32) {
	h.row(z, i, b0, b1, lastCol, t)
}

// row computes the half's part of row i, whose values at the two columns
// left of the half are b0 and b1. lastCol is the last column of the row so
// far where b matched a[i-1] (-1 if none) and t is T, the value at row i-2
// and the column before that match. It returns lastCol and t at the end
// of the half, and records row i as the last row of a[i-1].
//
// The loop is rapidfuzz's: with k the last row before i holding b[j-1]
// and l = lastCol,
//
//	D[i][j] = min(D[i-1][j-1] + cost, D[i][j-1] + 1, D[i-1][j] + 1,
//	              FR[j] + i - k       when j - l = 1 (b[j-2..j-1] transposed),
//	              T + j - l           when i - k = 1 (a[i-2..i-1] transposed))
//
// where FR[j] is D[k-1][j-2], saved when row k matched column j, and T is
// D[i-2][l-1], saved when column l matched. k is i-1 exactly when
// b[j-1] == a[i-2], which the loop tests instead of looking k up.
func (h *half) row(z *zhao, i, b0, b1, lastCol, t int32) (int32, int32) {
	ai := z.a[i-1]
	aPrev := int32(-1)
	if i >= 2 {
		aPrev = z.a[i-2]
	}
	// The row's part in this half: slots from..to-1.
	colLo, colHi := z.region(i)
	from := max(2, colLo-h.lo+2)
	to := min(int32(len(h.cells)), colHi-h.lo+3)
	// The two columns left of the half move down a row, for the rows to
	// come, once the part's first cell has read the values above its
	// left neighbour.
	var x1 cell
	if from < to {
		x1 = h.cells[from-1]
	}
	c0, c1 := &h.cells[0], &h.cells[1]
	c0.d2, c0.d1 = c0.d1, b0
	c1.d2, c1.d1 = c1.d1, b1
	if from >= to { // nothing of the row here
		h.lastRow[ai] = i
		return lastCol, t
	}
	left := z.maxVal
	if from == 2 {
		left = b1
	}
	st := rowState{i: i, ai: ai, aPrev: aPrev, t: t, l: lastCol - h.lo + 2 - (from - 2), i2l1: x1.d2, up1: x1.d1, left: left}
	// The columns of the half left of the part (up to two, the part's
	// left border) move down too, with maxVal: outside the region.
	for s := max(2, from-2); s < from; s++ {
		c := &h.cells[s]
		c.d2, c.d1 = c.d1, z.maxVal
	}
	cells := h.cells[from-2 : to]
	// In most rows most cells are neither a match nor a transposition's
	// far end, and scanMixed takes those in a tight loop. When a third of
	// the row or more are such cells (a small alphabet), switching loops
	// at each costs more than it saves, and scanDense takes every cell
	// alike.
	if 3*(h.count[ai]+h.count[max(aPrev, 0)]) >= int32(len(h.cells)) {
		scanDense(cells, h.lastRow, &st)
	} else {
		scanMixed(cells, h.lastRow, &st)
	}
	h.lastRow[ai] = i
	return st.l + h.lo - 2 + (from - 2), st.t
}

// value returns the half's value at column col (1-based) in row i, the
// last row computed: maxVal when the column is outside row i's region.
func (h *half) value(z *zhao, i, col int32) int32 {
	if lo, hi := z.region(i); col < lo || col > hi {
		return z.maxVal
	}
	return h.cells[col-h.lo+2].d1
}

// rowState is what a row's scan carries from cell to cell: the row, its
// symbol and the one before; T and the last matching slot l; and, at the
// cell to come, D[i-2][j-1] (i2l1), D[i-1][j-1] (up1) and D[i][j-1]
// (left). Only t and l leave the scan.
type rowState struct {
	i, ai, aPrev, t, l, i2l1, up1, left int32
}

// scanMixed computes the row's cells, the plain ones in a tight loop and
// the others (matches, transposition ends, the cell after a match) in a
// second.
func scanMixed(cells []cell, lastRow []int32, st *rowState) {
	i, ai, aPrev, t, l := st.i, st.ai, st.aPrev, st.t, st.l
	i2l1, up1, left := st.i2l1, st.up1, st.left
	n := len(cells)
	for s := 2; s < n; {
		// The tight loop takes no cell right after a match (j - l = 1):
		// the second loop goes on past each match, and the first cell of
		// a right half is one when the row's left part ended on a match.
		if int32(s) != l+1 {
			for ; s < n; s++ {
				c := &cells[s]
				bj := c.b
				if bj == ai || bj == aPrev {
					break
				}
				up, old := c.d1, c.d2
				v := min(min(up1, up)+1, left+1) // left last: it is the loop's chain
				c.d2, c.d1 = up, v
				i2l1, left, up1 = old, v, up
			}
		}
		for s < n {
			c := &cells[s]
			up, old, bj := c.d1, c.d2, c.b
			var v int32
			match := bj == ai
			if match {
				v = min(min(up1, up+1), left+1)
				l = int32(s)
				c.fr = cells[s-2].d2 // D[i-1][j-2]: slot s-2 has moved down already
				t = i2l1
			} else {
				v = min(min(up1, up)+1, left+1)
				if int32(s)-l == 1 {
					v = min(v, c.fr+i-lastRow[bj])
				} else if bj == aPrev {
					v = min(v, t+int32(s)-l)
				}
			}
			c.d2, c.d1 = up, v
			i2l1, left, up1 = old, v, up
			s++
			if !match {
				break
			}
		}
	}
	st.t, st.l = t, l
}

// scanDense computes the row's cells in one loop, as scanMixed's second.
func scanDense(cells []cell, lastRow []int32, st *rowState) {
	i, ai, aPrev, t, l := st.i, st.ai, st.aPrev, st.t, st.l
	i2l1, up1, left := st.i2l1, st.up1, st.left
	for s := 2; s < len(cells); s++ {
		c := &cells[s]
		up, old, bj := c.d1, c.d2, c.b
		var v int32
		if bj == ai {
			v = min(min(up1, up+1), left+1)
			l = int32(s)
			c.fr = cells[s-2].d2
			t = i2l1
		} else {
			v = min(min(up1, up)+1, left+1)
			if int32(s)-l == 1 {
				v = min(v, c.fr+i-lastRow[bj])
			} else if bj == aPrev {
				v = min(v, t+int32(s)-l)
			}
		}
		c.d2, c.d1 = up, v
		i2l1, left, up1 = old, v, up
	}
	st.t, st.l = t, l
}

// border is what the left half hands the right one for a row: its last two
// values, and lastCol and T at its end.
type border struct{ b0, b1, lastCol, t int32 }

// split computes the distance with the columns in two halves, one per
// goroutine: the left half records each row's border and announces every
// batch of rows it finishes; the right half follows.
func (z *zhao) split(ctx context.Context, b []int32) (int, error) {
	m := len(z.a)
	mid := len(b) / 2
	left := z.newHalf(b[:mid], 1)
	right := z.newHalf(b[mid:], mid+1)
	borders := make([]border, m+1)
	every := rowsPerCheck(len(b))
	ready := make(chan int32, m/int(every)+2)
	stop := make(chan struct{})
	leftErr := make(chan error, 1)
	go func() {
		defer close(ready)
		for i := int32(1); i <= int32(m); i++ {
			lastCol, t := left.rowLeft(z, i)
			borders[i] = border{left.value(z, i, int32(mid)-1), left.value(z, i, int32(mid)), lastCol, t}
			if i%every == 0 || i == int32(m) {
				select {
				case <-stop:
					return
				case <-ctx.Done():
					leftErr <- ctx.Err()
					return
				case ready <- i:
				}
			}
		}
	}()
	defer close(stop)
	done := int32(0)
	for i := int32(1); i <= int32(m); i++ {
		for i > done {
			next, ok := <-ready
			if !ok {
				return 0, <-leftErr
			}
			done = next
			if ctx.Err() != nil {
				return 0, ctx.Err()
			}
		}
		bd := &borders[i]
		right.rowRight(z, i, bd.b0, bd.b1, bd.lastCol, bd.t)
	}
	return int(right.last()), nil
}
