package dataset

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// longValue returns a JSON record of about n bytes: {"s": "xxx..."}.
func longValue(n int) string { return `{"s": "` + strings.Repeat("x", n) + `"}` }

// TestLongLines reads lines longer than the reader's buffer (readChunk), some past a
// piece of a long read, among short ones, blank ones and CRLF ends, in
// one read and a few bytes at a time: each record is its line, at its
// line and offset; a long one owns its bytes, which the next record
// leaves alone.
func TestLongLines(t *testing.T) {
	lines := []string{
		`{"a": 1}`,
		longValue(readChunk+10) + "\r",
		strings.Repeat(" ", readChunk+5),
		longValue(longPiece + 3*longLine),
		`{"b": 2}`,
		"",
		longValue(2 * readChunk),
	}
	data := []byte(strings.Join(lines, "\n")) // the last line has no end
	want := []int{0, 1, 3, 4, 6}              // the lines that are records
	for name, r := range map[string]func() io.Reader{
		"whole": func() io.Reader { return bytes.NewReader(data) },
		"bits":  func() io.Reader { return iotest.HalfReader(iotest.HalfReader(bytes.NewReader(data))) },
	} {
		rr := NewRecordReader("f", r(), Lines)
		var got []Record
		for {
			rec, err := rr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !rec.owned {
				rec.Data = bytes.Clone(rec.Data) // valid until Next
			}
			got = append(got, rec)
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d records, want %d", name, len(got), len(want))
		}
		for k, i := range want {
			rec := got[k]
			line := strings.TrimSuffix(lines[i], "\r")
			off := int64(len(strings.Join(lines[:i], "\n")) + min(i, 1))
			long := len(line) > readChunk
			if rec.N != k+1 || rec.Line != i+1 || rec.Offset != off || rec.owned != long {
				t.Errorf("%s: record %d: N %d line %d offset %d owned %v; want %d, %d, %d, %v", name, k, rec.N, rec.Line, rec.Offset, rec.owned, k+1, i+1, off, long)
			}
			if string(rec.Data) != line {
				t.Errorf("%s: record %d: %d bytes, not its line of %d", name, k, len(rec.Data), len(line))
			}
			if long && cap(rec.Data) > len(line)+1 {
				t.Errorf("%s: record %d: %d bytes in a buffer of %d", name, k, len(rec.Data), cap(rec.Data))
			}
		}
	}
}

// TestLongLinePeeked checks that a long line peeked (as Open peeks the
// first record) is the record Next returns, its bytes not copied.
func TestLongLinePeeked(t *testing.T) {
	data := longValue(longLine) + "\n" + `{"b": 2}` + "\n"
	rr := NewRecordReader("f", strings.NewReader(data), Lines)
	p, err := rr.Peek()
	if err != nil {
		t.Fatal(err)
	}
	rec, err := rr.Next()
	if err != nil || &rec.Data[0] != &p.Data[0] || string(rec.Data) != longValue(longLine) {
		t.Fatalf("Next after Peek: %v, same bytes %v", err, err == nil && &rec.Data[0] == &p.Data[0])
	}
	rec, err = rr.Next()
	if err != nil || string(rec.Data) != `{"b": 2}` || rec.Line != 2 || rec.Offset != int64(len(longValue(longLine))+1) {
		t.Fatalf("the line after: %q line %d offset %d, %v", rec.Data, rec.Line, rec.Offset, err)
	}
}
