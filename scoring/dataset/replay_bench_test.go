package dataset_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/internal/bench"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/gen"
)

// keptCases returns a generated one-file dataset of n cases (made once in
// testdata/bench, ignored by git), scored and held for re-weighting.
func keptCases(b *testing.B, n int) *dataset.Scored {
	b.Helper()
	p := filepath.Join("..", "..", "testdata", "bench", fmt.Sprintf("data-c%d.jsonl", n))
	if err := gen.WriteRecordsFile(p, gen.DatasetOptions{Cases: n, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	src, err := dataset.Open(dataset.Spec{Ref: p})
	if err != nil {
		b.Fatal(err)
	}
	defer src.Close()
	res, err := dataset.Score(context.Background(), src, dataset.Config{Keep: true})
	if err != nil {
		b.Fatal(err)
	}
	if err := res.Scored.SetWeight(".vendor", 0.5); err != nil {
		b.Fatal(err)
	}
	return res.Scored
}

func replaySizes() []int {
	if testing.Short() {
		return []int{10_000}
	}
	return []int{10_000, 100_000}
}

// BenchmarkFreeze times Scored.Freeze, which the explorer calls on its
// UI's goroutine at every save: "ms/freeze" is the pause.
func BenchmarkFreeze(b *testing.B) {
	for _, n := range replaySizes() {
		b.Run(fmt.Sprintf("%dcases", n), func(b *testing.B) {
			d := keptCases(b, n)
			b.ReportAllocs()
			start := time.Now()
			for b.Loop() {
				d.Freeze()
			}
			b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/freeze")
		})
	}
}

// BenchmarkReplay times Frozen.Replay of a dataset into a history
// recorder (every case's figures laid out and compressed, not
// committed), on one worker as a save's record runs on 2 cores:
// "cpu-s/replay" is its CPU time.
func BenchmarkReplay(b *testing.B) {
	for _, n := range replaySizes() {
		b.Run(fmt.Sprintf("%dcases", n), func(b *testing.B) {
			z := keptCases(b, n).Freeze()
			b.ReportAllocs()
			startCPU := bench.CPUTime()
			for b.Loop() {
				rec := history.NewDatasetRecorder()
				res, err := z.Replay(context.Background(), dataset.ReplayConfig{Workers: 1, NewEncoder: rec.Encoder, Cases: rec.Add})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := rec.Prepare(&history.Run{}, history.DatasetSpec{Pairing: res.Pairing, Fields: res.Fields}, res.Figures); err != nil {
					b.Fatal(err)
				}
			}
			bench.ReportCPU(b, startCPU)
		})
	}
}
