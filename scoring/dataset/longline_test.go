package dataset

import (
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"testing"
	"testing/iotest"
	"time"
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

// TestLongRecordScores scores a dataset whose middle case is a line
// longer than the reader's buffer (read into a buffer of its own, held
// by the batch uncopied) as JSON Lines and as a JSON array of the same
// records (read into a buffer of its own as well): the figures are the same, bit
// for bit.
func TestLongRecordScores(t *testing.T) {
	long := strings.Repeat("lorem ipsum ", readChunk/6)
	recs := []string{
		`{"id": "a", "reference": {"x": 1, "s": "p"}, "output": {"x": 2, "s": "p"}}`,
		`{"id": "b", "reference": {"x": 1, "s": "` + long + `"}, "output": {"x": 1, "s": "` + long + `!"}}`,
		`{"id": "c", "reference": {"x": [1, 2]}, "output": {"x": [2]}}`,
	}
	dir := t.TempDir()
	lines, array := dir+"/d.jsonl", dir+"/d.json"
	if err := os.WriteFile(lines, []byte(strings.Join(recs, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(array, []byte("["+strings.Join(recs, ",\n")+"]"), 0o644); err != nil {
		t.Fatal(err)
	}
	var got [2]*Figures
	for i, spec := range []Spec{{Ref: lines}, {Ref: array, Array: true}} {
		src, err := Open(spec)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Score(context.Background(), src, Config{})
		src.Close()
		if err != nil {
			t.Fatal(err)
		}
		got[i] = res.Figures
	}
	a, b := got[0], got[1]
	if len(a.Cases) != 3 || a.Score != b.Score || a.Cases[1].Score != b.Cases[1].Score || !(a.Cases[1].Score > 0 && a.Cases[1].Score < 1) {
		t.Fatalf("lines: %d cases, score %v (long case %v); array: score %v (long case %v)", len(a.Cases), a.Score, a.Cases[1].Score, b.Score, b.Cases[1].Score)
	}
}

// TestBigCasesOneAtATime checks that a worker holding the big case's
// turn keeps the next one waiting until it lets go, and that a waiting
// one gives up when the run is canceled.
func TestBigCasesOneAtATime(t *testing.T) {
	r := &runner{big: make(chan struct{}, 1)}
	ctx, cancel := context.WithCancel(context.Background())
	if !r.holdBig(ctx) {
		t.Fatal("the first big case waits")
	}
	got := make(chan bool)
	go func() { got <- r.holdBig(ctx) }()
	select {
	case <-got:
		t.Fatal("a second big case went through while the first was held")
	case <-time.After(20 * time.Millisecond):
	}
	r.letBig()
	if !<-got {
		t.Fatal("the second big case did not go through once the first was done")
	}
	go func() { got <- r.holdBig(ctx) }()
	cancel()
	if <-got {
		t.Fatal("a waiting big case went through a canceled run")
	}
	if (&runner{}).holdBig(context.Background()) != true {
		t.Fatal("a runner of one case waits")
	}
}
