package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkBigCasePeak measures the peak memory of one case of 20 MB
// documents scored as a dataset, against the same two documents scored
// as a pair: as a case of two folders (the same files) and as the one
// record of a .jsonl file. The target is at most 1.3× the pair's peak
// ("x-pair" ≤ 1.3); it is not met yet. On 2 shared cores: the folders'
// case 318 MB against the pair's 157 MB (2.0×), the .jsonl record 384 MB
// (2.4×). What the case holds beyond the pair is the per-path figures'
// extraction and sweep (about 60 MB live) and the collector's slack.
func BenchmarkBigCasePeak(b *testing.B) {
	dir := b.TempDir()
	ref, out := writePair(b, dir, 20)
	for _, side := range []string{"R", "O"} {
		if err := os.Mkdir(filepath.Join(dir, side), 0o755); err != nil {
			b.Fatal(err)
		}
	}
	rb, err := os.ReadFile(ref)
	if err != nil {
		b.Fatal(err)
	}
	ob, err := os.ReadFile(out)
	if err != nil {
		b.Fatal(err)
	}
	var line bytes.Buffer // a record of JSON Lines is on one line
	line.WriteString(`{"id": "a", "expected": `)
	if err := json.Compact(&line, rb); err != nil {
		b.Fatal(err)
	}
	line.WriteString(`, "output": `)
	if err := json.Compact(&line, ob); err != nil {
		b.Fatal(err)
	}
	line.WriteString("}\n")
	data := filepath.Join(dir, "one.jsonl")
	for name, content := range map[string]string{
		filepath.Join(dir, "R", "a.json"): string(rb),
		filepath.Join(dir, "O", "a.json"): string(ob),
		data:                              line.String(),
	} {
		if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	quiet := []string{"--quiet", "--no-history"}
	for _, c := range []struct {
		name string
		args []string
	}{
		{"folders", []string{filepath.Join(dir, "R"), filepath.Join(dir, "O")}},
		{"jsonl", []string{data}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var pairPeak, casePeak int64
			for b.Loop() {
				_, p := runSelf(b, nil, append([]string{"score", ref, out}, quiet...)...)
				_, d := runSelf(b, nil, append(append([]string{"score"}, c.args...), quiet...)...)
				pairPeak, casePeak = max(pairPeak, p), max(casePeak, d)
			}
			b.ReportMetric(float64(casePeak)/(1<<20), "peak-MB")
			b.ReportMetric(float64(pairPeak)/(1<<20), "pair-peak-MB")
			b.ReportMetric(float64(casePeak)/float64(pairPeak), "x-pair")
		})
	}
}
