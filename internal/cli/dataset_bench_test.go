package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jsontui/jsontui/internal/bench"
	"github.com/jsontui/jsontui/scoring/gen"
)

// datasetFile returns a generated one-file dataset of about mb MB, made
// once in testdata/bench (ignored by git) and kept between runs.
func datasetFile(b *testing.B, mb int) string {
	b.Helper()
	p := filepath.Join("..", "..", "testdata", "bench", fmt.Sprintf("data-%d.jsonl", mb))
	if err := gen.WriteRecordsFile(p, gen.DatasetOptions{Size: int64(mb) << 20, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	return p
}

// datasetCasesFile returns a generated one-file dataset of n cases, made
// once in testdata/bench (ignored by git) and kept between runs.
func datasetCasesFile(b *testing.B, n int) string {
	b.Helper()
	p := filepath.Join("..", "..", "testdata", "bench", fmt.Sprintf("data-c%d.jsonl", n))
	if err := gen.WriteRecordsFile(p, gen.DatasetOptions{Cases: n, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	return p
}

// BenchmarkScoreDataset times the whole headless `jsontui score DATA
// --quiet --no-history` on a generated one-file dataset (a process of its
// own), next to encoding/json merely unmarshalling every line of it into
// any (in this process, on one core). The targets, on 2 cores: at
// most half encoding/json's time ("x-encoding-json" ≤ 0.5), and a peak
// memory of at most half the input ("peak/input" ≤ 0.5), under 400 MB
// for 1 GB. "cpu-s/score" and "cpu-s/encoding-json" are the CPU times,
// which other work on a shared machine does not inflate.
func BenchmarkScoreDataset(b *testing.B) {
	sizes := []int{100, 1000}
	if testing.Short() {
		sizes = []int{10}
	}
	for _, mb := range sizes {
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			p := datasetFile(b, mb)
			st, _ := os.Stat(p)
			compare := mb <= 100 // unmarshalling 1 GB each time adds minutes
			var score, unmarshal, scoreCPU, unmarshalCPU time.Duration
			var peak int64
			for b.Loop() {
				took, rss, cpu := runSelfCPU(b, "score", p, "--quiet", "--no-history")
				score += took
				scoreCPU += cpu
				peak = max(peak, rss)
				if !compare {
					continue
				}
				start, startCPU := time.Now(), bench.CPUTime()
				if err := bench.UnmarshalLines(p); err != nil {
					b.Fatal(err)
				}
				unmarshal += time.Since(start)
				unmarshalCPU += bench.CPUTime() - startCPU
			}
			n := float64(b.N)
			b.ReportMetric(score.Seconds()/n, "s/score")
			b.ReportMetric(scoreCPU.Seconds()/n, "cpu-s/score")
			if compare {
				b.ReportMetric(unmarshal.Seconds()/n, "s/encoding-json")
				b.ReportMetric(unmarshalCPU.Seconds()/n, "cpu-s/encoding-json")
				b.ReportMetric(float64(score)/float64(unmarshal), "x-encoding-json")
			}
			b.ReportMetric(float64(peak)/float64(st.Size()), "peak/input")
			b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
		})
	}
}

// runSelfCPU is runSelf, also returning the CPU time the run took.
func runSelfCPU(b *testing.B, args ...string) (time.Duration, int64, time.Duration) {
	b.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), benchMainEnv+"="+strings.Join(args, "\x1f"))
	start := time.Now()
	out, err := cmd.CombinedOutput()
	took := time.Since(start)
	if err != nil {
		b.Fatalf("jsontui %v: %v\n%s", args, err, out)
	}
	cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	for _, line := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(line, "bench-peak: "); ok {
			if kb, err := strconv.ParseInt(strings.TrimSuffix(v, " kB"), 10, 64); err == nil {
				return took, kb * 1024, cpu
			}
		}
	}
	b.Fatalf("jsontui %v did not report its peak memory:\n%s", args, out)
	return took, 0, cpu
}
