package dataset

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// tinyCases writes n tiny cases to a file in dir and returns its name.
// With shared, every case that loses fails at .a or .b by the same loss,
// so that the cases share their costliest leaf; without, each case's .a
// is off by its own amount, a costliest leaf of its own a case.
func tinyCases(dir string, n int, shared bool) (string, error) {
	var sb strings.Builder
	for i := range n {
		if shared {
			fmt.Fprintf(&sb, `{"id":"c%d","reference":{"a":%d,"b":"x"},"output":{"a":%d,"b":"y"}}`+"\n", i, i, i%7)
		} else {
			fmt.Fprintf(&sb, `{"id":"c%d","reference":{"a":%d,"b":"x"},"output":{"a":%d,"b":"x"}}`+"\n", i, 2*i+1, i)
		}
	}
	name := filepath.Join(dir, fmt.Sprintf("tiny-%v.jsonl", shared))
	return name, os.WriteFile(name, []byte(sb.String()), 0o644)
}

// BenchmarkBytesKeptPerTinyCase measures what a headless run keeps for
// each tiny case once it is done (the heap still in use while its Result
// is held, after a collection, over the cases): the "bytes/case" metric.
// It runs with the cases sharing their costliest leaf and not (each case
// pays for its own), with the case lines out (--format jsonl) and
// without (text).
func BenchmarkBytesKeptPerTinyCase(b *testing.B) {
	const n = 20000
	for _, shared := range []bool{true, false} {
		name, err := tinyCases(b.TempDir(), n, shared)
		if err != nil {
			b.Fatal(err)
		}
		for _, lines := range []bool{true, false} {
			b.Run(fmt.Sprintf("worst=%s/lines=%v", map[bool]string{true: "shared", false: "own"}[shared], lines), func(b *testing.B) {
				var per float64
				for b.Loop() {
					per = bytesKept(b, name, lines, n)
				}
				b.ReportMetric(per, "bytes/case")
			})
		}
	}
}

// bytesKept scores the n cases of file name and returns the bytes a case
// that its Result holds.
func bytesKept(b *testing.B, name string, lines bool, n int) float64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	src, err := Open(Spec{Ref: name})
	if err != nil {
		b.Fatal(err)
	}
	cfg := Config{Lines: lines}
	if lines {
		cfg.Cases = func(*Case) error { return nil }
	}
	res, err := Score(context.Background(), src, cfg)
	if err != nil {
		b.Fatal(err)
	}
	src.Close()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(res)
	return float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(n)
}
