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

// bigCaseForms writes into dir the pair ref, out (documents without
// white space) and the same two documents as one case of a dataset in each
// of its three forms. It returns the arguments of `jsontui score` for the
// pair and each form, in that order.
func bigCaseForms(b *testing.B, dir string, ref, out *bytes.Buffer) [4][]string {
	b.Helper()
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

// compactPair returns the generated pair of about mb MB a document
// (gen.Pair, an array of product records), white space taken out.
func compactPair(b *testing.B, mb int) (ref, out *bytes.Buffer) {
	b.Helper()
	r, o := gen.Pair(mb<<20, 1)
	ref, out = new(bytes.Buffer), new(bytes.Buffer)
	if err := json.Compact(ref, r); err != nil {
		b.Fatal(err)
	}
	if err := json.Compact(out, o); err != nil {
		b.Fatal(err)
	}
	return ref, out
}

// widePair returns a pair of one flat object of about mb MB a document,
// "k0": 0 and on, the output's value one higher for every third key: the
// other shape, all leaves and one container, on which a dataset case once
// took 52 times its input.
func widePair(mb int) (ref, out *bytes.Buffer) {
	ref, out = new(bytes.Buffer), new(bytes.Buffer)
	ref.WriteByte('{')
	out.WriteByte('{')
	for i := 0; ref.Len() < mb<<20; i++ {
		if i > 0 {
			ref.WriteByte(',')
			out.WriteByte(',')
		}
		v := i
		if i%3 == 0 {
			v++
		}
		fmt.Fprintf(ref, `"k%d":%d`, i, i)
		fmt.Fprintf(out, `"k%d":%d`, i, v)
	}
	ref.WriteByte('}')
	out.WriteByte('}')
	return ref, out
}

// BenchmarkBigCasePeak measures the peak resident memory of `jsontui
// score --quiet --no-history` (a process of its own) on one case whose
// reference and output are documents of 20 MB each (2 MB with -short), of
// two shapes: "records", the generated array of product records, and
// "wide", one flat object of about a million keys. For each it runs the
// pair, then the one case of a dataset of one JSON Lines file, of two
// files and of two folders, and reports the pair's peak ("pair-MB") and
// each form's as a multiple of it ("one-file-x-pair", "two-files-x-pair",
// "two-folders-x-pair"): the target is at most 1.3. The four runs are
// interleaved, so that the machine's moods fall on all of them alike.
func BenchmarkBigCasePeak(b *testing.B) {
	mb := 20
	if testing.Short() {
		mb = 2
	}
	shapes := []struct {
		name string
		pair func() (ref, out *bytes.Buffer)
	}{
		{"records", func() (ref, out *bytes.Buffer) { return compactPair(b, mb) }},
		{"wide", func() (ref, out *bytes.Buffer) { return widePair(mb) }},
	}
	for _, shape := range shapes {
		b.Run(shape.name, func(b *testing.B) {
			ref, out := shape.pair()
			runs := bigCaseForms(b, b.TempDir(), ref, out)
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
		})
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
