// Command jsontui-gen writes generated inputs for trying jsontui on big
// data: a reference/output pair,
//
//	go run ./cmd/jsontui-gen -mb 200 -dir testdata/bench
//
// or an extraction dataset (invoice-like cases with nested line items,
// a fifth of the answers fenced model text, a few broken or missing) in
// one of the three forms docs/datasets.md describes:
//
//	go run ./cmd/jsontui-gen -dataset records -mb 100 -dir testdata/bench   # data-100.jsonl
//	go run ./cmd/jsontui-gen -dataset files -cases 1000 -dir testdata/bench # ref-1000c.jsonl, out-1000c.jsonl
//	go run ./cmd/jsontui-gen -dataset dirs -cases 1000 -dir testdata/bench  # refs-1000c/, outs-1000c/
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/jsontui/jsontui/scoring/gen"
)

func main() {
	mb := flag.Int("mb", 20, "approximate size: of the reference, or of the whole dataset, in MB")
	cases := flag.Int("cases", 0, "a dataset of this many cases (instead of -mb)")
	dataset := flag.String("dataset", "", "write a dataset instead of a pair: records (one JSON Lines file), files (two) or dirs (two directories)")
	dir := flag.String("dir", "testdata/bench", "folder to write in")
	seed := flag.Uint64("seed", 1, "random seed")
	fenced := flag.Float64("fenced", 0.2, "dataset: share of answers written as fenced model text")
	model := flag.Uint64("model", 0, "dataset: the answers of model `N` (1, 2, ...): models of one -seed answer the same cases (for 'jsontui history diff'); 0 draws cases and answers together")
	mistakes := flag.Int("mistakes", 4, "dataset: an answer makes 0 to `N`-1 mistakes (a better model, fewer)")
	flag.Parse()
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		fail(err)
	}
	if *dataset == "" {
		writePair(*mb, *dir, *seed)
		return
	}
	opt := gen.DatasetOptions{Size: int64(*mb) << 20, Seed: *seed, Fenced: *fenced, Model: *model, Mistakes: *mistakes}
	tag := fmt.Sprintf("%d", *mb)
	if *cases > 0 {
		opt.Size, opt.Cases, tag = 0, *cases, fmt.Sprintf("%dc", *cases)
	}
	if *model != 0 {
		tag += fmt.Sprintf("-m%d", *model)
	}
	var n int
	var err error
	var paths []string
	switch *dataset {
	case "records":
		p := filepath.Join(*dir, "data-"+tag+".jsonl")
		n, err = withFile(p, func(f *os.File) (int, error) { return gen.WriteRecords(f, opt) })
		paths = []string{p}
	case "files":
		rp, op := filepath.Join(*dir, "ref-"+tag+".jsonl"), filepath.Join(*dir, "out-"+tag+".jsonl")
		n, err = withFile(rp, func(rf *os.File) (int, error) {
			return withFile(op, func(of *os.File) (int, error) { return gen.WriteFiles(rf, of, opt) })
		})
		paths = []string{rp, op}
	case "dirs":
		rd, od := filepath.Join(*dir, "refs-"+tag), filepath.Join(*dir, "outs-"+tag)
		n, err = gen.WriteDirs(rd, od, opt)
		paths = []string{rd, od}
	default:
		fail(fmt.Errorf("-dataset %q: use records, files or dirs", *dataset))
	}
	if err != nil {
		fail(err)
	}
	for _, p := range paths {
		fmt.Println(p)
	}
	fmt.Fprintf(os.Stderr, "%d cases\n", n)
}

func writePair(mb int, dir string, seed uint64) {
	ref, out := gen.Pair(mb<<20, seed)
	for name, data := range map[string][]byte{"ref": ref, "out": out} {
		p := filepath.Join(dir, fmt.Sprintf("%s-%d.json", name, mb))
		if err := os.WriteFile(p, data, 0o644); err != nil {
			fail(err)
		}
		fmt.Println(p)
	}
}

func withFile(path string, write func(*os.File) (int, error)) (int, error) {
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	n, err := write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return n, err
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "jsontui-gen:", err)
	os.Exit(1)
}
