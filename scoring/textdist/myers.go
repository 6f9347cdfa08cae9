package textdist

// This file holds the bit-parallel kernels: Myers (1999), "A fast
// bit-vector algorithm for approximate string matching based on dynamic
// programming", in the formulation of Hyyrö (2003), "A bit-vector algorithm
// for computing Levenshtein and Damerau edit distances", adapted to the
// global (not the search) distance: the top row of the DP matrix is 0, 1,
// 2, …, so every column starts with a horizontal delta of +1.
//
// Column j of the matrix is kept as two bit vectors, VP and VN, of its
// vertical deltas (+1 and -1) down the pattern; D[m][j] is tracked through
// the horizontal delta of the pattern's last row. The block variant splits
// the vectors into 64-bit words and carries the horizontal delta at each
// word's last row into the next word (Myers' hout/hin); band.go restricts
// it to the blocks an optimal path can cross.

// vec is one 64-bit block of a column's vertical delta vectors.
type vec struct {
	vp, vn uint64
}

// kernel64 returns the distance between a pattern of 0 < m <= 64 symbols,
// whose Peq table is built into pt, and text t.
func kernel64[E symbol](pt *peqTable, m int, t []E) int {
	_, _, dist := kernel64From(pt, m, t, ^uint64(0), 0, m)
	return dist
}

// kernel64From continues kernel64 over text t from the column state vp, vn
// and distance dist, and returns the state after t.
func kernel64From[E symbol](pt *peqTable, m int, t []E, vp, vn uint64, dist int) (uint64, uint64, int) {
	tiny := &pt.tiny
	last := uint(m-1) & 63
	for _, c := range t {
		var eq uint64
		if uint32(c) < 256 {
			eq = tiny[uint8(c)]
		} else {
			eq = pt.eqWide(rune(c))
		}
		x := eq | vn
		d0 := (((x & vp) + vp) ^ vp) | x
		hp := vn | ^(d0 | vp)
		hn := d0 & vp
		dist += int(hp>>last&1) - int(hn>>last&1)
		hp = hp<<1 | 1
		hn <<= 1
		vp = hn | ^(d0 | hp)
		vn = hp & d0
	}
	return vp, vn, dist
}

// match returns the match words of text symbol c, of which blocks f to l
// are used: a dense row, or, for a wide rune stored sparsely, col with the
// rune's entries for those blocks scattered into it (returned too, so the
// caller can unscatter them).
func match[E symbol](pt *peqTable, c E, col []uint64, f, l int) ([]uint64, []peqEntry) {
	if uint32(c) < 256 {
		return pt.row(uint8(c)), nil
	}
	row, ents := pt.wideRow(rune(c))
	if row != nil {
		return row, nil
	}
	// The entries are in block order: keep those in [f, l].
	lo, hi := 0, len(ents)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if int(ents[mid].block) < f {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	ents = ents[lo:]
	for hi = 0; hi < len(ents) && int(ents[hi].block) <= l; hi++ {
		col[ents[hi].block] = ents[hi].bits
	}
	return col, ents[:hi]
}

// unscatter zeroes the words of col that match set from ents.
func unscatter(col []uint64, ents []peqEntry) {
	for _, e := range ents {
		col[e.block] = 0
	}
}

// advance moves the column one text symbol to the right, given that
// symbol's match words eq, and returns the horizontal delta (-1, 0 or +1)
// at pattern row m, whose bit in the last word is last.
func advance(vecs []vec, eq []uint64, last uint) int {
	n := len(vecs) - 1
	eq = eq[:n+1]
	hpIn, hnIn := uint64(1), uint64(0)
	for k := 0; k < n; k++ {
		v := &vecs[k]
		vp, vn := v.vp, v.vn
		x := eq[k] | hnIn
		d0 := (((x & vp) + vp) ^ vp) | x | vn
		hp := vn | ^(d0 | vp)
		hn := d0 & vp
		hpOut, hnOut := hp>>63, hn>>63
		hp = hp<<1 | hpIn
		hn = hn<<1 | hnIn
		hpIn, hnIn = hpOut, hnOut
		v.vp = hn | ^(d0 | hp)
		v.vn = hp & d0
	}
	// The last word: bits above the pattern's end only influence higher
	// bits, so they are computed as garbage and ignored.
	v := &vecs[n]
	vp, vn := v.vp, v.vn
	x := eq[n] | hnIn
	d0 := (((x & vp) + vp) ^ vp) | x | vn
	hp := vn | ^(d0 | vp)
	hn := d0 & vp
	delta := int(hp>>last&1) - int(hn>>last&1)
	hp = hp<<1 | hpIn
	hn = hn<<1 | hnIn
	v.vp = hn | ^(d0 | hp)
	v.vn = hp & d0
	return delta
}

// advance2 moves the column two text symbols to the right, given their
// match words eq1 and eq2, and returns the two horizontal deltas at pattern
// row m. It computes block k of the second column right after block k of
// the first, so the two carry chains overlap in the CPU.
func advance2(vecs []vec, eq1, eq2 []uint64, last uint) (int, int) {
	n := len(vecs) - 1
	eq1 = eq1[:n+1]
	eq2 = eq2[:n+1]
	hpA, hnA := uint64(1), uint64(0)
	hpB, hnB := uint64(1), uint64(0)
	for k := 0; k < n; k++ {
		v := &vecs[k]
		vp, vn := v.vp, v.vn

		x := eq1[k] | hnA
		d0 := (((x & vp) + vp) ^ vp) | x | vn
		hp := vn | ^(d0 | vp)
		hn := d0 & vp
		hpOut, hnOut := hp>>63, hn>>63
		hp = hp<<1 | hpA
		hn = hn<<1 | hnA
		hpA, hnA = hpOut, hnOut
		vp = hn | ^(d0 | hp)
		vn = hp & d0

		x = eq2[k] | hnB
		d0 = (((x & vp) + vp) ^ vp) | x | vn
		hp = vn | ^(d0 | vp)
		hn = d0 & vp
		hpOut, hnOut = hp>>63, hn>>63
		hp = hp<<1 | hpB
		hn = hn<<1 | hnB
		hpB, hnB = hpOut, hnOut
		v.vp = hn | ^(d0 | hp)
		v.vn = hp & d0
	}
	v := &vecs[n]
	vp, vn := v.vp, v.vn

	x := eq1[n] | hnA
	d0 := (((x & vp) + vp) ^ vp) | x | vn
	hp := vn | ^(d0 | vp)
	hn := d0 & vp
	delta1 := int(hp>>last&1) - int(hn>>last&1)
	hp = hp<<1 | hpA
	hn = hn<<1 | hnA
	vp = hn | ^(d0 | hp)
	vn = hp & d0

	x = eq2[n] | hnB
	d0 = (((x & vp) + vp) ^ vp) | x | vn
	hp = vn | ^(d0 | vp)
	hn = d0 & vp
	delta2 := int(hp>>last&1) - int(hn>>last&1)
	hp = hp<<1 | hpB
	hn = hn<<1 | hnB
	v.vp = hn | ^(d0 | hp)
	v.vn = hp & d0
	return delta1, delta2
}
