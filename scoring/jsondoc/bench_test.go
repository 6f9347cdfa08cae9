package jsondoc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"unsafe"

	"github.com/jsontui/jsontui/scoring/gen"
)

var (
	benchMu   sync.Mutex
	benchDocs = map[int][2][]byte{}
)

// benchPair returns a generated reference/output pair of about mb MB.
func benchPair(mb int) (ref, out []byte) {
	benchMu.Lock()
	defer benchMu.Unlock()
	p, ok := benchDocs[mb]
	if !ok {
		r, o := gen.Pair(mb<<20, 1)
		p = [2][]byte{r, o}
		benchDocs[mb] = p
	}
	return p[0], p[1]
}

func benchSizes(b *testing.B) []int {
	if testing.Short() {
		return []int{1}
	}
	return []int{1, 20, 200}
}

// BenchmarkParse reports parse throughput into the ordered tree (MB/s) and
// the bytes allocated per input byte.
func BenchmarkParse(b *testing.B) {
	for _, mb := range benchSizes(b) {
		src, _ := benchPair(mb)
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			var alloc uint64
			for b.Loop() {
				d, err := Parse("bench.json", src, nil)
				if err != nil {
					b.Fatal(err)
				}
				alloc = uint64(cap(d.nodes)) * uint64(unsafe.Sizeof(node{}))
			}
			b.ReportMetric(float64(alloc)/float64(len(src)), "tree-bytes/input-byte")
		})
	}
}

// BenchmarkEncodingJSON is the yardstick: encoding/json unmarshalling the
// same document into any.
func BenchmarkEncodingJSON(b *testing.B) {
	for _, mb := range benchSizes(b) {
		if mb > 20 {
			continue
		}
		src, _ := benchPair(mb)
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				var v any
				if err := json.Unmarshal(src, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkParseDuplicates parses a 4 MB document that repeats a key in
// each of its 50,000 records, on one line and on many: each repeat is a
// warning with its line:col, which must not cost a scan from the start.
func BenchmarkParseDuplicates(b *testing.B) {
	for _, sep := range []string{"", "\n"} {
		var buf []byte
		buf = append(buf, '[')
		for i := range 50000 {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, sep...)
			buf = fmt.Appendf(buf, `{"name": "x", "name": "record %d", "note": "%s"}`, i, "ünïcödé text to pad the record out")
		}
		buf = append(buf, ']')
		name := "one-line"
		if sep != "" {
			name = "lines"
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(buf)))
			for b.Loop() {
				d, err := Parse("dups.json", buf, nil)
				if err != nil {
					b.Fatal(err)
				}
				if n := len(d.Warnings()) + d.OmittedWarnings(); n != 50000 {
					b.Fatalf("%d warnings", n)
				}
			}
		})
	}
}

// wideKeyCounts are the sizes of the wide-object benchmarks: one object
// of 100k, 1M and 10M keys (issue 10: 1M keys peaked at 23 times the
// input).
func wideKeyCounts() []int {
	if testing.Short() {
		return []int{100_000}
	}
	return []int{100_000, 1_000_000, 10_000_000}
}

// BenchmarkParseWide parses one object of n keys, as issue 10's files.
// "scratch-B/key" is what the parse allocates per key besides the
// document's value table (the duplicate-key check's table): it stays
// between 4 and 11 bytes a key at any size.
func BenchmarkParseWide(b *testing.B) {
	for _, n := range wideKeyCounts() {
		src := wideObject(n)
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			var table uint64
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for b.Loop() {
				d, err := Parse("wide.json", src, nil)
				if err != nil {
					b.Fatal(err)
				}
				table += uint64(cap(d.nodes)) * uint64(unsafe.Sizeof(node{}))
			}
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc-table)/float64(b.N)/float64(n), "scratch-B/key")
		})
	}
}

// BenchmarkStrModelText decodes model text quoted in a JSON string (an
// answer given as text, a fenced block of JSON with an escape every few
// bytes), as a dataset's record holds it.
func BenchmarkStrModelText(b *testing.B) {
	text := "Here is the extracted invoice:\n```json\n" + `{"invoice_number": "INV-2024-00004", "date": "2024-06-11", ` +
		`"vendor": {"name": "Café Zürich", "address": {"street": "Via Roma 102", "city": "Porto", "zip": "10721"}}, ` +
		`"items": [{"sku": "H-203", "description": "LED panel 60x60", "qty": 12, "unit_price": 141.22}], "paid": true}` + "\n```"
	src := AppendQuoted(nil, text)
	d, err := Parse("text", src, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if d.Str(0) != text {
			b.Fatal("decoded wrong")
		}
	}
}

// BenchmarkParseRecords parses every line of a generated one-file dataset
// (8 MB of records: short strings with a few non-ASCII names, small
// numbers, a space after each comma and colon), as a dataset's reader
// does, one record at a time.
func BenchmarkParseRecords(b *testing.B) {
	var buf bytes.Buffer
	if _, err := gen.WriteRecords(&buf, gen.DatasetOptions{Size: 8 << 20, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSpace(buf.Bytes()), []byte{'\n'})
	b.SetBytes(int64(buf.Len()))
	for b.Loop() {
		for _, l := range lines {
			d, err := Parse("records.jsonl", l, nil)
			if err != nil {
				b.Fatal(err)
			}
			d.Release()
		}
	}
}
