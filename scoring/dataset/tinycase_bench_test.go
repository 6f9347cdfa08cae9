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

// BenchmarkBytesKeptPerTinyCase measures what a headless run keeps for
// each tiny case once it is done (the heap still in use while its Result
// is held, after a collection, over the cases), with the case lines out
// (--format jsonl) and without (text): the "bytes/case" metric.
func BenchmarkBytesKeptPerTinyCase(b *testing.B) {
	const n = 20000
	var sb strings.Builder
	for i := range n {
		fmt.Fprintf(&sb, `{"id":"c%d","reference":{"a":%d,"b":"x"},"output":{"a":%d,"b":"y"}}`+"\n", i, i, i%7)
	}
	name := filepath.Join(b.TempDir(), "tiny.jsonl")
	if err := os.WriteFile(name, []byte(sb.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, lines := range []bool{true, false} {
		b.Run(fmt.Sprintf("lines=%v", lines), func(b *testing.B) {
			var per float64
			for b.Loop() {
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
				per = float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / n
				runtime.KeepAlive(res)
			}
			b.ReportMetric(per, "bytes/case")
		})
	}
}
