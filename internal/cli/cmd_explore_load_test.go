package cli

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/jsontui/jsontui/scoring/gen"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/tui"
)

// TestLoader runs the explorer's background load as the explorer does
// for large inputs: it scores the pizza case as `score` does, reports its
// progress up to the whole, names a broken file's line and column as bad
// input, and stops when canceled.
func TestLoader(t *testing.T) {
	a := &app{getenv: func(string) string { return "" }}
	load := func(ctx context.Context, ref, out, weights string) (tui.Loaded, [2]int64, error) {
		// Progress comes from both parses at once, as the explorer's
		// loading screen takes it.
		var mu sync.Mutex
		var last [2]int64
		l, err := a.loader(ref, out, weights, &explorerRecorder{a: a}, tui.Options{})(ctx, func(done, total int64) {
			mu.Lock()
			defer mu.Unlock()
			last = [2]int64{done, total}
		})
		return l, last, err
	}

	l, last, err := load(context.Background(), pizza+"reference.json", pizza+"output.json", pizza+"weights.json")
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := l.Tree.Total(); got != 0.8760128132654985 {
		t.Errorf("total %v, want the pizza case's 0.8760128132654985", got)
	}
	if last[0] != last[1] || last[1] == 0 {
		t.Errorf("last progress %d of %d, want all of it", last[0], last[1])
	}

	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte("{\n  \"a\": [1,}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err = load(context.Background(), bad, pizza+"output.json", "")
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), bad+":2:11: invalid character '}'") {
		t.Errorf("broken reference: %v", err)
	}

	// A parse notices the cancel between progress reports, 4 MB apart.
	rs, os2 := gen.Pair(9<<20, 1)
	ref, out := filepath.Join(dir, "ref.json"), filepath.Join(dir, "out.json")
	if err := os.WriteFile(ref, rs, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, os2, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err = load(ctx, ref, out, ""); !errors.Is(err, jsondoc.ErrCanceled) || errors.As(err, &ee) {
		t.Errorf("canceled load: %v", err)
	}
}
