package cli

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// writeWidePair writes into dir a pair of one object of n keys, "k0": 0
// and on, the output's values one higher for every third key (a
// mismatch), without whitespace: the shape on which `jsontui score` once
// peaked at 23 times its input (issue 10). It returns the files and their
// size together.
func writeWidePair(b *testing.B, dir string, n int) (ref, out string, size int64) {
	b.Helper()
	ref, out = filepath.Join(dir, "ref.json"), filepath.Join(dir, "out.json")
	for _, side := range []struct {
		path string
		bump bool
	}{{ref, false}, {out, true}} {
		f, err := os.Create(side.path)
		if err != nil {
			b.Fatal(err)
		}
		w := bufio.NewWriterSize(f, 1<<20)
		var line []byte
		w.WriteByte('{')
		for i := range n {
			v := i
			if side.bump && i%3 == 0 {
				v++
			}
			line = line[:0]
			if i > 0 {
				line = append(line, ',')
			}
			line = append(line, `"k`...)
			line = strconv.AppendInt(line, int64(i), 10)
			line = append(line, `":`...)
			line = strconv.AppendInt(line, int64(v), 10)
			w.Write(line)
		}
		w.WriteByte('}')
		if err := w.Flush(); err != nil {
			b.Fatal(err)
		}
		st, err := f.Stat()
		if err != nil {
			b.Fatal(err)
		}
		size += st.Size()
		if err := f.Close(); err != nil {
			b.Fatal(err)
		}
	}
	return ref, out, size
}

// BenchmarkScorePeak runs `jsontui score` on one object of 100k, 1M and
// 10M keys (100k only with -short), in a process of its own, as a user
// does: the report printed in each format (to /dev/null: 73 MB of text at
// 1M keys) and the run recorded into a fresh history store. It reports
// the peak resident memory of the process as a multiple of the input (the
// two files together), "x-input": the target is at most 4.
func BenchmarkScorePeak(b *testing.B) {
	sizes := []int{100_000, 1_000_000, 10_000_000}
	if testing.Short() {
		sizes = sizes[:1]
	}
	formats := []struct {
		name string
		args []string
	}{
		{"text", nil},
		{"json", []string{"--format", "json"}},
		{"markdown", []string{"--format", "markdown"}},
		{"quiet", []string{"--quiet"}},
	}
	for _, n := range sizes {
		b.Run(keysName(n), func(b *testing.B) {
			dir := b.TempDir()
			ref, out, size := writeWidePair(b, dir, n)
			for _, f := range formats {
				b.Run(f.name, func(b *testing.B) {
					store := filepath.Join(dir, "history.db")
					var took time.Duration
					var peak int64
					for b.Loop() {
						b.StopTimer()
						if err := os.Remove(store); err != nil && !os.IsNotExist(err) {
							b.Fatal(err)
						}
						b.StartTimer()
						args := append([]string{"score", ref, out, "--history", store}, f.args...)
						t, rss := runSelf(b, nil, args...)
						took += t
						peak = max(peak, rss)
					}
					b.ReportMetric(took.Seconds()/float64(b.N), "s/score")
					b.ReportMetric(float64(peak)/(1<<20), "MB-peak")
					b.ReportMetric(float64(peak)/float64(size), "x-input")
				})
			}
		})
	}
}

// keysName names a count of keys: "100k-keys", "1M-keys".
func keysName(n int) string {
	switch {
	case n >= 1_000_000 && n%1_000_000 == 0:
		return fmt.Sprintf("%dM-keys", n/1_000_000)
	case n >= 1000 && n%1000 == 0:
		return fmt.Sprintf("%dk-keys", n/1000)
	}
	return fmt.Sprintf("%d-keys", n)
}
