package history

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jsontui/jsontui/internal/bench"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/gen"
)

// benchDataset returns a generated one-file dataset of n invoice cases
// in testdata/bench (ignored by git), made once and kept: model 0 is the
// dataset benchmarks' own (seed 2, as scoring/dataset's), models 1 and 2
// answer the same cases, the second making fewer mistakes.
func benchDataset(b *testing.B, n int, model uint64) string {
	b.Helper()
	name := fmt.Sprintf("data-%dc.jsonl", n)
	opt := gen.DatasetOptions{Cases: n, Seed: 2, Model: model}
	if model != 0 {
		name = fmt.Sprintf("data-%dc-m%d.jsonl", n, model)
		opt.Mistakes = 5 - int(model) // model 1: 0–3 mistakes, model 2: 0–2
	}
	p := filepath.Join("..", "testdata", "bench", name)
	if err := gen.WriteRecordsFile(p, opt); err != nil {
		b.Fatal(err)
	}
	return p
}

func benchCaseCounts(b *testing.B) []int {
	if testing.Short() {
		return []int{10_000}
	}
	return []int{10_000, 100_000}
}

// scoreDataset scores the dataset at path, recording it unless rec is
// nil.
func scoreDataset(b *testing.B, path string, rec *DatasetRecorder) *dataset.Result {
	src, err := dataset.Open(dataset.Spec{Ref: path})
	if err != nil {
		b.Fatal(err)
	}
	defer src.Close()
	var cfg dataset.Config
	if rec != nil {
		cfg.NewEncoder, cfg.Cases = rec.Encoder, rec.Add
	}
	res, err := dataset.Score(context.Background(), src, cfg)
	if err != nil {
		b.Fatal(err)
	}
	return res
}

// BenchmarkRecordDataset scores a generated dataset headless, as `score
// --quiet` does, without the history (none) and recording it (record):
// the cases' figures are laid out by the workers and compressed on other
// goroutines while the dataset is scored. It reports the time until the
// figures are out (score-ms: when `score` prints), the time the run
// takes to be kept after that (kept-ms), the CPU time, and what the run
// takes in the store: the pages it uses (bytes/node) and the file's size
// (file-bytes/node; bolt grows a file by up to 16 MB ahead of its pages).
// The target: at most 3 bytes a node, off the critical path.
func BenchmarkRecordDataset(b *testing.B) {
	for _, n := range benchCaseCounts(b) {
		path := benchDataset(b, n, 0)
		for _, record := range []bool{false, true} {
			name := fmt.Sprintf("%dcases/none", n)
			if record {
				name = fmt.Sprintf("%dcases/record", n)
			}
			b.Run(name, func(b *testing.B) {
				var scoreT, keptT time.Duration
				var nodes int
				var used, file int64
				start := bench.CPUTime()
				for b.Loop() {
					t0 := time.Now()
					if !record {
						scoreDataset(b, path, nil)
						scoreT += time.Since(t0)
						continue
					}
					rec := NewDatasetRecorder()
					res := scoreDataset(b, path, rec)
					scoreT += time.Since(t0)
					t1 := time.Now()
					p, err := rec.Prepare(&Run{Source: SourceScore, Reference: NewFile(path, nil), Output: NewFile(path, nil)},
						DatasetSpec{Pairing: res.Pairing, Fields: res.Fields, MatchThreshold: 1}, res.Figures)
					if err != nil {
						b.Fatal(err)
					}
					b.StopTimer()
					s := Open(filepath.Join(b.TempDir(), "history.db"))
					b.StartTimer()
					if _, err := s.Commit(p); err != nil {
						b.Fatal(err)
					}
					keptT += time.Since(t1)
					b.StopTimer()
					nodes = p.rec.ds.Nodes
					check, err := s.Check()
					if err != nil || len(check.Problems) > 0 {
						b.Fatalf("check: %+v, %v", check, err)
					}
					used = int64(check.Pages-check.Free) * int64(os.Getpagesize())
					file = check.Size
					b.StartTimer()
				}
				ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) / float64(b.N) }
				b.ReportMetric(ms(scoreT), "score-ms")
				bench.ReportCPU(b, start)
				if record {
					b.ReportMetric(ms(keptT), "kept-ms")
					b.ReportMetric(float64(used)/float64(nodes), "bytes/node")
					b.ReportMetric(float64(file)/float64(nodes), "file-bytes/node")
					b.ReportMetric(float64(nodes), "nodes")
				}
			})
		}
	}
}

// BenchmarkDatasetDiff times `history diff A B` of two recorded runs of a
// dataset (two models' answers to the same cases): both runs read from
// the store (every piece checked), their figures decoded, the cases
// paired and compared. The target: 1 s for 100,000 cases.
func BenchmarkDatasetDiff(b *testing.B) {
	for _, n := range benchCaseCounts(b) {
		s := Open(filepath.Join(b.TempDir(), "history.db"))
		var ids [2]string
		for i := range ids {
			path := benchDataset(b, n, uint64(i+1))
			rec := NewDatasetRecorder()
			res := scoreDataset(b, path, rec)
			p, err := rec.Prepare(&Run{Source: SourceScore, Reference: NewFile(path, nil), Output: NewFile(path, nil)},
				DatasetSpec{Pairing: res.Pairing, Fields: res.Fields, MatchThreshold: 1}, res.Figures)
			if err != nil {
				b.Fatal(err)
			}
			if ids[i], err = s.Commit(p); err != nil {
				b.Fatal(err)
			}
		}
		b.Run(fmt.Sprintf("%dcases", n), func(b *testing.B) {
			var c *dataset.Comparison
			start := bench.CPUTime()
			for b.Loop() {
				var sides [2]dataset.CompareSide
				for i, id := range ids {
					run, err := s.Get(id)
					if err != nil {
						b.Fatal(err)
					}
					figs, err := run.DatasetFigures()
					if err != nil {
						b.Fatal(err)
					}
					sides[i] = dataset.CompareSide{ID: id, Figures: figs}
				}
				c = dataset.Compare(sides[0], sides[1])
			}
			bench.ReportCPU(b, start)
			b.ReportMetric(float64(c.Paired), "paired")
			b.Logf("%s", c.Verdict())
		})
	}
}
