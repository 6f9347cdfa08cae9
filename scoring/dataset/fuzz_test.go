package dataset

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"testing"
	"testing/iotest"
)

// readAll reads every record of r as a reader of format f would, and the
// error that ended it (nil at the end of the input).
func readAll(r io.Reader, f Format) ([]Record, error) {
	rr := NewRecordReader("f", r, f)
	var out []Record
	for {
		rec, err := rr.Next()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		rec.Data = bytes.Clone(rec.Data)
		out = append(out, rec)
		if len(out) > 1<<16 {
			return out, errors.New("too many records")
		}
	}
}

// FuzzRecords reads any input as JSON Lines and as an array of records,
// whole and a byte at a time: it never panics, both reads agree, the
// lines are the input's non-blank lines, and an array that encoding/json
// reads yields its elements.
func FuzzRecords(f *testing.F) {
	for _, s := range []string{
		"{\"a\": 1}\n{\"b\": [1, 2]}\n",
		"\xEF\xBB\xBF{\"a\": 1}\r\n\r\n  \n{\"b\": \"x\\\"y\"}",
		"[{\"a\": 1}, {\"b\": \"]\"}, 3, \"s\", null]",
		"[ ]",
		"[{\"a\": 1},]",
		"[1 2]",
		"[\"a\\\\\", \"b\"]",
		"[{\"a\": [1, {\"b\": \"}\"}]}\n,\n{}] ",
		"{\"unterminated\": \"x",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, format := range []Format{Lines, Array} {
			whole, errWhole := readAll(bytes.NewReader(data), format)
			bytewise, errBytes := readAll(iotest.OneByteReader(bytes.NewReader(data)), format)
			if (errWhole == nil) != (errBytes == nil) || errWhole != nil && errWhole.Error() != errBytes.Error() {
				t.Fatalf("format %d: errors differ: %v / %v", format, errWhole, errBytes)
			}
			if len(whole) != len(bytewise) {
				t.Fatalf("format %d: %d records whole, %d byte by byte", format, len(whole), len(bytewise))
			}
			for i := range whole {
				a, b := whole[i], bytewise[i]
				if !bytes.Equal(a.Data, b.Data) || a.N != b.N || a.Line != b.Line || a.Col != b.Col || a.Offset != b.Offset {
					t.Fatalf("format %d: record %d differs: %+v / %+v", format, i, a, b)
				}
				if !bytes.Equal(data[a.Offset:a.Offset+int64(len(a.Data))], a.Data) {
					t.Fatalf("format %d: record %d is not the input at its offset", format, i)
				}
			}
			body := bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
			switch format {
			case Lines:
				var want [][]byte
				for _, l := range bytes.Split(body, []byte{'\n'}) {
					l = bytes.TrimSuffix(l, []byte{'\r'})
					if len(bytes.Trim(l, " \t\r")) > 0 {
						want = append(want, l)
					}
				}
				if errWhole == nil && len(want) != len(whole) {
					t.Fatalf("%d lines, want %d", len(whole), len(want))
				}
				for i := range min(len(want), len(whole)) {
					if !bytes.Equal(want[i], whole[i].Data) {
						t.Fatalf("line %d: %q, want %q", i, whole[i].Data, want[i])
					}
				}
			case Array:
				var elems []json.RawMessage
				if t := bytes.TrimLeft(body, " \t\r\n"); len(t) == 0 || t[0] != '[' || json.Unmarshal(body, &elems) != nil {
					return // not an array (encoding/json takes null for an empty one)
				}
				if errWhole != nil {
					t.Fatalf("encoding/json reads the array, the reader fails: %v", errWhole)
				}
				if len(elems) != len(whole) {
					t.Fatalf("%d records, encoding/json %d", len(whole), len(elems))
				}
				for i := range elems {
					if !bytes.Equal(bytes.TrimSpace(elems[i]), whole[i].Data) {
						t.Fatalf("record %d: %q, encoding/json %q", i, whole[i].Data, elems[i])
					}
				}
			}
		}
	})
}

// FuzzScore scores any input as a one-file dataset: it never panics, and a
// dataset it scores has sound figures (the root's loss is 1 − score).
func FuzzScore(f *testing.F) {
	for _, s := range []string{
		"{\"id\": \"a\", \"expected\": {\"x\": [1, {\"y\": \"z\"}]}, \"output\": \"```json\\n{\\\"x\\\": [1]}\\n```\"}\n",
		"{\"expected\": \"[1, 2]\", \"output\": [1, 3]}\n{\"expected\": {}, \"output\": {\"a\": null}}\n",
		"[{\"reference\": 1, \"response\": \"1\"}, {\"ideal\": null}]",
		"{\"expected\": {\"a\": {\"b\": []}}, \"output\": {\"a\": 5}}\n{\"expected\": {\"a\": 3}, \"output\": {\"a\": {\"b\": [1]}}}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		src, err := Open(Spec{Ref: "-", Stdin: bytes.NewReader(data)})
		if err != nil {
			return
		}
		defer src.Close()
		res, err := Score(t.Context(), src, Config{Workers: 2, Keep: true})
		if err != nil {
			return
		}
		fg := res.Figures
		if len(fg.Paths) > 0 && fg.HasScore && fg.Stats.Ignored == 0 && math.Abs(fg.Paths[0].Loss-(1-fg.Score)) > 1e-9 {
			t.Fatalf("root loss %v, score %v", fg.Paths[0].Loss, fg.Score)
		}
		if err := res.Scored.SetWeight(".", 0.5); err == nil {
			t.Fatal("the root took a weight")
		}
		for _, p := range fg.Paths {
			res.Scored.SetWeight(p.Path, 0.5)
		}
		for k := range res.Scored.Len() {
			res.Scored.Case(k)
		}
	})
}
