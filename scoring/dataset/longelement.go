package dataset

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
)

// valueScan is the state of a scan for the end of a JSON value, kept
// across the refills and pieces the value is read in.
type valueScan struct {
	depth    int
	inString bool
}

// scan scans b from i on. It returns the end of the value (just past a
// container or a string, at the byte after a scalar) and true, or where
// the scan stopped and false: b[:end] is scanned, b[end:] (at most an
// escaping backslash) is to be scanned again with the bytes after it. It
// checks only what it must to find the end (brackets and strings).
func (s *valueScan) scan(b []byte, i int) (int, bool) {
	for ; i < len(b); i++ {
		if s.inString {
			// Jump to the next quote or backslash.
			k := bytes.IndexAny(b[i:], "\"\\")
			if k < 0 {
				return len(b), false
			}
			i += k
			if b[i] == '\\' {
				if i+1 >= len(b) {
					return i, false // the escaped byte is not read yet
				}
				i++
				continue
			}
			s.inString = false
			if s.depth == 0 {
				return i + 1, true
			}
			continue
		}
		switch b[i] {
		case '"':
			s.inString = true
		case '{', '[':
			s.depth++
		case '}', ']':
			if s.depth == 0 {
				return i, true // a scalar before the array's end, or a stray bracket
			}
			s.depth--
			if s.depth == 0 {
				return i + 1, true
			}
		case ',', ' ', '\t', '\n', '\r':
			if s.depth == 0 {
				return i, true
			}
		}
	}
	return len(b), false
}

// longElement reads the element of an array of records that begins at
// buf[lo] and is still without its end at buf[lo+at], as longLine reads
// a long line: the rest of it in pieces, scanned as they come, then
// gathered into one buffer of exactly its size, which the record owns
// (Record.owned). The bytes after the element stay in the reader's
// buffer, of the usual size.
func (rr *RecordReader) longElement(s *valueScan, at int) (Record, error) {
	line, col, off := rr.line, rr.col, rr.base+int64(rr.lo)
	pieces := [][]byte{slices.Clone(rr.buf[rr.lo : rr.lo+at])}
	tail := slices.Clone(rr.buf[rr.lo+at : rr.hi]) // at most a backslash, not yet scanned
	size, ended := at, false
	var rest []byte
	for n := max(at, readChunk); !ended && !rr.eof; n = min(2*n, longPiece) {
		p := make([]byte, len(tail)+n)
		copy(p, tail)
		k, err := io.ReadFull(rr.r, p[len(tail):])
		p = p[:len(tail)+k]
		if err != nil {
			rr.eof = true
			if !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
				rr.err = fmt.Errorf("%s: %w", rr.name, err)
			}
		}
		end, ok := s.scan(p, 0) // the tail first: a backslash to read again
		if ok {
			p, rest, ended = p[:end], p[end:], true
		} else {
			p, tail = p[:end], slices.Clone(p[end:])
		}
		pieces = append(pieces, p)
		size += len(p)
	}
	if !ended {
		size += len(tail)
		pieces = append(pieces, tail)
		if s.depth != 0 || s.inString {
			rr.base, rr.buf, rr.lo, rr.hi = off, rr.buf[:0], 0, 0
			return Record{}, rr.eofError("unexpected end of JSON input: the array of records is not closed")
		}
		// A scalar ending the input: the parse says what is wrong.
	}
	data := make([]byte, 0, size)
	for _, p := range pieces {
		data = append(data, p...)
	}
	rr.step(data)
	rr.base = off + int64(size)
	if cap(rr.buf) < len(rest) {
		rr.buf = make([]byte, 0, len(rest))
	}
	rr.buf = append(rr.buf[:0], rest...)
	rr.lo, rr.hi = 0, len(rr.buf)
	return Record{Data: data, Line: line, Col: col, Offset: off, end: rr.base, owned: true}, nil
}
