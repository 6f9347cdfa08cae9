package dataset

import "runtime/debug"

// rowChunk is the number of rows in a chunk of a rowStore (about 2 MB).
const rowChunk = 1 << 14

// rowStore holds the accumulator's rows, a row a path id, in chunks of
// rowChunk rows: rows added never move, and a run that needs its rows no
// more once their figures are made lets each chunk go as soon as its
// figures are (drop), rather than hold a million paths' rows beside
// their figures.
type rowStore struct {
	chunks [][]pathPart
	n      int
}

// len returns the number of rows.
func (s *rowStore) len() int { return s.n }

// at returns row id, which must be below len.
func (s *rowStore) at(id int32) *pathPart { return &s.chunks[id/rowChunk][id%rowChunk] }

// add adds a row, for path id len.
func (s *rowStore) add() {
	c := s.n / rowChunk
	if c == len(s.chunks) {
		s.chunks = append(s.chunks, make([]pathPart, 0, rowChunk))
	}
	s.chunks[c] = append(s.chunks[c], pathPart{path: int32(s.n)})
	s.n++
}

// clone returns a copy of the rows.
func (s *rowStore) clone() rowStore {
	c := rowStore{chunks: make([][]pathPart, len(s.chunks)), n: s.n}
	for i, ch := range s.chunks {
		c.chunks[i] = append(make([]pathPart, 0, rowChunk), ch...)
	}
	return c
}

// drop lets chunk c go; its rows are not to be read again.
func (s *rowStore) drop(c int) { s.chunks[c] = nil }

// chunksLeft counts, by chunk of a rowStore, the rows whose figures are
// still to be made; when a chunk's are all made, it goes, and every
// dropEvery chunks gone the memory goes back to the system.
type chunksLeft struct {
	left    []int32
	dropped int
}

// dropEvery is how many chunks go between two hand-backs (about 32 MB).
const dropEvery = 16

// rowsLeft returns the count of the rows of order by chunk, when the
// rows are to go as their figures are made (dropRows) and are many;
// nil otherwise.
func (a *accumulator) rowsLeft(order []int32) *chunksLeft {
	if !a.dropRows || len(order) < bigParts {
		return nil
	}
	c := &chunksLeft{left: make([]int32, len(a.paths.chunks))}
	for _, id := range order {
		c.left[id/rowChunk]++
	}
	return c
}

// done notes that row id's figures are made.
func (c *chunksLeft) done(s *rowStore, id int32) {
	k := id / rowChunk
	if c.left[k]--; c.left[k] > 0 {
		return
	}
	s.drop(int(k))
	if c.dropped++; c.dropped%dropEvery == 0 {
		debug.FreeOSMemory()
	}
}
