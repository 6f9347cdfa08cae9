package history

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
)

// The store is a bbolt file. bbolt trusts its pages: it checks a page's
// id and type as it reads it, nothing more, so that a changed byte in a
// page can make it fault, loop, or read a store short with no error (an
// empty leaf under a branch hides its runs; Tx.Check, which walks the
// whole file, finds nothing wrong with that either). So the store reads
// the file itself, through a rawFile, checking every page it reads
// against what bbolt would have written: bbolt is used for the lock and
// for writing. docs/history-store.md tables, damage by damage, what bbolt
// does and what these checks find. The layout below is bbolt's (bolt's,
// unchanged):
//
//	page:    id u64 | flags u16 | count u16 | overflow u32 | elements...
//	branch:  pos u32 | ksize u32 | pgid u64        (pos from the element)
//	leaf:    flags u32 | pos u32 | ksize u32 | vsize u32
//	meta:    magic u32 | version u32 | pageSize u32 | flags u32 |
//	         root bucket (root u64, sequence u64) | freelist u64 |
//	         pgid u64 | txid u64 | checksum u64 (FNV-64a of what precedes)
//
// A node's keys (and values) follow its elements, in order, without gaps,
// and the page spans (size-1)/pageSize overflow pages after the first:
// as few as hold its size bytes (bolt 1.3 wrote size/pageSize, one more
// page for a node that fills its pages exactly; see pagesFit). A
// bucket is a leaf element flagged bucketLeafFlag whose value is its root
// page id and sequence, followed, for a small bucket kept inline, by its
// only page.
const (
	pageHeaderSize   = 16
	elementSize      = 16
	bucketHeaderSize = 16

	branchPageFlag   = 0x01
	leafPageFlag     = 0x02
	metaPageFlag     = 0x04
	freelistPageFlag = 0x10
	bucketLeafFlag   = 0x01

	boltMagic   = 0xED0CDAED
	boltVersion = 2
)

var native = binary.NativeEndian

// boltMeta holds the fields of a bolt meta page.
type boltMeta struct {
	pageSize uint32
	root     uint64 // root page of the root bucket
	freelist uint64 // page id of the freelist
	pgid     uint64 // high-water mark: pages in use
	txid     uint64
}

// parseMeta reads the meta page b; ok is false when it does not validate
// (magic, version, checksum), as bbolt judges it: the checksum must match,
// a checksum of 0 too (bolt 1.3 let 0 pass; bbolt, which writes the
// store, does not).
func parseMeta(b []byte) (m boltMeta, ok bool) {
	const checksumAt = 56 // the checksum covers the 56 bytes before it
	if len(b) < pageHeaderSize+checksumAt+8 {
		return m, false
	}
	meta := b[pageHeaderSize:]
	h := fnv.New64a()
	h.Write(meta[:checksumAt])
	sum := native.Uint64(meta[checksumAt:])
	if native.Uint32(meta[0:]) != boltMagic || native.Uint32(meta[4:]) != boltVersion ||
		sum != h.Sum64() {
		return m, false
	}
	return boltMeta{
		pageSize: native.Uint32(meta[8:]),
		root:     native.Uint64(meta[16:]),
		freelist: native.Uint64(meta[32:]),
		pgid:     native.Uint64(meta[40:]),
		txid:     native.Uint64(meta[48:]),
	}, true
}

// chooseMeta returns the meta page bolt would use, of the two read with
// readAt: the valid one of the higher transaction id.
func chooseMeta(readAt func(off int64, n int) []byte) (boltMeta, error) {
	m0, ok0 := parseMeta(readAt(0, 128))
	pageSize := int64(os.Getpagesize())
	if ok0 {
		pageSize = int64(m0.pageSize)
	}
	m1, ok1 := parseMeta(readAt(pageSize, 128))
	switch {
	case ok0 && ok1 && m1.txid > m0.txid, !ok0 && ok1:
		m0 = m1
	case !ok0:
		return boltMeta{}, errNotBolt
	}
	if m0.pageSize < 512 || m0.pageSize > 1<<20 || m0.pageSize&(m0.pageSize-1) != 0 {
		return boltMeta{}, &damage{what: fmt.Sprintf("the meta page gives a page size of %d", m0.pageSize)}
	}
	return m0, nil
}

// errNotBolt reports a file whose two meta pages are both invalid.
var errNotBolt = errors.New("not a bolt database: no valid meta page")

// damage is one thing found wrong in a store file.
type damage struct {
	page uint64 // the page it was found on; 0 for none
	what string
}

func (d *damage) Error() string {
	if d.page != 0 {
		return fmt.Sprintf("page %d: %s", d.page, d.what)
	}
	return d.what
}

func damagef(page uint64, format string, args ...any) *damage {
	return &damage{page: page, what: fmt.Sprintf(format, args...)}
}

// rawFile is a store file mapped for reading, with the meta page and the
// freelist in force.
type rawFile struct {
	data     []byte // the whole file
	unmap    func() error
	meta     boltMeta
	pageSize int
	free     pageSet // the pages of the freelist
	checked  pageSet // branch pages whose children checkChildren checked
	// read counts the pages page has read, overflow pages included: the
	// work of an operation, which tests hold to what it must read.
	read int
}

// openRaw maps the file f and reads its meta page and freelist. It gives
// errNotBolt for a file that is not a bolt file at all, a *damage for one
// whose meta page or freelist is wrong.
func openRaw(f *os.File) (*rawFile, error) {
	data, unmap, err := mapFile(f)
	if err != nil {
		return nil, err
	}
	r := &rawFile{data: data, unmap: unmap}
	if err := r.load(); err != nil {
		r.close()
		return nil, err
	}
	return r, nil
}

func (r *rawFile) close() {
	if r.unmap != nil {
		r.unmap()
		r.unmap, r.data = nil, nil
	}
}

// bytesAt returns up to n bytes of the file at off.
func (r *rawFile) bytesAt(off int64, n int) []byte {
	if off < 0 || off >= int64(len(r.data)) {
		return nil
	}
	return r.data[off:min(int64(len(r.data)), off+int64(n))]
}

func (r *rawFile) load() error {
	m, err := chooseMeta(r.bytesAt)
	if err != nil {
		return err
	}
	r.meta, r.pageSize = m, int(m.pageSize)
	pages := uint64(len(r.data) / r.pageSize)
	if m.pgid > pages {
		return &damage{what: fmt.Sprintf("the file is truncated: it holds %d pages of %d", pages, m.pgid)}
	}
	if m.pgid < 4 || m.root < 2 || m.root >= m.pgid {
		return &damage{what: fmt.Sprintf("the meta page names root page %d of %d", m.root, m.pgid)}
	}
	return r.loadFreelist()
}

// loadFreelist reads the freelist page: every id it lists is a page of
// the file's data area, listed once.
func (r *rawFile) loadFreelist() error {
	id := r.meta.freelist
	if id < 2 || id >= r.meta.pgid {
		return &damage{what: fmt.Sprintf("the meta page names freelist page %d of %d", id, r.meta.pgid)}
	}
	b := r.bytesAt(int64(id)*int64(r.pageSize), r.pageSize)
	flags, count, overflow := native.Uint16(b[8:]), uint64(native.Uint16(b[10:])), uint64(native.Uint32(b[12:]))
	if native.Uint64(b) != id || flags != freelistPageFlag || id+overflow >= r.meta.pgid {
		return damagef(id, "not the freelist page the meta page names")
	}
	b = r.bytesAt(int64(id)*int64(r.pageSize), int(overflow+1)*r.pageSize)[pageHeaderSize:]
	if count == 0xFFFF { // the count does not fit: it is the first id
		count = native.Uint64(b)
		b = b[8:]
	}
	if count > uint64(len(b)/8) {
		return damagef(id, "the freelist lists %d pages, more than its page holds", count)
	}
	r.free = newPageSet(r.meta.pgid)
	r.free.add(id, overflow) // the freelist's own pages are in use
	for i := uint64(0); i < count; i++ {
		p := native.Uint64(b[8*i:])
		if p < 2 || p >= r.meta.pgid {
			return damagef(id, "the freelist lists page %d, out of the file's %d", p, r.meta.pgid)
		}
		if r.free.has(p) {
			return damagef(id, "the freelist lists page %d twice, or its own page", p)
		}
		r.free.add(p, 0)
	}
	r.free.remove(id, overflow)
	return nil
}

// pageSet is a set of page ids.
type pageSet []uint64

func newPageSet(n uint64) pageSet { return make(pageSet, (n+63)/64) }

func (s pageSet) has(id uint64) bool {
	return id/64 < uint64(len(s)) && s[id/64]&(1<<(id%64)) != 0
}

// add adds the pages id to id+overflow.
func (s pageSet) add(id, overflow uint64) {
	for p := id; p <= id+overflow && p/64 < uint64(len(s)); p++ {
		s[p/64] |= 1 << (p % 64)
	}
}

func (s pageSet) remove(id, overflow uint64) {
	for p := id; p <= id+overflow && p/64 < uint64(len(s)); p++ {
		s[p/64] &^= 1 << (p % 64)
	}
}

// node is a checked branch or leaf page: its elements lie where bolt puts
// them and its keys ascend.
type node struct {
	id     uint64 // 0 for an inline page
	b      []byte // the page, overflow included
	branch bool
	count  int
	pages  uint64 // 1 + overflow
}

func (n *node) pos(i int) (k0, k1, v1 int) {
	e := n.b[pageHeaderSize+elementSize*i:]
	if n.branch {
		k0 = pageHeaderSize + elementSize*i + int(native.Uint32(e[0:]))
		return k0, k0 + int(native.Uint32(e[4:])), 0
	}
	k0 = pageHeaderSize + elementSize*i + int(native.Uint32(e[4:]))
	k1 = k0 + int(native.Uint32(e[8:]))
	return k0, k1, k1 + int(native.Uint32(e[12:]))
}

// key returns the key of element i.
func (n *node) key(i int) []byte {
	k0, k1, _ := n.pos(i)
	return n.b[k0:k1]
}

// value returns the value of leaf element i.
func (n *node) value(i int) []byte {
	_, k1, v1 := n.pos(i)
	return n.b[k1:v1]
}

// flags returns the flags of leaf element i.
func (n *node) flags(i int) uint32 {
	return native.Uint32(n.b[pageHeaderSize+elementSize*i:])
}

// child returns the page id of branch element i.
func (n *node) child(i int) uint64 {
	return native.Uint64(n.b[pageHeaderSize+elementSize*i+8:])
}

// page reads the tree page id and checks it: in the file, in use (not
// free), a branch or leaf page that knows its own id, laid out as bolt
// lays out a node.
func (r *rawFile) page(id uint64) (*node, error) {
	if id < 2 || id >= r.meta.pgid {
		return nil, damagef(id, "out of the file's %d pages", r.meta.pgid)
	}
	if r.free.has(id) {
		return nil, damagef(id, "in use, and listed as free")
	}
	off := int64(id) * int64(r.pageSize)
	b := r.bytesAt(off, r.pageSize)
	if got := native.Uint64(b); got != id {
		return nil, damagef(id, "the page says it is page %d", got)
	}
	overflow := uint64(native.Uint32(b[12:]))
	if id+overflow >= r.meta.pgid {
		return nil, damagef(id, "its %d overflow pages run past the file's %d pages", overflow, r.meta.pgid)
	}
	r.read += int(overflow) + 1
	return parseNode(id, r.bytesAt(off, int(overflow+1)*r.pageSize), r.pageSize)
}

// inlinePage checks the page of an inline bucket, held in value after the
// bucket header.
func inlinePage(value []byte) (*node, error) {
	return parseNode(0, value[bucketHeaderSize:], 0)
}

// parseNode checks the page b (id 0: inline, filling b exactly).
func parseNode(id uint64, b []byte, pageSize int) (*node, error) {
	if len(b) < pageHeaderSize {
		return nil, damagef(id, "an inline bucket's page is cut short")
	}
	flags, count, overflow := native.Uint16(b[8:]), int(native.Uint16(b[10:])), uint64(native.Uint32(b[12:]))
	n := &node{id: id, b: b, count: count, pages: overflow + 1}
	switch flags {
	case branchPageFlag:
		n.branch = true
		if count == 0 {
			return nil, damagef(id, "a branch page without elements")
		}
	case leafPageFlag:
	default:
		return nil, damagef(id, "not a branch or leaf page (flags %#x)", flags)
	}
	end := pageHeaderSize + elementSize*count
	if end > len(b) {
		return nil, damagef(id, "%d elements do not fit in the page", count)
	}
	var prev []byte
	for i := 0; i < count; i++ {
		e := b[pageHeaderSize+elementSize*i:]
		at := pageHeaderSize + elementSize*i
		var pos, size int
		if n.branch {
			pos, size = int(native.Uint32(e[0:])), int(native.Uint32(e[4:]))
		} else {
			if f := native.Uint32(e[0:]); f&^bucketLeafFlag != 0 {
				return nil, damagef(id, "element %d has flags %#x", i, f)
			}
			pos, size = int(native.Uint32(e[4:])), int(native.Uint32(e[8:]))+int(native.Uint32(e[12:]))
		}
		if at+pos != end || size > len(b)-end {
			return nil, damagef(id, "element %d is not where bolt puts it", i)
		}
		k := n.key(i)
		if len(k) == 0 || (i > 0 && bytes.Compare(prev, k) >= 0) {
			return nil, damagef(id, "element %d: its key is empty or out of order", i)
		}
		prev = k
		end += size
	}
	if id == 0 {
		if end != len(b) || overflow != 0 {
			return nil, damagef(id, "an inline bucket's page is %d bytes of %d", end, len(b))
		}
	} else if !pagesFit(end, pageSize, overflow) {
		return nil, damagef(id, "%d bytes of data on %d pages", end, overflow+1)
	}
	return n, nil
}

// pagesFit reports whether a node of size bytes was written on overflow+1
// pages: as few as hold it (bbolt), or, when it fills them exactly, one
// more (bolt 1.3 took size/pageSize+1 pages; its stores still open).
func pagesFit(size, pageSize int, overflow uint64) bool {
	return uint64((size-1)/pageSize) == overflow || uint64(size/pageSize) == overflow
}
