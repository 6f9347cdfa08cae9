package dataset

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/jsontui/jsontui/internal/bench"
	"github.com/jsontui/jsontui/scoring/gen"
)

// benchFiles are generated datasets, made once per size in
// testdata/bench (ignored by git) and kept between runs.
var benchFiles sync.Map

// benchRecords returns the path of a generated one-file dataset of about
// mb megabytes.
func benchRecords(b *testing.B, mb int) string {
	b.Helper()
	key := fmt.Sprintf("records-%d", mb)
	if p, ok := benchFiles.Load(key); ok {
		return p.(string)
	}
	p := filepath.Join("..", "..", "testdata", "bench", fmt.Sprintf("data-%d.jsonl", mb))
	if err := gen.WriteRecordsFile(p, gen.DatasetOptions{Size: int64(mb) << 20, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	benchFiles.Store(key, p)
	return p
}

func benchSizes(b *testing.B) []int {
	if testing.Short() {
		return []int{1, 10}
	}
	return []int{1, 10, 100}
}

// BenchmarkScore times scoring a one-file dataset headless, as `score
// --quiet --no-history` does: streamed, on every core.
func BenchmarkScore(b *testing.B) {
	benchOverFiles(b, func(p string) error {
		src, err := Open(Spec{Ref: p})
		if err != nil {
			return err
		}
		defer src.Close()
		_, err = Score(context.Background(), src, Config{})
		return err
	})
}

// benchOverFiles times op on the generated one-file dataset of each of
// benchSizes, with its bytes and the CPU time per operation.
func benchOverFiles(b *testing.B, op func(path string) error) {
	for _, mb := range benchSizes(b) {
		p := benchRecords(b, mb)
		st, _ := os.Stat(p)
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			b.SetBytes(st.Size())
			start := bench.CPUTime()
			for b.Loop() {
				if err := op(p); err != nil {
					b.Fatal(err)
				}
			}
			bench.ReportCPU(b, start)
		})
	}
}

// BenchmarkUnmarshalLines is the yardstick of BenchmarkScore:
// encoding/json merely unmarshalling every line of the same file into
// any, on one core, reading the file as Score does.
func BenchmarkUnmarshalLines(b *testing.B) {
	benchOverFiles(b, bench.UnmarshalLines)
}

// benchCases returns the path of a generated one-file dataset of n cases.
func benchCases(b *testing.B, n int) string {
	b.Helper()
	p := filepath.Join("..", "..", "testdata", "bench", fmt.Sprintf("data-%dc.jsonl", n))
	if err := gen.WriteRecordsFile(p, gen.DatasetOptions{Cases: n, Seed: 2}); err != nil {
		b.Fatal(err)
	}
	return p
}

// BenchmarkReweight times setting the weight of one schema path of a
// dataset held in memory (Scored.SetWeight): every case's scores, shares
// and losses recomputed from the raw scores, and the new dataset score,
// stats and per-path figures, nothing compared again. The target
// is 50 ms for 100,000 cases (about 6M nodes) on 2 cores.
func BenchmarkReweight(b *testing.B) {
	sizes := []int{10_000, 100_000, 130_000} // 130,000 generated cases hold about 6M nodes
	if testing.Short() {
		sizes = sizes[:1]
	}
	for _, n := range sizes {
		p := benchCases(b, n)
		src, err := Open(Spec{Ref: p})
		if err != nil {
			b.Fatal(err)
		}
		res, err := Score(context.Background(), src, Config{Keep: true})
		src.Close()
		if err != nil {
			b.Fatal(err)
		}
		d := res.Scored
		for _, path := range []string{".vendor", ".items[].unit_price"} {
			b.Run(fmt.Sprintf("%dcases/%s", n, path), func(b *testing.B) {
				w := 0.5
				start := bench.CPUTime()
				for b.Loop() {
					if err := d.SetWeight(path, w); err != nil {
						b.Fatal(err)
					}
					_ = d.Paths()
					_ = d.Stats()
					w = 1.5 - w // 0.5, 1, 0.5, ...
				}
				bench.ReportCPU(b, start)
				b.ReportMetric(float64(len(d.f.path)), "nodes")
			})
		}
	}
}
