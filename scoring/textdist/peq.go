package textdist

// symbol is the element type of the sequences the distance kernels work on:
// bytes for ASCII strings, runes (code points) otherwise.
type symbol interface{ byte | rune }

// peqEntry is one non-zero 64-bit word of a wide rune's match vector.
type peqEntry struct {
	bits  uint64
	block int32
}

// peqTable is the pattern-match table ("Peq") of the bit-parallel algorithm:
// for every symbol c and every 64-bit block k of the pattern, the word whose
// bit i is set when pattern[64k+i] == c.
//
// Runes below 256 get dense rows, allocated on first sight (row 0 is the
// all-zero row for symbols absent from the pattern), so memory is at most
// 257 rows of ⌈m/64⌉ words. Other runes are interned through a small
// open-addressing hash table sized from the pattern and stored sparsely, as
// the list of their non-zero blocks; the kernel scatters that list into a
// zeroed column buffer when such a rune occurs in the text (see match).
// Memory is thus O(m) for any alphabet, and nothing is a Go map.
//
// The table is reusable: build clears only what it is about to use.
type peqTable struct {
	words int      // 64-bit blocks per pattern
	dense []uint64 // dense rows, rows×words
	small [256]int32
	seen  [256]uint8 // the runes < 256 given a row, for release
	nseen int

	// Wide runes (>= 256, or negative).
	wide    bool
	mask    uint32
	shift   uint32
	keys    []rune  // slot → rune
	slotID  []int32 // slot → id+1; 0 marks an empty slot
	nids    int32   // distinct wide runes
	posID   []int32 // pattern position → id, for wide positions
	lastBlk []int32 // id → last block seen + 1, then fill cursor (building only)
	start   []int32 // id → first entry; start[id+1] ends it
	ents    []peqEntry
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

	// Dense rows for runes < 256: at most min(256, m-nwide) rows plus row 0.
	maxRows := 1 + min(256, m-nwide)
	t.dense = grow(t.dense, maxRows*words)
	clear(t.dense[:words])
	rows := int32(1)

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
		t.posID = grow(t.posID, m)
		t.nids = 0
		t.lastBlk = grow(t.lastBlk, nwide)
		clear(t.lastBlk)
		t.start = grow(t.start, nwide+1)
		clear(t.start)
	}

	// Pass 1: dense rows; intern wide runes and count their distinct blocks.
	for i, c := range p {
		bit := uint64(1) << (uint(i) & 63)
		if uint32(c) < 256 {
			r := t.small[uint8(c)]
			if r == 0 {
				r = rows
				rows++
				t.small[uint8(c)] = r
				t.seen[t.nseen] = uint8(c)
				t.nseen++
				clear(t.dense[int(r)*words : int(r)*words+words])
			}
			t.dense[int(r)*words+i>>6] |= bit
			continue
		}
		id := t.intern(rune(c))
		t.posID[i] = id
		if blk := int32(i>>6) + 1; t.lastBlk[id] != blk {
			t.lastBlk[id] = blk
			t.start[id+1]++
		}
	}
	if !t.wide {
		return
	}

	// Prefix sums turn the counts into start offsets.
	nids := int(t.nids)
	for id := 0; id < nids; id++ {
		t.start[id+1] += t.start[id]
	}
	t.ents = grow(t.ents, int(t.start[nids]))

	// Pass 2: fill each wide rune's entries, in increasing block order.
	// lastBlk is reused as the fill cursor: entries filled so far.
	clear(t.lastBlk[:nids])
	for i, c := range p {
		if uint32(c) < 256 {
			continue
		}
		id := t.posID[i]
		blk := int32(i >> 6)
		base := t.start[id]
		n := t.lastBlk[id]
		if n == 0 || t.ents[base+n-1].block != blk {
			t.ents[base+n] = peqEntry{block: blk}
			n++
			t.lastBlk[id] = n
		}
		t.ents[base+n-1].bits |= uint64(1) << (uint(i) & 63)
	}
}

// intern returns the id of wide rune c, assigning the next id on first sight.
func (t *peqTable) intern(c rune) int32 {
	h := hashRune(c, t.shift)
	for {
		v := t.slotID[h]
		if v == 0 {
			id := t.nids
			t.nids++
			t.keys[h] = c
			t.slotID[h] = id + 1
			return id
		}
		if t.keys[h] == c {
			return v - 1
		}
		h = (h + 1) & t.mask
	}
}

// lookupWide returns the entries of wide rune c, or nil when the pattern
// does not contain it.
func (t *peqTable) lookupWide(c rune) []peqEntry {
	if !t.wide {
		return nil
	}
	h := hashRune(c, t.shift)
	for {
		v := t.slotID[h&t.mask]
		if v == 0 {
			return nil
		}
		if t.keys[h&t.mask] == c {
			return t.ents[t.start[v-1]:t.start[v]]
		}
		h++
	}
}

// row returns the dense row of symbol c < 256 (row 0, all zeros, when absent).
func (t *peqTable) row(c uint8) []uint64 {
	r := int(t.small[c]) * t.words
	return t.dense[r : r+t.words]
}

// release resets the dense index left by the previous pattern.
func (t *peqTable) release() {
	for _, c := range t.seen[:t.nseen] {
		t.small[c] = 0
	}
	t.nseen = 0
}
