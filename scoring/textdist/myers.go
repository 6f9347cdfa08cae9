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
// the vectors into 64-bit words and carries the horizontal deltas of each
// word's top row into the next word (Myers' hin/hout).

// vec is one 64-bit block of a column's vertical delta vectors.
type vec struct {
	vp, vn uint64
}

// kernel returns the Levenshtein distance between a pattern of m > 0
// symbols, whose Peq table has been built into s, and text t.
func kernel[E symbol](s *scratch, m int, t []E) int {
	if m <= 64 {
		return kernel64(&s.peq, m, t)
	}
	return kernelBlock(s, m, t)
}

// kernel64 is the single-word case, m <= 64.
func kernel64[E symbol](pt *peqTable, m int, t []E) int {
	dense := pt.dense
	last := uint(m-1) & 63
	vp, vn := ^uint64(0), uint64(0)
	dist := m
	for _, c := range t {
		var eq uint64
		if uint32(c) < 256 {
			eq = dense[pt.small[uint8(c)]]
		} else if e := pt.lookupWide(rune(c)); len(e) != 0 {
			eq = e[0].bits
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
	return dist
}

// kernelBlock is the multi-word case, m > 64.
func kernelBlock[E symbol](s *scratch, m int, t []E) int {
	pt := &s.peq
	words := pt.words
	s.vecs = grow(s.vecs, words)
	vecs := s.vecs
	for k := range vecs {
		vecs[k] = vec{vp: ^uint64(0)}
	}
	if pt.wide {
		s.colA = grow(s.colA, words)
		s.colB = grow(s.colB, words)
		clear(s.colA)
		clear(s.colB)
	}
	colA, colB := s.colA, s.colB
	last := uint(m-1) & 63
	dist := m
	// Text symbols are taken two at a time, which lets the CPU overlap the
	// two columns' carry chains.
	i := 0
	for ; i+1 < len(t); i += 2 {
		eq1, e1 := match(pt, t[i], colA)
		eq2, e2 := match(pt, t[i+1], colB)
		dist += advance2(vecs, eq1, eq2, last)
		unscatter(colA, e1)
		unscatter(colB, e2)
	}
	if i < len(t) {
		eq, e := match(pt, t[i], colA)
		dist += advance(vecs, eq, last)
		unscatter(colA, e)
	}
	return dist
}

// match returns the match words of text symbol c: its dense row, or, for a
// wide rune the pattern holds, col with the rune's entries scattered into
// it (returned too, so the caller can unscatter them).
func match[E symbol](pt *peqTable, c E, col []uint64) ([]uint64, []peqEntry) {
	if uint32(c) < 256 {
		return pt.row(uint8(c)), nil
	}
	ents := pt.lookupWide(rune(c))
	if len(ents) == 0 {
		return pt.dense[:pt.words], nil // row 0: no match
	}
	for _, e := range ents {
		col[e.block] = e.bits
	}
	return col, ents
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
// match words eq1 and eq2, and returns the sum of the two horizontal deltas
// at pattern row m. It computes block k of the second column right after
// block k of the first, so the two carry chains overlap in the CPU.
func advance2(vecs []vec, eq1, eq2 []uint64, last uint) int {
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
	delta := int(hp>>last&1) - int(hn>>last&1)
	hp = hp<<1 | hpA
	hn = hn<<1 | hnA
	vp = hn | ^(d0 | hp)
	vn = hp & d0

	x = eq2[n] | hnB
	d0 = (((x & vp) + vp) ^ vp) | x | vn
	hp = vn | ^(d0 | vp)
	hn = d0 & vp
	delta += int(hp>>last&1) - int(hn>>last&1)
	hp = hp<<1 | hpB
	hn = hn<<1 | hnB
	v.vp = hn | ^(d0 | hp)
	v.vn = hp & d0
	return delta
}
