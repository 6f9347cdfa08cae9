package cli

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/jsontui/jsontui/scoring/gen"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/tui/pair"
	"github.com/jsontui/jsontui/tui/ports"
)

// TestLoader runs the explorer's background load as the explorer does
// for large inputs: it scores the pizza case as `score` does, reports its
// progress up to the whole, names a broken file's line and column as bad
// input, and stops when canceled.
func TestLoader(t *testing.T) {
	a := &app{getenv: func(string) string { return "" }}
	load := func(ctx context.Context, ref, out, weights string) (ports.Loaded, [2]int64, error) {
		// Progress comes from both parses at once, as the explorer's
		// loading screen takes it.
		var mu sync.Mutex
		var last [2]int64
		l, err := a.loader(ref, out, weights, &explorerRecorder{a: a}, ports.Options{})(ctx, func(done, total int64) {
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

// TestExplorerQuitsWhileScoring reproduces issue 10's blank explorer: a
// 2 MB pair of different strings loaded before the explorer started, and
// its score took a minute, so the screen stayed blank and q did nothing.
// Now the score goes on behind the loading screen: q ends the program at
// once and cancels the score, which stops (errLoadCanceled, the cause it
// was given, not a finished load).
func TestExplorerQuitsWhileScoring(t *testing.T) {
	_, opts := slowExplorer(t)
	load := opts.Load
	loadErr := make(chan error, 1)
	opts.Load = func(ctx context.Context, progress func(done, total int64)) (ports.Loaded, error) {
		l, err := load(ctx, progress)
		loadErr <- err
		return l, err
	}
	tm := teatest.NewTestModel(t, pair.New(opts), teatest.WithInitialTermSize(100, 30))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte("scoring…")) },
		teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
	tm.Send(tea.KeyPressMsg{Code: 'q', Text: "q"})
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	select {
	case err := <-loadErr:
		if !errors.Is(err, errLoadCanceled) {
			t.Fatalf("the load ended with %v, want the score cancelled (errLoadCanceled)", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the score went on after q")
	}
	if err := tm.FinalModel(t).(*pair.Model).Err(); err != nil {
		t.Fatalf("the explorer ended with %v", err)
	}
}

// slowExplorer returns the explorer's app and options on issue 10's pair:
// 2 MB of different strings, small enough to load at once, but whose
// score takes a minute, so that the explorer starts with it under way.
func slowExplorer(t *testing.T) (*app, ports.Options) {
	t.Helper()
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(5, 5))
	text := func() string {
		b := make([]byte, 1_000_000)
		for i := range b {
			b[i] = 'a' + byte(r.IntN(26))
		}
		return string(b)
	}
	ref, out := filepath.Join(dir, "ref.json"), filepath.Join(dir, "out.json")
	for name, s := range map[string]string{ref: text(), out: text()} {
		if err := os.WriteFile(name, []byte(`{"text": "`+s+`"}`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a := &app{getenv: func(string) string { return "" }, exploreHistory: historyFlags{noHistory: true}}
	opts, err := a.exploreInputs(ports.Options{Theme: "dark", NoMouse: true}, ref, out, "")
	if err != nil {
		t.Fatal(err)
	}
	if opts.Loaded != nil || opts.Load == nil {
		t.Fatal("the pair was scored before the explorer started")
	}
	return a, opts
}

// TestExplorerEndsBeforeItsLoad: an explorer that ends before it starts
// its load (a signal at once) leaves the score of its inputs to the
// command, which stops it and waits for it: the score ends with the
// cancellation, not left running behind the command's back.
func TestExplorerEndsBeforeItsLoad(t *testing.T) {
	a, opts := slowExplorer(t)
	a.stopExploreScore()
	if a.stopScore != nil {
		t.Error("the score is still to stop")
	}
	// The score's answer is there: the cancellation.
	if _, err := opts.Load(context.Background(), func(done, total int64) {}); !errors.Is(err, errLoadCanceled) {
		t.Errorf("the score ended with %v, want it cancelled (errLoadCanceled)", err)
	}
	a.stopExploreScore() // nothing left: a no-op
}
