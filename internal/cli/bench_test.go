package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jsontui/jsontui/scoring/gen"
)

// benchMainEnv makes the test binary act as jsontui itself (see TestMain),
// so benchmarks can time and measure whole runs in a process of their own.
const benchMainEnv = "JSONTUI_BENCH_MAIN"

func TestMain(m *testing.M) {
	if args := os.Getenv(benchFirstScreenEnv); args != "" {
		os.Exit(firstScreen(strings.Split(args, "\x1f")))
	}
	if args := os.Getenv(processMainEnv); args != "" {
		os.Exit(Main(strings.Split(args, "\x1f")))
	}
	if args := os.Getenv(benchMainEnv); args != "" {
		a := &app{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}
		code := a.run(strings.Split(args, "\x1f"))
		// The peak resident memory of this process since its exec (the
		// rusage of a child counts its parent's memory from before exec).
		if st, err := os.ReadFile("/proc/self/status"); err == nil {
			for _, line := range strings.Split(string(st), "\n") {
				if strings.HasPrefix(line, "VmHWM:") {
					fmt.Fprintln(os.Stderr, "bench-peak:", strings.TrimSpace(strings.TrimPrefix(line, "VmHWM:")))
				}
			}
		}
		os.Exit(code)
	}
	code := m.Run()
	closeBrowser()
	os.Exit(code)
}

// writePair writes a generated pair of about mb MB each into dir.
func writePair(b *testing.B, dir string, mb int) (ref, out string) {
	b.Helper()
	r, o := gen.Pair(mb<<20, 1)
	ref, out = filepath.Join(dir, "ref.json"), filepath.Join(dir, "out.json")
	if err := os.WriteFile(ref, r, 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(out, o, 0o644); err != nil {
		b.Fatal(err)
	}
	return ref, out
}

// runSelf runs jsontui (this test binary) with args, its standard output
// going to /dev/null, and returns its wall time and peak resident memory
// in bytes.
func runSelf(b *testing.B, env []string, args ...string) (time.Duration, int64) {
	b.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(append(os.Environ(), env...), benchMainEnv+"="+strings.Join(args, "\x1f"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	took := time.Since(start)
	out := stderr.Bytes()
	if err != nil {
		b.Fatalf("jsontui %v: %v\n%s", args, err, out)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(line, "bench-peak: "); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(v, " kB"), 10, 64)
			if err == nil {
				return took, kb * 1024
			}
		}
	}
	b.Fatalf("jsontui %v did not report its peak memory:\n%s", args, out)
	return took, 0
}

// BenchmarkScoreQuiet times the whole `jsontui score --quiet` on a
// generated pair (a process of its own, the history recorded), next to
// encoding/json merely unmarshalling the same two files into any. The
// target: at most half encoding/json's time ("x-encoding-json" ≤ 0.5), and
// peak memory at most 4× the input ("peak/input").
func BenchmarkScoreQuiet(b *testing.B) {
	sizes := []int{25}
	if testing.Short() {
		sizes = []int{2}
	}
	for _, mb := range sizes {
		b.Run(fmt.Sprintf("%dMB-pair-of-%dMB", 2*mb, mb), func(b *testing.B) {
			dir := b.TempDir()
			ref, out := writePair(b, dir, mb)
			var input int64
			for _, p := range []string{ref, out} {
				st, _ := os.Stat(p)
				input += st.Size()
			}
			env := []string{"JSONTUI_HISTORY=" + filepath.Join(dir, "history.db")}
			var score, unmarshal time.Duration
			var peak int64
			for b.Loop() {
				took, rss := runSelf(b, env, "score", ref, out, "--quiet")
				score += took
				peak = max(peak, rss)
				start := time.Now()
				for _, p := range []string{ref, out} {
					data, err := os.ReadFile(p)
					if err != nil {
						b.Fatal(err)
					}
					var v any
					if err := json.Unmarshal(data, &v); err != nil {
						b.Fatal(err)
					}
				}
				unmarshal += time.Since(start)
			}
			b.ReportMetric(score.Seconds()/float64(b.N), "s/score")
			b.ReportMetric(unmarshal.Seconds()/float64(b.N), "s/encoding-json")
			b.ReportMetric(float64(score)/float64(unmarshal), "x-encoding-json")
			b.ReportMetric(float64(peak)/float64(input), "peak/input")
		})
	}
}
