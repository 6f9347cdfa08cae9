package dataset

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// progressLog scores the dataset of spec on four workers and returns
// what Spec.Progress last reported after each case Config.Cases was
// handed (-1 for nothing since the case before).
func progressLog(t *testing.T, spec Spec) []int64 {
	t.Helper()
	var log []int64
	spec.Progress = func(n int64) {
		if len(log) == 0 {
			t.Fatalf("progress %d before any case", n)
		}
		log[len(log)-1] = n
	}
	src, err := Open(spec)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	cfg := Config{Workers: 4, Cases: func(*Case) error { log = append(log, -1); return nil }}
	if _, err := Score(context.Background(), src, cfg); err != nil {
		t.Fatal(err)
	}
	return log
}

// records writes n records to a file in dir named name, one a line
// (blank lines and a CRLF between some), and returns the offsets just
// past each record's line end.
func records(t *testing.T, dir, name string, n int, rec func(i int) string) (path string, ends []int64) {
	t.Helper()
	var b strings.Builder
	for i := range n {
		if i%7 == 3 {
			b.WriteString("\n  \n")
		}
		b.WriteString(rec(i))
		if i%5 == 1 {
			b.WriteString("\r")
		}
		b.WriteString("\n")
		ends = append(ends, int64(b.Len()))
	}
	path = filepath.Join(dir, name)
	writeTestFile(t, path, []byte(b.String()))
	return path, ends
}

// refRecord is the i-th record of a file of records that holds both
// sides, of varied length.
func refRecord(i int) string {
	return fmt.Sprintf(`{"id": "c%d", "expected": {"x": %d, "s": %q}, "output": {"x": %d}}`, i, i, strings.Repeat("é", i%41), i%3)
}

// checkLog compares the progress after each case with want.
func checkLog(t *testing.T, got, want []int64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d cases, want %d", len(got), len(want))
	}
	for k := range want {
		if got[k] != want[k] {
			t.Fatalf("after case %d: progress %d bytes, want %d (the bytes of the cases done)", k+1, got[k], want[k])
		}
	}
}

// TestProgressIsWorkDone: after k cases of a file of records, Spec.Progress
// has reported exactly the bytes of their records, line ends and the blank
// lines between included, not the bytes read ahead of them (three
// batches: the reader runs ahead of the cases scored).
func TestProgressIsWorkDone(t *testing.T) {
	dir := t.TempDir()
	path, ends := records(t, dir, "d.jsonl", 3*batchCases/2*2, refRecord)
	checkLog(t, progressLog(t, Spec{Ref: path}), ends)
	st, _ := os.Stat(path)
	if ends[len(ends)-1] != st.Size() {
		t.Fatalf("the last record ends at %d of %d", ends[len(ends)-1], st.Size())
	}
}

// TestProgressTwoFiles: by line, the references' and the outputs' bytes
// of the cases done (the outputs past the references last); by id, the
// references' bytes and those of the output records the cases took.
func TestProgressTwoFiles(t *testing.T) {
	dir := t.TempDir()
	ref, refEnds := records(t, dir, "r.jsonl", 700, func(i int) string {
		return fmt.Sprintf(`{"expected": {"x": %d, "s": %q}}`, i, strings.Repeat("a", i%13))
	})
	out, outEnds := records(t, dir, "o.jsonl", 710, func(i int) string {
		return fmt.Sprintf(`{"output": {"x": %d}}`, i%4)
	})
	want := make([]int64, 710)
	for k := range want {
		want[k] = outEnds[k]
		if k < len(refEnds) {
			want[k] += refEnds[k]
		} else {
			want[k] += refEnds[len(refEnds)-1]
		}
	}
	checkLog(t, progressLog(t, Spec{Ref: ref, Out: out}), want)

	// By id: the outputs in another order, one that no case takes, and a
	// case without its output.
	ref, refEnds = records(t, dir, "ri.jsonl", 600, func(i int) string {
		return fmt.Sprintf(`{"id": "c%d", "expected": {"x": %d}}`, i, i)
	})
	outRec := func(i int) string {
		return fmt.Sprintf(`{"id": "c%d", "output": {"x": %d, "pad": %q}}`, i, i%2, strings.Repeat("z", i%9))
	}
	var b strings.Builder
	for i := 600; i >= 0; i-- {
		if i != 17 {
			b.WriteString(outRec(i) + "\n")
		}
	}
	out = filepath.Join(dir, "oi.jsonl")
	writeTestFile(t, out, []byte(b.String()))
	want = want[:0]
	var claimed int64
	for k := range 600 {
		if k != 17 {
			claimed += int64(len(outRec(k)))
		}
		want = append(want, refEnds[k]+claimed)
	}
	want = append(want, -1) // the extra output, c600: no report
	checkLog(t, progressLog(t, Spec{Ref: ref, Out: out}), want)
}

// TestProgressArrayAndCSV: a JSON array's records end where their value
// ends; a CSV file's, past their row.
func TestProgressArrayAndCSV(t *testing.T) {
	first, second := `{"expected": {"x": 1}, "output": {"x": 1}}`, `{"expected": {"x": 22}, "output": {"x": 2}}`
	array := "[" + first + ",\n  " + second + " ]\n"
	head, row1, row2 := "id,expected,output\n", "a,\"{\"\"x\"\": 1}\",\"{\"\"x\"\": 2}\"\n", "b,\"{\"\"x\"\": 2,\n\"\"y\"\": 3}\",\n"
	dir := files(t, map[string]string{"a.json": array, "c.csv": head + row1 + row2})
	end := int64(strings.Index(array, second) + len(second))
	checkLog(t, progressLog(t, Spec{Ref: filepath.Join(dir, "a.json"), Array: true}), []int64{1 + int64(len(first)), end})
	rows := []int64{int64(len(head + row1)), int64(len(head + row1 + row2))}
	checkLog(t, progressLog(t, Spec{Ref: filepath.Join(dir, "c.csv")}), rows)
}

// TestProgressLongRecords: a record read into a buffer of its own (a
// line or an array element longer than the reader's half buffer) ends
// where it ends too.
func TestProgressLongRecords(t *testing.T) {
	dir := t.TempDir()
	long := func(i int) string {
		return fmt.Sprintf(`{"expected": {"x": %q}, "output": {"x": "b"}}`, strings.Repeat("a", (i%2)*(3*longLine)+1))
	}
	path, ends := records(t, dir, "d.jsonl", 4, long)
	checkLog(t, progressLog(t, Spec{Ref: path}), ends)

	elems := []string{long(0), long(1), long(2)}
	array := "[" + strings.Join(elems, ",") + "]"
	path = filepath.Join(dir, "d.json")
	writeTestFile(t, path, []byte(array))
	at := int64(1)
	var want []int64
	for _, e := range elems {
		want = append(want, at+int64(len(e)))
		at += int64(len(e)) + 1
	}
	checkLog(t, progressLog(t, Spec{Ref: path, Array: true}), want)
}
