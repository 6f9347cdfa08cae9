package textdist

import (
	"sync"

	"golang.org/x/text/unicode/norm"
)

// scratch is the reusable working memory of one distance computation.
type scratch struct {
	peq   peqTable
	vecs  []vec
	colA  []uint64 // zeroed columns the entries of wide runes are scattered into
	colB  []uint64
	ba    []byte    // the first string, when both are ASCII
	bb    []byte    // the second string, when both are ASCII
	ra    []rune    // decoded code points of the first string
	rb    []rune    // decoded code points of the second string
	iter  norm.Iter // normalizes strings that are not in NFC already
	valid []byte    // a string's invalid UTF-8 bytes replaced by U+FFFD
}

// maxPooledBytes bounds the memory a pooled scratch may keep: buffers grown
// for unusually long strings are left to the garbage collector instead.
const maxPooledBytes = 8 << 20

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

func getScratch() *scratch { return scratchPool.Get().(*scratch) }

func putScratch(s *scratch) {
	if s.footprint() > maxPooledBytes {
		return
	}
	scratchPool.Put(s)
}

// footprint approximates the bytes held by s's buffers.
func (s *scratch) footprint() int {
	t := &s.peq
	n := 8*cap(t.dense) + 4*cap(t.keys) + 4*cap(t.slotID) + 8*cap(t.slotEq) + 4*cap(t.posRow) +
		4*cap(t.start) + 4*cap(t.fill) + 16*cap(t.ents)
	n += 16*cap(s.vecs) + 8*cap(s.colA) + 8*cap(s.colB) + 4*cap(s.ra) + 4*cap(s.rb) + cap(s.ba) + cap(s.bb) + cap(s.valid)
	return n
}
