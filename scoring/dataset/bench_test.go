package dataset

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

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
	dir := filepath.Join("..", "..", "testdata", "bench")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	p := filepath.Join(dir, fmt.Sprintf("data-%d.jsonl", mb))
	if _, err := os.Stat(p); err != nil {
		f, err := os.Create(p + ".tmp")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := gen.WriteRecords(f, gen.DatasetOptions{Size: int64(mb) << 20, Seed: 1}); err != nil {
			b.Fatal(err)
		}
		if err := f.Close(); err != nil {
			b.Fatal(err)
		}
		if err := os.Rename(p+".tmp", p); err != nil {
			b.Fatal(err)
		}
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
	for _, mb := range benchSizes(b) {
		p := benchRecords(b, mb)
		st, _ := os.Stat(p)
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			b.SetBytes(st.Size())
			for b.Loop() {
				src, err := Open(Spec{Ref: p})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := Score(context.Background(), src, Config{}); err != nil {
					b.Fatal(err)
				}
				src.Close()
			}
		})
	}
}

// BenchmarkUnmarshalLines is the yardstick of BenchmarkScore:
// encoding/json merely unmarshalling every line of the same file into
// any, on one core, reading the file as Score does.
func BenchmarkUnmarshalLines(b *testing.B) {
	for _, mb := range benchSizes(b) {
		p := benchRecords(b, mb)
		st, _ := os.Stat(p)
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			b.SetBytes(st.Size())
			for b.Loop() {
				f, err := os.Open(p)
				if err != nil {
					b.Fatal(err)
				}
				sc := bufio.NewScanner(f)
				sc.Buffer(make([]byte, 1<<20), 1<<30)
				for sc.Scan() {
					if len(bytes.TrimSpace(sc.Bytes())) == 0 {
						continue
					}
					var v any
					if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
						b.Fatal(err)
					}
				}
				f.Close()
			}
		})
	}
}
