package textdist

import (
	"math"
	"math/bits"
	"sort"
)

// band is the part of the DP matrix a kernel computes, for a pattern of M
// symbols (the rows) against a text of N (the columns), M <= N. At text
// column j (1-based) it holds the rows
//
//	j − above <= i <= j + below                   (diagonal)
//	⌊j·M/N⌋ − above <= i <= ⌈j·M/N⌉ + below       (proportional)
//
// A cell (i, j) lies on an optimal path only if the edits needed to reach
// it from (0, 0) and to go on from it to (M, N) can add up to at most the
// distance d: with Δ = N−M and the diagonal offset δ = j−i, only if
// |δ| + |Δ−δ| <= d. The diagonal band of a bound k >= Δ, with
// above = ⌊(k+Δ)/2⌋ and below = ⌊(k−Δ)/2⌋, holds exactly those cells for
// d = k (Ukkonen's cut-off). The proportional band follows the line from
// (0, 0) to (M, N) and serves when the work allowed cannot afford a
// diagonal band as wide as Δ.
//
// Kernels advance only the 64-row blocks that meet the band (the block form
// of Hyyrö 2003). Outside it, values are taken as upper bounds: a block
// entering the band from below starts with every vertical delta +1 (a run
// of deletions), and the block at the top of the band gets a horizontal
// delta of +1 (an insertion) from the row above it. Every computed value is
// then the cost of a real alignment of the prefixes, at most the cost of
// any path that stays in the computed blocks; so the corner value is exact
// when an optimal path stays in the band, and is otherwise an upper bound.
type band struct {
	M, N         int
	above, below int
	prop         bool // proportional, else diagonal
	// k is the bound a diagonal band is cut for. With narrow set, the
	// kernel narrows the band when a column shows a closer bound.
	k      int
	narrow bool
}

// diagonal returns the diagonal band of bound k >= N−M, which the kernel
// narrows as it finds closer bounds.
func diagonal(M, N, k int) band {
	d := N - M
	return band{M: M, N: N, above: (k + d) / 2, below: (k - d) / 2, k: k, narrow: true}
}

// proportional returns the proportional band of half-width hw.
func proportional(M, N, hw int) band {
	return band{M: M, N: N, above: hw, below: hw, prop: true}
}

// lo returns the band's first row at column j (possibly below 1).
func (b *band) lo(j int) int {
	if b.prop {
		return int(int64(j)*int64(b.M)/int64(b.N)) - b.above
	}
	return j - b.above
}

// hi returns the band's last row at column j (possibly past M).
func (b *band) hi(j int) int {
	if b.prop {
		return int((int64(j)*int64(b.M)+int64(b.N)-1)/int64(b.N)) + b.below
	}
	return j + b.below
}

// leave returns a lower bound on the cost of any alignment that leaves
// the band: k+1 for a diagonal band cut for k; for a proportional band of
// half-width hw, a cell outside has |δ| + |Δ−δ| >= max(Δ, 2hw+2−Δ).
func (b *band) leave() int {
	if b.prop {
		d := b.N - b.M
		return max(d, b.above+b.below+2-d)
	}
	return b.k + 1
}

// width returns the most rows the band holds in one column.
func (b *band) width() int {
	if b.prop {
		return b.above + b.below + 3
	}
	return b.above + b.below + 1
}

// blocksPerColumn returns the most 64-row blocks of a pattern of words
// blocks that a kernel advances per text column in a band of width rows
// (two columns are advanced together, over the union of their bands).
func blocksPerColumn(width, words int) int {
	return min(words, (width+1+63)/64+1)
}

// kernelOut is what runBand returns.
type kernelOut struct {
	score int   // D at the last row computed, at the last column
	bound int   // the closest bound narrowing found, math.MaxInt if none
	work  int64 // blocks advanced, one per column each
}

// rowWindow receives D at one row of the matrix for the columns from to
// from+len(vals)-1.
type rowWindow struct {
	from int
	vals []int32
}

// set stores D = v at column j, if j is in the window.
func (w *rowWindow) set(j, v int) {
	if k := j - w.from; uint(k) < uint(len(w.vals)) {
		w.vals[k] = int32(v)
	}
}

// get returns D at column j, or ok false when the window does not hold it.
func (w *rowWindow) get(j int) (v int32, ok bool) {
	if k := j - w.from; uint(k) < uint(len(w.vals)) && w.vals[k] != unsetRow {
		return w.vals[k], true
	}
	return 0, false
}

// unsetRow marks an entry of a rowWindow no kernel set.
const unsetRow = math.MaxInt32

// crossing returns the window of the columns j at which row h lies in the
// band: hi(j) >= h and lo(j) <= h (both are nondecreasing in j).
func (b *band) crossing(h int) rowWindow {
	first := sort.Search(b.N+1, func(j int) bool { return b.hi(j) >= h })
	last := sort.Search(b.N+1, func(j int) bool { return b.lo(j) > h }) - 1
	w := rowWindow{from: first, vals: make([]int32, max(0, last-first+1))}
	for i := range w.vals {
		w.vals[i] = unsetRow
	}
	return w
}

// checkEvery is how many blocks the kernels advance between two looks at
// the cancel channel: about a millisecond of work.
const checkEvery = 1 << 18

// runBand computes rows 1 to h (h > 64, h <= b.M) of the band b for the
// pattern whose Peq table is built into s (those h symbols) against the
// text t, len(t) == b.N, and returns D at row h and column N (meaningful
// when h == b.M). When row is not nil, it also stores D[h][j] in it for
// the columns j of its window that the band reaches at row h; the caller
// fills the other entries. It stops with ErrCanceled once done is closed.
func runBand[E symbol](s *scratch, h int, t []E, b band, row *rowWindow, done <-chan struct{}) (kernelOut, error) {
	pt := &s.peq
	words := pt.words
	n := len(t)
	out := kernelOut{bound: math.MaxInt}
	s.vecs = grow(s.vecs, words)
	vecs := s.vecs
	if pt.sparse {
		s.colA = grow(s.colA, words)
		s.colB = grow(s.colB, words)
		clear(s.colA)
		clear(s.colB)
	}
	colA, colB := s.colA, s.colB
	lastBit := uint(h-1) & 63
	delta := n - b.M
	var checked int64

	// l is the last block initialized; score is D at its last row, at the
	// column before the one being computed.
	l, score := -1, 0
	// Text symbols are taken two at a time, which lets the CPU overlap the
	// two columns' carry chains; both columns use the union of their bands.
	// j is the 1-based column of t[j-1].
	for j := 1; j <= n; j += 2 {
		lo := b.lo(j)
		if lo > h {
			break // the band has left the rows computed
		}
		f := 0
		if lo > 1 {
			f = (lo - 1) >> 6
		}
		for hb := (min(b.hi(min(j+1, n)), h) - 1) >> 6; l < hb; {
			l++
			vecs[l] = vec{vp: ^uint64(0)}
			score += min(64, h-64*l)
		}
		bit := uint(63)
		if l == words-1 {
			bit = lastBit
		}
		eq1, e1 := match(pt, t[j-1], colA, f, l)
		if j == n {
			score += advance(vecs[f:l+1], eq1[f:l+1], bit)
			unscatter(colA, e1)
			out.work += int64(l - f + 1)
			if row != nil && l == words-1 {
				row.set(j, score)
			}
			break
		}
		eq2, e2 := match(pt, t[j], colB, f, l)
		d1, d2 := advance2(vecs[f:l+1], eq1[f:l+1], eq2[f:l+1], bit)
		unscatter(colA, e1)
		unscatter(colB, e2)
		if row != nil && l == words-1 {
			row.set(j, score+d1)
			row.set(j+1, score+d1+d2)
		}
		score += d1 + d2
		out.work += int64(2 * (l - f + 1))

		if j&63 != 63 {
			continue
		}
		if done != nil && out.work-checked >= checkEvery {
			checked = out.work
			select {
			case <-done:
				return out, ErrCanceled
			default:
			}
		}
		// Every 64 columns, look for a closer bound in the column just
		// computed, and narrow the band to it.
		if b.narrow && l-f > 1 {
			if c := tighten(vecs, f, l, score, h, b.M, n, j+1, lastBit); c < b.k {
				b.k = c
				out.bound = c
				b.above, b.below = (c+delta)/2, (c-delta)/2
				if nl := (min(b.hi(min(j+3, n)), h) - 1) >> 6; nl < l {
					score = rowScore(vecs, nl, l, score, lastBit)
					l = nl
				}
			}
		}
	}
	out.score = score
	return out, nil
}

// tighten returns an upper bound on the distance of an M×N problem read
// off column j, whose blocks f to l (of a pattern of h <= M rows) are in
// vecs and whose value at the last row of block l is score: the least
// D[i][j] + max(M-i, N-j) over the blocks' last rows i, the cost of
// reaching (i, j) and then going straight on to (M, N). Values in the band
// are costs of real alignments, so this is a valid bound.
func tighten(vecs []vec, f, l, score, h, M, N, j int, lastBit uint) int {
	d := score
	best := d + max(M-min(64*(l+1), h), N-j)
	for b := l; b > f; b-- {
		d -= delta(vecs[b], b == len(vecs)-1, lastBit)
		best = min(best, d+max(M-64*b, N-j)) // D at row 64b, the end of block b-1
	}
	return best
}

// rowScore returns D at the last row of block nl, given D at the last row
// of block l >= nl, by undoing the vertical deltas of the blocks between.
func rowScore(vecs []vec, nl, l, score int, lastBit uint) int {
	for b := l; b > nl; b-- {
		score -= delta(vecs[b], b == len(vecs)-1, lastBit)
	}
	return score
}

// delta returns the sum of the vertical deltas of block v: D at its last
// row minus D at the row above it. In the pattern's last block only the
// bits up to lastBit are rows.
func delta(v vec, final bool, lastBit uint) int {
	mask := ^uint64(0)
	if final {
		mask >>= 63 - lastBit
	}
	return bits.OnesCount64(v.vp&mask) - bits.OnesCount64(v.vn&mask)
}

// Limits of upperBound's greedy scan: how far ahead it looks for a
// resynchronization and how many equal symbols confirm one.
const (
	resyncWindow = 32
	resyncProbe  = 4
)

// upperBound returns an upper bound on the Levenshtein distance between a
// and b, len(a) <= len(b), at least len(b)-len(a) and at most len(b).
//
// It is the cost of a greedy edit script: walk both strings while they
// agree; at a mismatch, skip the fewest symbols (up to resyncWindow) of
// either string after which resyncProbe symbols agree again, else
// substitute one symbol. On similar strings this comes close to the
// distance and narrows the kernel's band. On dissimilar ones it gives up
// early and returns the trivial bound len(b): once edits outnumber a tenth
// of the symbols scanned (plus some slack), or once it has tried budget
// resynchronizations, which keeps its cost a small fraction of the
// kernel's.
func upperBound[E symbol](a, b []E, budget int) int {
	i, j, cost := 0, 0, 0
	for i < len(a) && j < len(b) {
		if a[i] == b[j] {
			i++
			j++
			continue
		}
		if cost > 64+j/10 || budget <= 0 {
			return len(b)
		}
		skip, inA, tried := resync(a[i:], b[j:])
		budget -= tried
		switch {
		case skip == 0:
			i, j, cost = i+1, j+1, cost+1
		case inA:
			i, cost = i+skip, cost+skip
		default:
			j, cost = j+skip, cost+skip
		}
	}
	return min(cost+len(a)-i+len(b)-j, len(b))
}

// resync returns the least number of symbols, 1 to resyncWindow, to skip
// at the start of a (inA) or of b so that the two then agree on their next
// resyncProbe symbols (or to their ends), or 0 when there is none; and how
// many resynchronizations it tried.
func resync[E symbol](a, b []E) (skip int, inA bool, tried int) {
	for s := 1; s <= resyncWindow; s++ {
		if s <= len(a) && agree(a[s:], b) {
			return s, true, 2*s - 1
		}
		if s <= len(b) && agree(a, b[s:]) {
			return s, false, 2 * s
		}
	}
	return 0, false, 2 * resyncWindow
}

// agree reports whether a and b start with resyncProbe equal symbols, or
// are equal to the end of the shorter when it is shorter than that.
func agree[E symbol](a, b []E) bool {
	n := min(len(a), len(b), resyncProbe)
	if n < resyncProbe && len(a) != len(b) {
		return false
	}
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
