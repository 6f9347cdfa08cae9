//go:build unix

package history

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"syscall"
)

// checkFile looks at the pages bolt.Open reads before it returns: the two
// meta pages and the freelist page. bolt trusts them, and a damaged
// freelist page makes it panic inside Open, where its file (and the lock
// on it) can no longer be closed: this process could then not open the
// store again. checkFile reports such damage as an error instead.
//
// It only judges a file no other process holds: a writer may be halfway
// through a commit, which is not damage. A missing or empty file, one it
// cannot lock at once, or one bolt itself will refuse cleanly is nil.
func checkFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return nil // bolt.Open creates it, or says why it cannot
	}
	defer f.Close()
	if syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB) != nil {
		return nil // in use
	}
	defer syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	info, err := f.Stat()
	if err != nil || info.Size() == 0 {
		return nil
	}
	size := info.Size()

	m0, ok0 := readMeta(f, 0)
	pageSize := int64(os.Getpagesize())
	if ok0 {
		pageSize = int64(m0.pageSize)
	}
	if size < 2*pageSize {
		return nil // bolt: "file size too small"
	}
	m1, ok1 := readMeta(f, pageSize)
	m := m0
	switch {
	case ok0 && ok1:
		if m1.txid > m0.txid {
			m = m1
		}
	case ok1:
		m = m1
	case !ok0:
		return nil // bolt: invalid database
	}

	pages := size / pageSize
	if m.pgid > uint64(pages) {
		return fmt.Errorf("file is truncated: %d pages of %d", pages, m.pgid)
	}
	if m.freelist < 2 || m.freelist >= m.pgid {
		return fmt.Errorf("freelist page %d out of range", m.freelist)
	}
	var head [16 + 8]byte
	if _, err := f.ReadAt(head[:], int64(m.freelist)*pageSize); err != nil && !errors.Is(err, io.EOF) {
		return nil // bolt will fail to read it too, and say so
	}
	flags := binary.NativeEndian.Uint16(head[8:])
	count := uint64(binary.NativeEndian.Uint16(head[10:]))
	overflow := uint64(binary.NativeEndian.Uint32(head[12:]))
	if count == 0xFFFF {
		count = binary.NativeEndian.Uint64(head[16:])
	}
	const freelistPageFlag = 0x10
	if flags&freelistPageFlag == 0 || m.freelist+overflow+1 > m.pgid ||
		count > uint64(overflow+1)*uint64(pageSize)/8 {
		return fmt.Errorf("freelist page %d is damaged", m.freelist)
	}
	return nil
}

// boltMeta holds the fields of a bolt meta page that checkFile uses.
type boltMeta struct {
	pageSize uint32
	freelist uint64 // page id of the freelist
	pgid     uint64 // high-water mark: pages in use
	txid     uint64
}

// readMeta reads the meta page at off; ok is false when it does not
// validate (magic, version, checksum), as bolt would judge it.
func readMeta(f *os.File, off int64) (m boltMeta, ok bool) {
	const (
		pageHeader = 16
		magic      = 0xED0CDAED
		version    = 2
		checksumAt = 56 // the checksum covers the 56 bytes before it
	)
	var b [pageHeader + checksumAt + 8]byte
	if _, err := f.ReadAt(b[:], off); err != nil {
		return m, false
	}
	meta := b[pageHeader:]
	e := binary.NativeEndian
	h := fnv.New64a()
	h.Write(meta[:checksumAt])
	if e.Uint32(meta[0:]) != magic || e.Uint32(meta[4:]) != version ||
		(e.Uint64(meta[checksumAt:]) != 0 && e.Uint64(meta[checksumAt:]) != h.Sum64()) {
		return m, false
	}
	return boltMeta{
		pageSize: e.Uint32(meta[8:]),
		freelist: e.Uint64(meta[32:]),
		pgid:     e.Uint64(meta[40:]),
		txid:     e.Uint64(meta[48:]),
	}, true
}
