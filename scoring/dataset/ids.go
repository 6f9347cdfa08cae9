package dataset

import "hash/maphash"

// idSet finds duplicate reference ids. It keeps a hash of each id, not the
// id (which the case's figures already hold): 16 bytes a case.
type idSet struct {
	hash  func(string) uint64
	first map[uint64]idFirst
	more  map[string][2]int32 // ids whose hash an earlier, other id has
}

// idFirst is the first case of an id's hash, and where its id is.
type idFirst struct{ k, line, col int32 }

func newIDSet(n int) *idSet {
	seed := maphash.MakeSeed()
	return &idSet{hash: func(s string) uint64 { return maphash.String(seed, s) }, first: make(map[uint64]idFirst, n)}
}

// add notes that case k (whose figures are cases[k]) has id, at line and
// column at; if an earlier case has it, add returns where.
func (s *idSet) add(id string, k int, at [2]int32, cases []CaseFigures) (prev [2]int32, dup bool) {
	h := s.hash(id)
	f, ok := s.first[h]
	switch {
	case !ok:
		s.first[h] = idFirst{k: int32(k), line: at[0], col: at[1]}
		return prev, false
	case cases[f.k].ID == id:
		return [2]int32{f.line, f.col}, true
	}
	if p, ok := s.more[id]; ok {
		return p, true
	}
	if s.more == nil {
		s.more = make(map[string][2]int32)
	}
	s.more[id] = at
	return prev, false
}
