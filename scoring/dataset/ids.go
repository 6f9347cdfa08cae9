package dataset

import "hash/maphash"

// idSet finds duplicate reference ids. It keeps a hash of each id and where
// the id is, not the id itself (the case's figures hold it): an open
// addressing table of 16 bytes a slot, kept under three quarters full.
type idSet struct {
	hash  func(string) uint64
	slots []idSlot
	n     int
}

// idSlot is the first case of an id's hash, and where its id is; k is the
// case's index + 1 (0: a free slot), tag the hash's high bits.
type idSlot struct {
	tag, k, line, col int32
}

func newIDSet(n int) *idSet {
	size := 16
	for size*3 < n*4 {
		size *= 2
	}
	seed := maphash.MakeSeed()
	return &idSet{hash: func(s string) uint64 { return maphash.String(seed, s) }, slots: make([]idSlot, size)}
}

// add notes that case k (whose figures are cases[k]) has id, at line and
// column at; if an earlier case has it, add returns where.
func (s *idSet) add(id string, k int, at [2]int32, cases []CaseFigures) (prev [2]int32, dup bool) {
	if (s.n+1)*4 > len(s.slots)*3 {
		s.grow(cases)
	}
	h := s.hash(id)
	tag := int32(h >> 32)
	mask := uint64(len(s.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		sl := &s.slots[i]
		switch {
		case sl.k == 0:
			*sl = idSlot{tag: tag, k: int32(k + 1), line: at[0], col: at[1]}
			s.n++
			return prev, false
		case sl.tag == tag && cases[sl.k-1].ID == id:
			return [2]int32{sl.line, sl.col}, true
		}
	}
}

// grow doubles the table, the ids hashed again from the cases.
func (s *idSet) grow(cases []CaseFigures) {
	old := s.slots
	s.slots = make([]idSlot, 2*len(old))
	mask := uint64(len(s.slots) - 1)
	for _, sl := range old {
		if sl.k == 0 {
			continue
		}
		i := s.hash(cases[sl.k-1].ID) & mask
		for s.slots[i].k != 0 {
			i = (i + 1) & mask
		}
		s.slots[i] = sl
	}
}
