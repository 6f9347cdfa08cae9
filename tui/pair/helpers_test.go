package pair

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/scoringtest"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
)

// pizzaDir holds the worked example of docs/scoring.md.
const pizzaDir = "../../testdata/cases/pizza"

// loadPair parses and scores a reference, an output and optional weights
// given as text.
func loadPair(t testing.TB, ref, out, weights string) ports.Loaded {
	t.Helper()
	r, o := scoringtest.Docs(t, ref, out)
	w := scoringtest.Weights(t, "weights.json", weights)
	return ports.Loaded{Tree: scoringtest.Build(t, r, o, w, scoring.Options{}), Weights: w}
}

// pizza returns the pizza case loaded, with the files named as a user
// would give them.
func pizza(t testing.TB) ports.Options {
	l := loadPair(t, tuitest.ReadFile(t, filepath.Join(pizzaDir, "reference.json")),
		tuitest.ReadFile(t, filepath.Join(pizzaDir, "output.json")), tuitest.ReadFile(t, filepath.Join(pizzaDir, "weights.json")))
	return ports.Options{
		Files:  ports.Files{Reference: "reference.json", Output: "output.json", Weights: "weights.json"},
		Loaded: &l, Metric: "jsondiff", Theme: "dark",
	}
}

// driver drives a pair's page (tuitest.Driver), m its model.
type driver struct {
	*tuitest.Driver
	m *Model
}

func newDriver(t *testing.T, opts ports.Options, w, h int) *driver {
	m := New(opts)
	m.C.Tick = tuitest.InstantTick
	return &driver{Driver: tuitest.NewDriver(t, m, w, h), m: m}
}

// best returns the header's best run.
func (d *driver) best() ports.RunSummary { b, _, _ := d.m.hdr.Best(); return b }

// hasBest reports whether the header has a best run.
func (d *driver) hasBest() bool { _, _, ok := d.m.hdr.Best(); return ok }

// watchRescores returns, for the rescores a test's Rescore sends on
// started, wait (the next one to start, or the test fails after 10 s)
// and ended (that ctx is cancelled within 10 s, or the test fails); what
// names the step in a failure.
func watchRescores(t *testing.T, started <-chan context.Context) (wait func(what string) context.Context, ended func(ctx context.Context, what string)) {
	wait = func(what string) context.Context {
		t.Helper()
		select {
		case ctx := <-started:
			return ctx
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: no rescore started", what)
			return nil
		}
	}
	ended = func(ctx context.Context, what string) {
		t.Helper()
		select {
		case <-ctx.Done():
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: the rescore was not cancelled", what)
		}
	}
	return wait, ended
}
