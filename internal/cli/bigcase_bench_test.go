package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
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

// datasetForms writes a generated dataset of about mb MB in two files and
// in two folders, once, in testdata/bench (ignored by git), and returns
// the arguments of `jsontui score` for each and their input's size.
func datasetForms(b *testing.B, mb int) (files, dirs []string, filesSize, dirsSize int64) {
	b.Helper()
	dir := filepath.Join("..", "..", "testdata", "bench")
	ref, out := filepath.Join(dir, fmt.Sprintf("ref-%dds.jsonl", mb)), filepath.Join(dir, fmt.Sprintf("out-%dds.jsonl", mb))
	refs, outs := filepath.Join(dir, fmt.Sprintf("refs-%d", mb)), filepath.Join(dir, fmt.Sprintf("outs-%d", mb))
	opt := gen.DatasetOptions{Size: int64(mb) << 20, Seed: 1}
	if _, err := os.Stat(out); err != nil {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		var r, o bytes.Buffer
		if _, err := gen.WriteFiles(&r, &o, opt); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(ref, r.Bytes(), 0o644); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(out, o.Bytes(), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := os.Stat(outs); err != nil {
		if _, err := gen.WriteDirs(refs, outs, opt); err != nil {
			b.Fatal(err)
		}
	}
	return []string{ref, out}, []string{refs, outs}, sizeOf(b, ref) + sizeOf(b, out), sizeOf(b, refs) + sizeOf(b, outs)
}

// sizeOf returns the size of a file, or of the files below a folder.
func sizeOf(b *testing.B, path string) int64 {
	b.Helper()
	var n int64
	err := filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		st, err := d.Info()
		n += st.Size()
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	return n
}

// BenchmarkDatasetFormsPeak measures the peak resident memory of `jsontui
// score --quiet --no-history` (a process of its own) on a generated
// dataset of 100 MB (10 MB with -short) in two files and in two folders,
// as a multiple of the input ("two-files-x-input", "two-folders-x-input"):
// the target is at most 0.5, as for one file (BenchmarkScoreDataset).
func BenchmarkDatasetFormsPeak(b *testing.B) {
	mb := 100
	if testing.Short() {
		mb = 10
	}
	files, dirs, filesSize, dirsSize := datasetForms(b, mb)
	var peak [2]int64
	for b.Loop() {
		for i, in := range [][]string{files, dirs} {
			_, rss := runSelf(b, nil, append(append([]string{"score"}, in...), "--quiet", "--no-history")...)
			peak[i] = max(peak[i], rss)
		}
	}
	b.ReportMetric(float64(peak[0])/float64(filesSize), "two-files-x-input")
	b.ReportMetric(float64(peak[1])/float64(dirsSize), "two-folders-x-input")
	b.ReportMetric(float64(peak[0])/(1<<20), "two-files-MB")
	b.ReportMetric(float64(peak[1])/(1<<20), "two-folders-MB")
}
