package dataset

import (
	"bytes"
	"encoding/json"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"
)

// escapedValue returns a JSON record of about n bytes whose string is
// all escaped quotes after shift x's: a piece that ends between a
// backslash and its quote must not end the string there.
func escapedValue(n, shift int) string {
	return `{"s": "` + strings.Repeat("x", shift) + strings.Repeat(`\"`, n/2) + `", "t": [1, {"u": "]"}]}`
}

// TestLongElements reads a JSON array of records whose elements are
// longer than the reader's buffer, among short ones, over lines, in one
// read and a few bytes at a time: each long element is read into a
// buffer of exactly its size, which the record owns; every record is
// its element, at its line, column and offset; and the reader's own
// buffer never grows past a piece (it used to double until the element
// fit: 8 MB for the 4.3 MB one).
func TestLongElements(t *testing.T) {
	elems := []string{
		`{"a": 1}`,
		longValue(readChunk + 10),
		escapedValue(readChunk+3*longLine, 0),
		escapedValue(readChunk+3*longLine, 1),
		`"` + strings.Repeat("y", longPiece+longLine) + `"`,
		`{"b": 2}`,
		`[3]`,
	}
	data := []byte("[\n  " + strings.Join(elems, ",\n  ") + "\n]\n")
	for name, r := range map[string]func() io.Reader{
		"whole": func() io.Reader { return bytes.NewReader(data) },
		"bits":  func() io.Reader { return iotest.HalfReader(iotest.HalfReader(bytes.NewReader(data))) },
	} {
		rr := NewRecordReader("f.json", r(), Array)
		off := int64(len("[\n  "))
		for i, want := range elems {
			rec, err := rr.Next()
			if err != nil {
				t.Fatalf("%s: record %d: %v", name, i, err)
			}
			long := len(want) > longLine
			if string(rec.Data) != want {
				t.Fatalf("%s: record %d: %d bytes, not its element of %d", name, i, len(rec.Data), len(want))
			}
			if rec.N != i+1 || rec.Line != i+2 || rec.Col != 3 || rec.Offset != off || rec.owned != long {
				t.Errorf("%s: record %d: N %d at %d:%d offset %d owned %v; want %d at %d:3, %d, %v",
					name, i, rec.N, rec.Line, rec.Col, rec.Offset, rec.owned, i+1, i+2, off, long)
			}
			if long && cap(rec.Data) != len(want) {
				t.Errorf("%s: record %d: %d bytes in a buffer of %d", name, i, len(rec.Data), cap(rec.Data))
			}
			// At most the bytes of a piece read past an element's end.
			if cap(rr.buf) > longPiece {
				t.Errorf("%s: after record %d the reader's buffer is %d bytes, past %d", name, i, cap(rr.buf), longPiece)
			}
			off += int64(len(want) + len(",\n  "))
		}
		if rec, err := rr.Next(); err != io.EOF {
			t.Errorf("%s: after the last: %q, %v; want io.EOF", name, rec.Data, err)
		}
	}
}

// TestLongElementNotClosed: an array whose long last element is cut off
// is the error of an array not closed, at the element's start.
func TestLongElementNotClosed(t *testing.T) {
	data := "[{\"a\": 1},\n " + longValue(2 * readChunk)[:2*readChunk]
	rr := NewRecordReader("f.json", strings.NewReader(data), Array)
	if _, err := rr.Next(); err != nil {
		t.Fatal(err)
	}
	_, err := rr.Next()
	const want = "f.json:2:2: unexpected end of JSON input: the array of records is not closed"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}

// TestLongElementsRandom reads arrays of elements of random kinds (an
// object, an array, a string, a number) and random lengths around
// longLine, with escapes and brackets inside strings, through a reader
// that returns a few bytes at a time: every element comes back whole, as
// encoding/json splits the array.
func TestLongElementsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 20))
	for round := range 8 {
		var want []string
		for range 5 {
			n := longLine + rng.IntN(64) - 32
			if rng.IntN(3) == 0 {
				n = rng.IntN(2 * readChunk)
			}
			var e string
			switch rng.IntN(4) {
			case 0:
				e = `{"s": "` + strings.Repeat(`a\"]}`, n/5) + `"}`
			case 1:
				e = `[` + strings.Repeat(`"x\\", `, n/7) + `[]]`
			case 2:
				e = `"` + strings.Repeat(`\\`, n/2) + `"`
			default:
				e = "1" + strings.Repeat("0", n) // a long number
			}
			want = append(want, e)
		}
		data := "[" + strings.Join(want, " ,\n") + "]"
		rr := NewRecordReader("f.json", iotest.HalfReader(strings.NewReader(data)), Array)
		for i, e := range want {
			rec, err := rr.Next()
			if err != nil {
				t.Fatalf("round %d, record %d: %v", round, i, err)
			}
			if string(rec.Data) != e {
				t.Fatalf("round %d, record %d: %d bytes, want its element of %d: got %.40q … %.40q, want %.40q", round, i, len(rec.Data), len(e), rec.Data, rec.Data[len(rec.Data)-40:], e)
			}
			if !json.Valid(rec.Data) {
				t.Fatalf("round %d, record %d: not JSON", round, i)
			}
			line, col := 1+strings.Count(data[:rec.Offset], "\n"), 1+utf8.RuneCountInString(data[strings.LastIndexByte(data[:rec.Offset], '\n')+1:rec.Offset])
			if data[rec.Offset:rec.Offset+int64(len(e))] != e || rec.Line != line || rec.Col != col {
				t.Fatalf("round %d, record %d: at %d:%d offset %d, want %d:%d", round, i, rec.Line, rec.Col, rec.Offset, line, col)
			}
		}
		if _, err := rr.Next(); err != io.EOF {
			t.Fatalf("round %d: after the last: %v", round, err)
		}
		// Cut anywhere, the array is an error after the elements it holds
		// whole, never a record cut short.
		cut := data[:rng.IntN(len(data))]
		rr = NewRecordReader("f.json", iotest.HalfReader(strings.NewReader(cut)), Array)
		for i := 0; ; i++ {
			rec, err := rr.Next()
			if err != nil {
				if err == io.EOF {
					t.Fatalf("round %d: the array cut at %d reads to its end", round, len(cut))
				}
				break
			}
			if i >= len(want) || string(rec.Data) != want[i] && !json.Valid(rec.Data) && !strings.HasPrefix(want[i], "1") {
				t.Fatalf("round %d: the array cut at %d: record %d is %d bytes, not an element", round, len(cut), i, len(rec.Data))
			}
		}
	}
}
