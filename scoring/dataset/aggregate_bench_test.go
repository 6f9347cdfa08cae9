package dataset

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jsontui/jsontui/internal/bench"
)

// benchCaseLines returns the path of the case lines (Score's with Lines,
// as score --format jsonl prints them) of the generated one-file dataset
// of about mb megabytes, made once in testdata/bench.
func benchCaseLines(b *testing.B, mb int) string {
	b.Helper()
	key := fmt.Sprintf("cases-%d", mb)
	if p, ok := benchFiles.Load(key); ok {
		return p.(string)
	}
	p := filepath.Join("..", "..", "testdata", "bench", fmt.Sprintf("cases-%d.jsonl", mb))
	if _, err := os.Stat(p); err != nil {
		src, err := Open(Spec{Ref: benchRecords(b, mb)})
		if err != nil {
			b.Fatal(err)
		}
		defer src.Close()
		tmp := p + ".tmp"
		f, err := os.Create(tmp)
		if err != nil {
			b.Fatal(err)
		}
		w := bufio.NewWriterSize(f, 1<<20)
		_, err = Score(context.Background(), src, Config{Lines: true, Cases: func(c *Case) error {
			_, err := w.Write(c.Line)
			return err
		}})
		if err == nil {
			err = w.Flush()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(tmp, p)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	benchFiles.Store(key, p)
	return p
}

// BenchmarkAggregate times `aggregate` over the case lines of the
// generated datasets of benchSizes, read as one shard: the figures alone
// (text, json, markdown), and with the case lines given back as --format
// jsonl prints them (to io.Discard). Its bytes are the case lines'.
func BenchmarkAggregate(b *testing.B) {
	for _, mb := range benchSizes(b) {
		p := benchCaseLines(b, mb)
		st, err := os.Stat(p)
		if err != nil {
			b.Fatal(err)
		}
		for _, jsonl := range []bool{false, true} {
			name := fmt.Sprintf("%dMB/figures", mb)
			if jsonl {
				name = fmt.Sprintf("%dMB/jsonl", mb)
			}
			b.Run(name, func(b *testing.B) {
				b.SetBytes(st.Size())
				start := bench.CPUTime()
				for b.Loop() {
					f, err := os.Open(p)
					if err != nil {
						b.Fatal(err)
					}
					cfg := AggregateConfig{}
					if jsonl {
						w := bufio.NewWriterSize(io.Discard, 256<<10)
						cfg.CaseLines = func(line []byte) error {
							if _, err := w.Write(line); err != nil {
								return err
							}
							return w.WriteByte('\n')
						}
					}
					_, err = Aggregate(context.Background(), []Shard{{Name: p, R: bufio.NewReaderSize(f, 1<<20)}}, cfg)
					f.Close()
					if err != nil {
						b.Fatal(err)
					}
				}
				bench.ReportCPU(b, start)
			})
		}
	}
}

// BenchmarkReduceAgainstScore interleaves, on the generated one-file
// datasets, scoring the whole (as score --quiet does) and aggregating its
// case lines read as one shard, and reports the reduce's CPU time over
// the whole's (aggregate/score, the goal ≤ 0.5) and the case lines'
// bytes over the input's (line-bytes/input-byte, the goal ≤ 1.5).
func BenchmarkReduceAgainstScore(b *testing.B) {
	for _, mb := range benchSizes(b) {
		records, lines := benchRecords(b, mb), benchCaseLines(b, mb)
		in, err := os.Stat(records)
		if err != nil {
			b.Fatal(err)
		}
		out, err := os.Stat(lines)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			var score, reduce time.Duration
			for b.Loop() {
				start := bench.CPUTime()
				src, err := Open(Spec{Ref: records})
				if err != nil {
					b.Fatal(err)
				}
				_, err = Score(context.Background(), src, Config{})
				src.Close()
				if err != nil {
					b.Fatal(err)
				}
				mid := bench.CPUTime()
				f, err := os.Open(lines)
				if err != nil {
					b.Fatal(err)
				}
				_, err = Aggregate(context.Background(), []Shard{{Name: lines, R: bufio.NewReaderSize(f, 1<<20)}}, AggregateConfig{})
				f.Close()
				if err != nil {
					b.Fatal(err)
				}
				score, reduce = score+mid-start, reduce+bench.CPUTime()-mid
			}
			b.ReportMetric(float64(reduce)/float64(score), "aggregate/score")
			b.ReportMetric(float64(out.Size())/float64(in.Size()), "line-bytes/input-byte")
		})
	}
}
