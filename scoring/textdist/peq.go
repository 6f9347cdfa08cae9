package textdist

// symbol is the element type of the sequences the distance kernels work on:
// bytes for ASCII strings, runes (code points) otherwise.
type symbol interface{ byte | rune }

// peqEntry is one non-zero 64-bit word of a sparse match vector.
type peqEntry struct {
	bits  uint64
	block int32
}

// denseBudget bounds, in 64-bit words, the dense rows given to wide runes;
// past it they are stored sparsely. Tests lower it to cover sparse storage.
var denseBudget = 1 << 17

// peqTable is the pattern-match table ("Peq") of the bit-parallel algorithm:
// for every symbol c and every 64-bit block k of the pattern, the word whose
// bit i is set when pattern[64k+i] == c.
//
// A pattern of one word indexes its words directly by rune for runes below
// 256. Longer patterns give each distinct symbol a dense row of ⌈m/64⌉
// words, allocated on first sight, with row 0 all zeros for symbols absent
// from the pattern. Other runes ("wide": 256 and up, or negative) are
// interned through an open-addressing hash table sized from the pattern.
// When the dense rows of the wide runes would exceed denseBudget words (a
// long pattern over a large alphabet), each wide rune keeps instead the
// list of its non-zero words, which the kernel scatters into a zeroed
// column buffer when the rune occurs in the text (see match). Memory is
// thus O(m) for any alphabet, and nothing is a Go map.
//
// The table is reusable: build clears only what it is about to use.
type peqTable struct {
	words int         // 64-bit blocks per pattern
	tiny  [256]uint64 // the match word of each rune < 256 when words == 1
	dense []uint64    // dense rows, rows×words, when words > 1
	small [256]int32  // the dense row of each rune < 256, 0 when absent
	seen  [256]uint8  // the runes < 256 of the pattern, for release
	nseen int

	// Wide runes.
	wide     bool
	sparse   bool // wide runes are stored as entries, not dense rows
	wideBase int  // dense row of wide rune id 0, when !sparse
	mask     uint32
	shift    uint32
	keys     []rune     // slot → rune
	slotID   []int32    // slot → id+1; 0 marks an empty slot
	slotEq   []uint64   // slot → match word, when words == 1
	nids     int32      // distinct wide runes
	posRow   []int32    // pattern position → dense row, or ^id for a wide rune
	start    []int32    // id → first entry; start[id+1] ends it (sparse)
	fill     []int32    // id → entries filled so far (sparse, building only)
	ents     []peqEntry // sparse entries, by id, in block order
}

// hashRune spreads a rune over the table's slots (Fibonacci hashing).
func hashRune(c rune, shift uint32) uint32 {
	return (uint32(c) * 0x9E3779B1) >> shift
}

// grow returns s resliced to n elements, reallocating when its capacity is
// short. The contents are unspecified.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// build fills the table for pattern p, which must not be empty.
func build[E symbol](t *peqTable, p []E) {
	t.release()
	m := len(p)
	words := (m + 63) >> 6
	t.words = words

	nwide := 0
	for _, c := range p {
		if uint32(c) >= 256 {
			nwide++
		}
	}
	t.wide = nwide > 0
	t.sparse = false
	if t.wide {
		size := 8
		for size < 2*nwide {
			size <<= 1
		}
		bitsLen := uint32(0)
		for 1<<bitsLen < size {
			bitsLen++
		}
		t.mask = uint32(size - 1)
		t.shift = 32 - bitsLen
		t.keys = grow(t.keys, size)
		t.slotID = grow(t.slotID, size)
		clear(t.slotID)
		t.nids = 0
	}

	switch {
	case words == 1:
		buildWord(t, p)
	case !t.wide:
		buildDense(t, p)
	default:
		buildWide(t, p)
	}
}

// buildWord fills the table of a pattern of one word.
func buildWord[E symbol](t *peqTable, p []E) {
	if t.wide {
		t.slotEq = grow(t.slotEq, len(t.slotID))
		clear(t.slotEq)
	}
	for i, c := range p {
		bit := uint64(1) << uint(i)
		if uint32(c) < 256 {
			if t.tiny[uint8(c)] == 0 {
				t.see(uint8(c))
			}
			t.tiny[uint8(c)] |= bit
			continue
		}
		t.slotEq[t.intern(rune(c))] |= bit
	}
}

// buildDense fills the table of a pattern of runes below 256 only.
func buildDense[E symbol](t *peqTable, p []E) {
	words := t.words
	t.dense = grow(t.dense, (1+min(256, len(p)))*words)
	clear(t.dense[:words])
	rows := int32(1)
	for i, c := range p {
		r := t.small[uint8(c)]
		if r == 0 {
			r = rows
			rows++
			t.small[uint8(c)] = r
			t.see(uint8(c))
			clear(t.dense[int(r)*words : int(r)*words+words])
		}
		t.dense[int(r)*words+i>>6] |= 1 << (uint(i) & 63)
	}
}

// buildWide fills the table of a pattern of several words with wide runes.
func buildWide[E symbol](t *peqTable, p []E) {
	words := t.words
	// Pass 1: number the symbols, runes < 256 by dense row from 1 and
	// wide runes by id from 0.
	t.posRow = grow(t.posRow, len(p))
	rows := int32(1)
	for i, c := range p {
		if uint32(c) < 256 {
			r := t.small[uint8(c)]
			if r == 0 {
				r = rows
				rows++
				t.small[uint8(c)] = r
				t.see(uint8(c))
			}
			t.posRow[i] = r
			continue
		}
		id := t.slotID[t.intern(rune(c))] - 1
		t.posRow[i] = ^id
	}
	nids := int(t.nids)
	t.sparse = nids*words > denseBudget
	t.wideBase = int(rows)
	n := int(rows) * words
	if !t.sparse {
		n += nids * words
	}
	t.dense = grow(t.dense, n)
	clear(t.dense)
	if !t.sparse {
		for i, r := range t.posRow {
			if r < 0 {
				r = int32(t.wideBase) + ^r
			}
			t.dense[int(r)*words+i>>6] |= 1 << (uint(i) & 63)
		}
		return
	}

	// Sparse wide runes: count each id's distinct blocks, turn the counts
	// into start offsets, then fill the entries in block order.
	t.start = grow(t.start, nids+1)
	clear(t.start)
	t.fill = grow(t.fill, nids)
	clear(t.fill) // here: last block seen + 1
	for i, r := range t.posRow {
		if r >= 0 {
			t.dense[int(r)*words+i>>6] |= 1 << (uint(i) & 63)
			continue
		}
		id := ^r
		if blk := int32(i>>6) + 1; t.fill[id] != blk {
			t.fill[id] = blk
			t.start[id+1]++
		}
	}
	for id := 0; id < nids; id++ {
		t.start[id+1] += t.start[id]
	}
	t.ents = grow(t.ents, int(t.start[nids]))
	clear(t.fill) // now: entries filled so far
	for i, r := range t.posRow {
		if r >= 0 {
			continue
		}
		id := ^r
		blk := int32(i >> 6)
		at := t.start[id] + t.fill[id]
		if t.fill[id] == 0 || t.ents[at-1].block != blk {
			t.ents[at] = peqEntry{block: blk}
			t.fill[id]++
			at++
		}
		t.ents[at-1].bits |= 1 << (uint(i) & 63)
	}
}

// see records that rune c < 256 has a row or word, for release.
func (t *peqTable) see(c uint8) {
	t.seen[t.nseen] = c
	t.nseen++
}

// intern returns the slot of wide rune c, giving it the next id on first
// sight.
func (t *peqTable) intern(c rune) uint32 {
	h := hashRune(c, t.shift)
	for {
		v := t.slotID[h]
		if v == 0 {
			t.nids++
			t.keys[h] = c
			t.slotID[h] = t.nids
			return h
		}
		if t.keys[h] == c {
			return h
		}
		h = (h + 1) & t.mask
	}
}

// slot returns the slot of wide rune c, or -1 when the pattern does not
// contain it.
func (t *peqTable) slot(c rune) int {
	if !t.wide {
		return -1
	}
	h := hashRune(c, t.shift)
	for {
		h &= t.mask
		if t.slotID[h] == 0 {
			return -1
		}
		if t.keys[h] == c {
			return int(h)
		}
		h++
	}
}

// eqWide returns the match word of wide rune c for a one-word pattern.
func (t *peqTable) eqWide(c rune) uint64 {
	if h := t.slot(c); h >= 0 {
		return t.slotEq[h]
	}
	return 0
}

// row returns the dense row of symbol c < 256 (row 0, all zeros, when
// absent) of a pattern of several words.
func (t *peqTable) row(c uint8) []uint64 {
	r := int(t.small[c]) * t.words
	return t.dense[r : r+t.words]
}

// wideRow returns, for a pattern of several words, the dense row of wide
// rune c, or else its sparse entries; both are empty when the pattern does
// not contain c.
func (t *peqTable) wideRow(c rune) ([]uint64, []peqEntry) {
	h := t.slot(c)
	if h < 0 {
		return t.dense[:t.words], nil
	}
	id := int(t.slotID[h] - 1)
	if !t.sparse {
		r := (t.wideBase + id) * t.words
		return t.dense[r : r+t.words], nil
	}
	return nil, t.ents[t.start[id]:t.start[id+1]]
}

// release resets the index of runes below 256 left by the previous pattern.
func (t *peqTable) release() {
	for _, c := range t.seen[:t.nseen] {
		t.small[c] = 0
		t.tiny[c] = 0
	}
	t.nseen = 0
}
