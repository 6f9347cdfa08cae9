package dataset

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
)

// longLine is the length from which a line still without its end is read
// by RecordReader.longLine, into a buffer of its own, rather than by
// growing the reader's buffer: a line of a 20 MB document would take the
// buffer to twice that size, for the rest of the file, and the batch
// would copy the line once more.
const longLine = readChunk / 2

// longPiece bounds the pieces a long line is read in: the bytes read
// past its end stay in the reader's buffer.
const longPiece = 4 << 20

// longLine reads the line that begins at buf[lo] and has no line end in
// buf[lo:hi]: the rest of it is read in pieces, then gathered into one
// buffer of exactly its size, which the record owns (Record.owned). The
// bytes after the line end stay in the reader's buffer.
func (rr *RecordReader) longLine() (Record, error) {
	line, off := rr.line, rr.base+int64(rr.lo)
	pieces := [][]byte{slices.Clone(rr.buf[rr.lo:rr.hi])}
	size := rr.hi - rr.lo
	rr.base += int64(rr.hi)
	rr.lo, rr.hi = 0, 0
	var rest []byte
	for n := len(pieces[0]); !rr.eof; n = min(2*n, longPiece) {
		p := make([]byte, n)
		k, err := io.ReadFull(rr.r, p)
		p = p[:k]
		if err != nil {
			rr.eof = true
			if !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
				rr.err = fmt.Errorf("%s: %w", rr.name, err)
			}
		}
		if i := bytes.IndexByte(p, '\n'); i >= 0 {
			p, rest = p[:i], p[i+1:]
			pieces = append(pieces, p)
			size += len(p)
			break
		}
		pieces = append(pieces, p)
		size += len(p)
	}
	data := make([]byte, 0, size)
	for _, p := range pieces {
		data = append(data, p...)
	}
	// The reader goes on after the line end, in a buffer of the usual
	// size.
	rr.base = off + int64(size)
	if rest != nil {
		rr.base++
		rr.line++
	}
	if cap(rr.buf) < len(rest) {
		rr.buf = make([]byte, 0, len(rest))
	}
	rr.buf = append(rr.buf[:0], rest...)
	rr.hi = len(rr.buf)
	rr.col = 1
	data = bytes.TrimSuffix(data, []byte{'\r'})
	if len(bytes.Trim(data, " \t\r")) == 0 {
		return Record{}, nil // a blank line: not a record
	}
	rr.n++
	return Record{Data: data, N: rr.n, Line: line, Col: 1, Offset: off, end: rr.base, owned: true}, nil
}
