package textdist

import "math/bits"

// kernelBand returns the distance between a pattern of m > 64 symbols,
// whose Peq table is built into s, and a text t with len(t) >= m, given an
// upper bound k on that distance with len(t)-m <= k.
//
// A cell (i, j) of the DP matrix, at pattern row i and text column j, lies
// on an optimal path only if the edits needed to reach it from (0, 0) and to
// go on from it to (m, n) can add up to at most k: with Δ = n-m and the
// diagonal offset δ = j-i, only if |δ| + |Δ-δ| <= k, that is
//
//	j - ⌊(k+Δ)/2⌋ <= i <= j + ⌊(k-Δ)/2⌋.
//
// The kernel therefore only advances the 64-row blocks that meet this band
// (Ukkonen's cut-off, in the block form of Hyyrö 2003). Outside it, values
// are taken as upper bounds: a block entering the band from below starts
// with every vertical delta +1 (a run of deletions), and the block at the
// top of the band gets a horizontal delta of +1 (an insertion) from the row
// above it. Every computed value is then an upper bound on the true one and
// exact along an optimal path, which stays inside the band, so D[m][n] is
// exact. Even with the trivial bound k = n the band leaves out a quarter of
// the matrix for strings of equal length; a close bound makes the work
// proportional to k·n/64.
func kernelBand[E symbol](s *scratch, m int, t []E, k int) int {
	pt := &s.peq
	words := pt.words
	n := len(t)
	above := (k + n - m) / 2 // rows the band reaches above the diagonal
	below := (k - n + m) / 2 // and below it
	s.vecs = grow(s.vecs, words)
	vecs := s.vecs
	if pt.sparse {
		s.colA = grow(s.colA, words)
		s.colB = grow(s.colB, words)
		clear(s.colA)
		clear(s.colB)
	}
	colA, colB := s.colA, s.colB
	lastBit := uint(m-1) & 63

	// l is the last block initialized; score is D at its last row, at the
	// column before the one being computed.
	l, score := -1, 0
	// Text symbols are taken two at a time, which lets the CPU overlap the
	// two columns' carry chains; both columns use the union of their bands.
	// j is the 1-based column of t[j-1].
	for j := 1; j <= n; j += 2 {
		f := firstBlock(j, above)
		hi := lastBlock(min(j+1, n), below, m)
		for l < hi {
			l++
			vecs[l] = vec{vp: ^uint64(0)}
			score += min(64, m-64*l)
		}
		bit := uint(63)
		if l == words-1 {
			bit = lastBit
		}
		eq1, e1 := match(pt, t[j-1], colA, f, l)
		if j == n {
			score += advance(vecs[f:l+1], eq1[f:l+1], bit)
			unscatter(colA, e1)
			break
		}
		eq2, e2 := match(pt, t[j], colB, f, l)
		score += advance2(vecs[f:l+1], eq1[f:l+1], eq2[f:l+1], bit)
		unscatter(colA, e1)
		unscatter(colB, e2)

		// Every 64 columns, look for a closer bound in the column just
		// computed, and narrow the band to it.
		if j&63 == 63 && l-f > 1 {
			if b := tighten(vecs, f, l, score, m, n, j+1, lastBit); b < k {
				k = b
				above, below = (k+n-m)/2, (k-n+m)/2
				if nl := lastBlock(min(j+3, n), below, m); nl < l {
					score = rowScore(vecs, nl, l, score, lastBit)
					l = nl
				}
			}
		}
	}
	return score
}

// tighten returns an upper bound on the distance read off column j, whose
// blocks f to l are in vecs and whose value at the last row of block l is
// score: the least D[i][j] + max(m-i, n-j) over the blocks' last rows i, the
// cost of reaching (i, j) and then going straight on to (m, n). Values in
// the band are costs of real alignments, so this is a valid bound.
func tighten(vecs []vec, f, l, score, m, n, j int, lastBit uint) int {
	d := score
	best := d + max(m-min(64*(l+1), m), n-j)
	for b := l; b > f; b-- {
		d -= delta(vecs[b], b == len(vecs)-1, lastBit)
		best = min(best, d+max(m-64*b, n-j)) // D at row 64b, the end of block b-1
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

// firstBlock returns the block of the band's first row at column j.
func firstBlock(j, above int) int {
	if r := j - above; r > 1 {
		return (r - 1) >> 6
	}
	return 0
}

// lastBlock returns the block of the band's last row at column j.
func lastBlock(j, below, m int) int {
	return (min(j+below, m) - 1) >> 6
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
// distance and narrows kernelBand's band. On dissimilar ones it gives up
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
