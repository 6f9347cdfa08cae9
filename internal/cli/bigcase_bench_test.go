package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/jsontui/jsontui/scoring/gen"
)

// bigCaseForms writes into dir a generated pair of about mb MB a
// document, without white space, and the same two documents as one case
// of a dataset in each of its three forms. It returns the arguments of
// `jsontui score` for the pair and each form, in that order.
func bigCaseForms(b *testing.B, dir string, mb int) [4][]string {
	b.Helper()
	r, o := gen.Pair(mb<<20, 1)
	var ref, out bytes.Buffer
	if err := json.Compact(&ref, r); err != nil {
		b.Fatal(err)
	}
	if err := json.Compact(&out, o); err != nil {
		b.Fatal(err)
	}
	var one bytes.Buffer
	one.WriteString(`{"id":"big","reference":`)
	one.Write(ref.Bytes())
	one.WriteString(`,"output":`)
	one.Write(out.Bytes())
	one.WriteString("}\n")
	files := map[string][]byte{
		"ref.json":    ref.Bytes(),
		"out.json":    out.Bytes(),
		"one.jsonl":   one.Bytes(),
		"ref.jsonl":   append(bytes.Clone(ref.Bytes()), '\n'),
		"out.jsonl":   append(bytes.Clone(out.Bytes()), '\n'),
		"refs/a.json": ref.Bytes(),
		"outs/a.json": out.Bytes(),
	}
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	at := func(names ...string) []string {
		args := []string{"score"}
		for _, n := range names {
			args = append(args, filepath.Join(dir, n))
		}
		return append(args, "--quiet", "--no-history")
	}
	return [4][]string{at("ref.json", "out.json"), at("one.jsonl"), at("ref.jsonl", "out.jsonl"), at("refs", "outs")}
}

// BenchmarkBigCasePeak measures the peak resident memory of `jsontui
// score --quiet --no-history` (a process of its own) on one case whose
// reference and output are generated documents of 20 MB each (2 MB with
// -short): as a pair, then as the one case of a dataset of one JSON Lines
// file, of two files and of two folders. It reports the pair's peak
// ("pair-MB") and each form's as a multiple of it ("one-file-x-pair",
// "two-files-x-pair", "two-folders-x-pair"): the target is at most 1.3.
// The four runs are interleaved, so that the machine's moods fall on all
// of them alike.
func BenchmarkBigCasePeak(b *testing.B) {
	mb := 20
	if testing.Short() {
		mb = 2
	}
	runs := bigCaseForms(b, b.TempDir(), mb)
	var peak [4]int64
	for b.Loop() {
		for i, args := range runs {
			_, rss := runSelf(b, nil, args...)
			peak[i] = max(peak[i], rss)
		}
	}
	b.ReportMetric(float64(peak[0])/(1<<20), "pair-MB")
	for i, name := range []string{"one-file", "two-files", "two-folders"} {
		b.ReportMetric(float64(peak[i+1])/float64(peak[0]), name+"-x-pair")
	}
}
