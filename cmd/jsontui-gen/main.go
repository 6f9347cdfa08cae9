// Command jsontui-gen writes a generated reference/output pair for trying
// jsontui on big documents:
//
//	go run ./cmd/jsontui-gen -mb 200 -dir testdata/bench
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/jsontui/jsontui/scoring/gen"
)

func main() {
	mb := flag.Int("mb", 20, "approximate size of the reference, in MB")
	dir := flag.String("dir", "testdata/bench", "folder to write ref-<mb>.json and out-<mb>.json in")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	ref, out := gen.Pair(*mb<<20, *seed)
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "jsontui-gen:", err)
		os.Exit(1)
	}
	for name, data := range map[string][]byte{"ref": ref, "out": out} {
		p := filepath.Join(*dir, fmt.Sprintf("%s-%d.json", name, *mb))
		if err := os.WriteFile(p, data, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "jsontui-gen:", err)
			os.Exit(1)
		}
		fmt.Println(p)
	}
}
