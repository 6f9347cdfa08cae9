package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// reduceShards is how many shards BenchmarkAggregateShards splits a
// dataset into.
const reduceShards = 8

// datasetShards returns the case lines (score --format jsonl) of the
// generated one-file dataset of about mb MB cut into reduceShards pieces
// of whole lines, each scored by a process of its own as a cluster's map
// step would: made once in testdata/bench and kept between runs.
func datasetShards(b *testing.B, mb int) (data string, shards []string) {
	b.Helper()
	data = datasetFile(b, mb)
	dir := filepath.Join("..", "..", "testdata", "bench", fmt.Sprintf("shards-%d", mb))
	for k := range reduceShards {
		shards = append(shards, filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl.cases", k)))
	}
	if _, err := os.Stat(shards[reduceShards-1]); err == nil {
		return data, shards
	}
	all, err := os.ReadFile(data)
	if err != nil {
		b.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	for k := range reduceShards {
		// The k-th eighth of the bytes, moved on to whole lines.
		from, to := cutAt(all, len(all)*k/reduceShards), cutAt(all, len(all)*(k+1)/reduceShards)
		piece := filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl", k))
		if err := os.WriteFile(piece, all[from:to], 0o644); err != nil {
			b.Fatal(err)
		}
		runSelfCPU(b, "score", piece, "--format", "jsonl", "--no-history", "-o", shards[k]+".tmp")
		if err := os.Rename(shards[k]+".tmp", shards[k]); err != nil {
			b.Fatal(err)
		}
		if err := os.Remove(piece); err != nil {
			b.Fatal(err)
		}
	}
	return data, shards
}

// cutAt returns the start of the line at or after byte i of data.
func cutAt(data []byte, i int) int {
	if i == 0 || i >= len(data) {
		return min(i, len(data))
	}
	if k := bytes.IndexByte(data[i-1:], '\n'); k >= 0 {
		return i + k
	}
	return len(data)
}

// BenchmarkAggregateShards times the reduce against the whole, each a
// process of its own, interleaved: `jsontui aggregate` of the 8 shards'
// case lines against `jsontui score` of the whole dataset, both printing
// the text report. The targets: aggregate at most half score's
// CPU ("aggregate/score" ≤ 0.5, CPU time, which other work on a shared
// machine does not inflate), case lines at most 1.5× the input's bytes
// ("line-bytes/input-byte"), time linear in cases ("cpu-us/case" alike at
// 100 MB and 1 GB); "peak-MB" and "peak/input" are aggregate's.
func BenchmarkAggregateShards(b *testing.B) {
	sizes := []int{100, 1000}
	if testing.Short() {
		sizes = []int{10}
	}
	for _, mb := range sizes {
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			data, shards := datasetShards(b, mb)
			in, err := os.Stat(data)
			if err != nil {
				b.Fatal(err)
			}
			var lineBytes int64
			for _, s := range shards {
				st, err := os.Stat(s)
				if err != nil {
					b.Fatal(err)
				}
				lineBytes += st.Size()
			}
			cases, err := countLines(data)
			if err != nil {
				b.Fatal(err)
			}
			var scoreCPU, reduceCPU time.Duration
			var peak int64
			for b.Loop() {
				_, _, cpu := runSelfCPU(b, "score", data, "--no-history")
				scoreCPU += cpu
				_, rss, cpu := runSelfCPU(b, append([]string{"aggregate", "--no-history"}, shards...)...)
				reduceCPU += cpu
				peak = max(peak, rss)
			}
			n := float64(b.N)
			b.ReportMetric(scoreCPU.Seconds()/n, "cpu-s/score")
			b.ReportMetric(reduceCPU.Seconds()/n, "cpu-s/aggregate")
			b.ReportMetric(float64(reduceCPU)/float64(scoreCPU), "aggregate/score")
			b.ReportMetric(float64(reduceCPU.Microseconds())/n/float64(cases), "cpu-us/case")
			b.ReportMetric(float64(lineBytes)/float64(in.Size()), "line-bytes/input-byte")
			b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
			b.ReportMetric(float64(peak)/float64(in.Size()), "peak/input")
		})
	}
}

// countLines returns the number of lines of a file.
func countLines(p string) (int, error) {
	data, err := os.ReadFile(p)
	if err != nil {
		return 0, err
	}
	return bytes.Count(data, []byte("\n")), nil
}
