package jsondoc

import (
	"sync"

	"github.com/jsontui/jsontui/internal/bigbuf"
)

// maxReuse is the largest document (in values) whose room is kept for
// the next parses: a large one's is better given back to the system.
const maxReuse = 1 << 16

// docPool keeps released documents, with their value tables; scratchPool
// the parsers' working room.
var docPool, scratchPool sync.Pool

// scratch is a parser's working room, kept from one parse to the next.
type scratch struct {
	stack []frame
	sigs  []uint32
	memo  *sigMemo
}

// Release hands the document's room over to later parses. The document,
// and the IDs read from it, must not be used afterwards; the strings it
// returned stay valid (they are the input's). Releasing a document is
// never necessary; a caller that parses many small documents one after
// the other (a dataset's records) saves most of their allocation by it.
func (d *Doc) Release() {
	if d == nil || d.shared || cap(d.nodes) == 0 || cap(d.nodes) > maxReuse {
		return
	}
	nodes := d.nodes[:0]
	*d = Doc{nodes: nodes}
	docPool.Put(d)
}

// newDoc returns an empty document whose value table has room for n
// values: a released document, when one fits.
func newDoc(n int) *Doc {
	if n <= maxReuse {
		if d, ok := docPool.Get().(*Doc); ok && cap(d.nodes) >= n {
			return d
		}
	}
	return &Doc{nodes: make([]node, 0, n)}
}

// takeScratch gives p the working room of an earlier parse.
func (p *parser) takeScratch() {
	if s, ok := scratchPool.Get().(*scratch); ok {
		p.scratch = s
		p.stack, p.sigs, p.memo = s.stack[:0], s.sigs[:0], s.memo
	}
}

// putScratch keeps p's working room for a later parse, unless it grew
// large. A large object's table of members goes to bigbuf, for the build
// that follows to make its slots of (a wide object's keys, as many as
// its members).
func (p *parser) putScratch() {
	bigbuf.Put(p.dupTable.slots)
	p.dupTable.slots = nil
	if cap(p.stack) > 1024 || cap(p.sigs) > 1<<14 {
		return
	}
	s := p.scratch
	if s == nil {
		s = new(scratch)
	}
	*s = scratch{stack: p.stack, sigs: p.sigs, memo: p.memo}
	scratchPool.Put(s)
}
