package dataset

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// Record is one record of a file of records, as RecordReader reads it.
type Record struct {
	// Data is the record's JSON text: a whole line of a JSON Lines file
	// (without its line end), or one element of a JSON array. It is valid
	// until the next call to Next.
	Data []byte
	// N is the record's 1-based number in its file (blank lines are not
	// records).
	N int
	// Line and Col are where Data starts in the file: 1-based, the column
	// in characters.
	Line, Col int
	// Offset is the byte offset in the file where Data starts.
	Offset int64
	// end is the byte offset in the file just past the record and its
	// line end (a CSV row's too): where the bytes of the records up to
	// this one end, for Spec.Progress.
	end int64

	dataOff, dataLen int // where a batch holds Data
	// owned marks Data as the record's own (a long line read into a
	// buffer of its exact size), not the reader's buffer: it stays valid
	// after Next, and a batch holds it without a copy.
	owned bool
}

// Pos returns the file position of a place in the record given as the
// line and column within Data (as jsondoc reports them).
func (r *Record) Pos(line, col int) (int, int) {
	if line <= 1 {
		return r.Line, r.Col + col - 1
	}
	return r.Line + line - 1, col
}

// posAt returns the file position of byte off of Data.
func (r *Record) posAt(off int) (line, col int) {
	b := r.Data[:off]
	if nl := bytes.Count(b, []byte{'\n'}); nl > 0 {
		return r.Line + nl, utf8.RuneCount(b[bytes.LastIndexByte(b, '\n')+1:]) + 1
	}
	return r.Line, r.Col + utf8.RuneCount(b)
}

// Format is how a file of records is written.
type Format uint8

// The formats of a file of records.
const (
	// Sniff takes a file whose first character (after white space and a
	// byte order mark) is '[' for a JSON array, and any other for JSON
	// Lines.
	Sniff Format = iota
	// Lines is JSON Lines: one JSON value per line, blank lines skipped.
	Lines
	// Array is one JSON array whose elements are the records.
	Array
)

// RecordReader reads the records of a JSON Lines file or of a JSON array
// of records, streaming: it holds one record (and a read buffer) at a time.
// Lines may end in CRLF; a UTF-8 byte order mark at the start is skipped.
type RecordReader struct {
	name   string
	r      io.Reader
	format Format
	buf    []byte
	lo, hi int   // the unread bytes are buf[lo:hi]
	base   int64 // file offset of buf[0]
	eof    bool
	err    error // a read error, reported once the buffer is drained

	line, col int // position of buf[lo]: 1-based line, column in characters
	n         int // records read
	started   bool
	done      bool // the array's closing bracket was read

	peeked  []Record // the records Peek read, which Next returns next
	peekErr error    // the error after them

	csv *csvRecords // a CSV or TSV file's rows, nil for JSON

	// before is how many records the file holds before this one's first
	// (Spec.FirstRecord − 1): added to every record's number.
	before int
}

// readChunk is how much RecordReader asks of its reader at a time.
const readChunk = 256 << 10

// NewRecordReader returns a reader of the records of r, a file named name
// (in error messages) written in format f.
func NewRecordReader(name string, r io.Reader, f Format) *RecordReader {
	return &RecordReader{name: name, r: r, format: f, buf: make([]byte, 0, readChunk), line: 1, col: 1}
}

// NewCSVRecordReader returns a reader of the rows of r, a CSV file (comma
// ',') or TSV file (comma '\t') named name, each row as a record: the
// JSON object of its non-empty cells, keyed by the header row's names.
func NewCSVRecordReader(name string, r io.Reader, comma rune) *RecordReader {
	return &RecordReader{name: name, format: Lines, csv: newCSVRecords(name, r, comma)}
}

// Format returns the file's format: Lines or Array (once the first record
// is read, when the reader was made to sniff it).
func (rr *RecordReader) Format() Format { return rr.format }

// Next returns the next record, or io.EOF after the last one. A malformed
// file (an array not closed, a missing comma between records, data after
// the array) is a *jsondoc.SyntaxError with the file's line and column.
// The records themselves are not parsed.
func (rr *RecordReader) Next() (Record, error) {
	if len(rr.peeked) > 0 {
		rec := rr.peeked[0]
		rr.peeked[0] = Record{}
		rr.peeked = rr.peeked[1:]
		return rec, nil
	}
	if rr.peekErr != nil {
		err := rr.peekErr
		rr.peekErr = nil
		return Record{}, err
	}
	return rr.read()
}

// read reads the next record from the file, numbered after rr.before.
func (rr *RecordReader) read() (Record, error) {
	rec, err := rr.readOne()
	if err == nil {
		rec.N += rr.before
	}
	return rec, err
}

// readOne reads the next record from the file.
func (rr *RecordReader) readOne() (Record, error) {
	if rr.csv != nil {
		return rr.csv.next()
	}
	if !rr.started {
		if err := rr.start(); err != nil {
			return Record{}, err
		}
	}
	if rr.format == Array {
		return rr.nextElement()
	}
	return rr.nextLine()
}

// Peek returns the next record without consuming it: the next call to
// Next returns it (or its error) again.
func (rr *RecordReader) Peek() (Record, error) { return rr.peekAt(0) }

// peekAt returns the record i places ahead (0: the next) without
// consuming any: Next returns them (and the error after them) in order.
func (rr *RecordReader) peekAt(i int) (Record, error) {
	for len(rr.peeked) <= i && rr.peekErr == nil {
		rec, err := rr.read()
		if err != nil {
			rr.peekErr = err
			break
		}
		if !rec.owned {
			rec.Data = bytes.Clone(rec.Data) // the buffer may move before Next
		}
		rr.peeked = append(rr.peeked, rec)
	}
	if i < len(rr.peeked) {
		return rr.peeked[i], nil
	}
	return Record{}, rr.peekErr
}

// Name returns the file's name, as messages give it.
func (rr *RecordReader) Name() string { return rr.name }

// fill reads more input after buf[hi], growing buf if it is full. It
// returns false at the end of the input.
func (rr *RecordReader) fill() bool {
	if rr.eof {
		return false
	}
	if rr.lo > 0 && rr.lo == rr.hi {
		rr.base += int64(rr.lo)
		rr.lo, rr.hi = 0, 0
		rr.buf = rr.buf[:0]
		if cap(rr.buf) > 2*readChunk {
			rr.buf = make([]byte, 0, readChunk) // grown for a long record: give it back
		}
	}
	if cap(rr.buf)-rr.hi < readChunk/2 {
		if rr.lo > 0 && rr.lo >= rr.hi/2 {
			// Move the unread bytes to the front.
			copy(rr.buf[:cap(rr.buf)], rr.buf[rr.lo:rr.hi])
			rr.base += int64(rr.lo)
			rr.hi -= rr.lo
			rr.lo = 0
		} else {
			nb := make([]byte, rr.hi-rr.lo, 2*cap(rr.buf)+readChunk)
			copy(nb, rr.buf[rr.lo:rr.hi])
			rr.base += int64(rr.lo)
			rr.hi -= rr.lo
			rr.lo = 0
			rr.buf = nb
		}
	}
	rr.buf = rr.buf[:cap(rr.buf)]
	for {
		k, err := rr.r.Read(rr.buf[rr.hi:])
		rr.hi += k
		if err != nil {
			rr.eof = true
			if !errors.Is(err, io.EOF) {
				rr.err = fmt.Errorf("%s: %w", rr.name, err)
			}
			rr.buf = rr.buf[:rr.hi]
			return k > 0
		}
		if k > 0 {
			rr.buf = rr.buf[:rr.hi]
			return true
		}
	}
}

// advance moves past n unread bytes, keeping the line and column.
func (rr *RecordReader) advance(n int) {
	rr.step(rr.buf[rr.lo : rr.lo+n])
	rr.lo += n
}

// step moves the line and column past the bytes b.
func (rr *RecordReader) step(b []byte) {
	if nl := bytes.Count(b, []byte{'\n'}); nl > 0 {
		rr.line += nl
		b = b[bytes.LastIndexByte(b, '\n')+1:]
		rr.col = 1
	}
	rr.col += utf8.RuneCount(b)
}

// start skips a byte order mark and, when sniffing, finds the format.
func (rr *RecordReader) start() error {
	rr.started = true
	for rr.hi-rr.lo < 3 && rr.fill() {
	}
	if bytes.HasPrefix(rr.buf[rr.lo:rr.hi], []byte("\xEF\xBB\xBF")) {
		rr.lo += 3
	}
	if rr.format != Sniff {
		return nil
	}
	rr.format = Lines
	for {
		i := rr.lo
		for i < rr.hi && isSpace(rr.buf[i]) {
			i++
		}
		if i < rr.hi {
			if rr.buf[i] == '[' {
				rr.format = Array
			}
			return nil
		}
		if !rr.fill() {
			return rr.err
		}
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// nextLine returns the next non-blank line.
func (rr *RecordReader) nextLine() (Record, error) {
	for {
		i := bytes.IndexByte(rr.buf[rr.lo:rr.hi], '\n')
		if i < 0 && rr.hi-rr.lo >= longLine {
			rec, err := rr.longLine()
			if err != nil || len(bytes.Trim(rec.Data, " \t\r")) > 0 {
				return rec, err
			}
			continue
		}
		if i < 0 && rr.fill() {
			continue
		}
		end := rr.hi // the last line may have no line end
		if i >= 0 {
			end = rr.lo + i
		}
		if end == rr.lo && i < 0 {
			if rr.err != nil {
				return Record{}, rr.err
			}
			return Record{}, io.EOF
		}
		data := rr.buf[rr.lo:end]
		line, off := rr.line, rr.base+int64(rr.lo)
		// Move past the line and its end.
		next := end
		if i >= 0 {
			next++
		}
		rr.lo = next
		rr.line++
		rr.col = 1
		if i < 0 {
			rr.line-- // no line end: still the same line
		}
		data = bytes.TrimSuffix(data, []byte{'\r'})
		if len(bytes.Trim(data, " \t\r")) == 0 {
			continue
		}
		rr.n++
		return Record{Data: data, N: rr.n, Line: line, Col: 1, Offset: off, end: rr.base + int64(next)}, nil
	}
}

// syntaxError is a malformed array of records at buf[at].
func (rr *RecordReader) syntaxError(msg string) error {
	return &jsondoc.SyntaxError{File: rr.name, Line: rr.line, Col: rr.col, Offset: int(rr.base) + rr.lo, Msg: msg}
}

// skipSpace moves past white space, reading more as needed. It returns
// false at the end of the input.
func (rr *RecordReader) skipSpace() bool {
	for {
		i := rr.lo
		for i < rr.hi && isSpace(rr.buf[i]) {
			i++
		}
		rr.advance(i - rr.lo)
		if rr.lo < rr.hi {
			return true
		}
		if !rr.fill() {
			return false
		}
	}
}

// nextElement returns the next element of the array of records.
func (rr *RecordReader) nextElement() (Record, error) {
	if rr.done {
		return Record{}, io.EOF
	}
	if !rr.skipSpace() {
		return Record{}, rr.eofError("unexpected end of JSON input: the array of records is not closed")
	}
	if rr.n == 0 {
		if rr.buf[rr.lo] != '[' {
			return Record{}, rr.syntaxError(fmt.Sprintf("expected a JSON array of records or JSON Lines, found %s", quoteByte(rr.buf[rr.lo])))
		}
		rr.advance(1)
		if !rr.skipSpace() {
			return Record{}, rr.eofError("unexpected end of JSON input: the array of records is not closed")
		}
		if rr.buf[rr.lo] == ']' {
			return rr.finish()
		}
	} else {
		switch rr.buf[rr.lo] {
		case ']':
			return rr.finish()
		case ',':
			rr.advance(1)
			if !rr.skipSpace() {
				return Record{}, rr.eofError("unexpected end of JSON input: the array of records is not closed")
			}
			if rr.buf[rr.lo] == ']' {
				return Record{}, rr.syntaxError("invalid character ']' after ',': a trailing comma ends the array of records")
			}
		default:
			return Record{}, rr.syntaxError(fmt.Sprintf("invalid character %s after a record: expected ',' or ']'", quoteByte(rr.buf[rr.lo])))
		}
	}
	n, long, isLong, err := rr.scanValue()
	if err != nil || isLong {
		if err == nil {
			rr.n++
			long.N = rr.n
		}
		return long, err
	}
	off := rr.base + int64(rr.lo)
	rec := Record{Data: rr.buf[rr.lo : rr.lo+n], Line: rr.line, Col: rr.col, Offset: off, end: off + int64(n)}
	rr.n++
	rec.N = rr.n
	rr.advance(n)
	return rec, nil
}

// finish reads the closing bracket at buf[lo] and checks that nothing but
// white space follows.
func (rr *RecordReader) finish() (Record, error) {
	rr.advance(1)
	rr.done = true
	if rr.skipSpace() {
		return Record{}, rr.syntaxError(fmt.Sprintf("invalid character %s after the array of records", quoteByte(rr.buf[rr.lo])))
	}
	if rr.err != nil {
		return Record{}, rr.err
	}
	return Record{}, io.EOF
}

func (rr *RecordReader) eofError(msg string) error {
	if rr.err != nil {
		return rr.err
	}
	return rr.syntaxError(msg)
}

// scanValue finds the extent of the JSON value at buf[lo], reading more
// input as needed, and returns its length. It checks only what it must to
// find the end (brackets and strings); the record's parse checks the rest.
// A value still without its end after longLine bytes is read by
// longElement instead, into a record of its own (long is true, rec
// holds it, and the reader has moved past it).
func (rr *RecordReader) scanValue() (n int, rec Record, long bool, err error) {
	var s valueScan
	i := rr.lo
	for {
		end, ok := s.scan(rr.buf[:rr.hi], i)
		if ok {
			n, err = rr.scalarEnd(end)
			return n, Record{}, false, err
		}
		// Keep the scan's place across the refill, which may move the
		// unread bytes to the front of a new buffer.
		at := end - rr.lo
		if at >= longLine && !rr.eof {
			rec, err = rr.longElement(&s, at)
			return 0, rec, true, err
		}
		if !rr.fill() {
			if s.depth == 0 && !s.inString && at > 0 {
				return at, Record{}, false, nil // a scalar ending the input: the parse says what is wrong
			}
			return 0, Record{}, false, rr.eofError("unexpected end of JSON input: the array of records is not closed")
		}
		i = rr.lo + at
	}
}

// scalarEnd returns the length of the record ending before buf[i], or
// an error for a record that is empty (a stray bracket or comma).
func (rr *RecordReader) scalarEnd(i int) (int, error) {
	if i == rr.lo {
		return 0, rr.syntaxError(fmt.Sprintf("invalid character %s looking for the beginning of a record", quoteByte(rr.buf[i])))
	}
	return i - rr.lo, nil
}

func quoteByte(c byte) string {
	if c < 0x20 || c >= 0x7f {
		return fmt.Sprintf("%#02x", c)
	}
	return fmt.Sprintf("%q", rune(c))
}
