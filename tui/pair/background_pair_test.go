package pair

import (
	"context"
	"errors"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/pair/loading"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/shell"
)

// slowHistory is a pair's History whose lookups are slow.
type slowHistory struct {
	*fakeHistory
	tuitest.SlowLookups
}

func (h *slowHistory) Runs(all bool) ([]ports.RunSummary, error) {
	defer h.Lookup()()
	return h.fakeHistory.Runs(all)
}

func (h *slowHistory) Best(c ports.RunConfig) (ports.RunSummary, bool, error) {
	defer h.Lookup()()
	return h.fakeHistory.Best(c)
}

// TestQuitWaitsForHistoryLookups runs the explorer as a program: the best
// run is looked up as the explorer opens, and the lookup takes a while.
// q quits, but the program ends only once the lookup is done: a lookup
// left running would still read the store (and bolt create its file
// again) after the explorer returned.
func TestQuitWaitsForHistoryLookups(t *testing.T) {
	opts, fh := pizzaWithHistory(t)
	h := &slowHistory{fakeHistory: fh, SlowLookups: tuitest.SlowLookups{Delay: 300 * time.Millisecond}}
	opts.History, opts.NoMouse = h, true
	tm := teatest.NewTestModel(t, New(opts), teatest.WithInitialTermSize(100, 30))
	tuitest.WaitText(t, tm, "? for help")
	tm.Send(tuitest.KeyMsg("q"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(30*time.Second))
	if h.Calls.Load() == 0 {
		t.Fatal("the best run was not looked up")
	}
	if n := h.Active.Load(); n != 0 {
		t.Errorf("the program ended with %d history lookups under way", n)
	}
}

// TestQuitWhileLoadingIsNoError: q while the inputs load cancels the
// load, whose end (the cancellation) may reach the explorer before the
// quit does. The explorer then ends as the user asked, with no error: the
// cancellation is not a failed load.
func TestQuitWhileLoadingIsNoError(t *testing.T) {
	canceled := errors.New("the explorer quit while scoring")
	opts := ports.Options{Files: ports.Files{Reference: "big-ref.json", Output: "big-out.json"}, Theme: "dark",
		Load: func(ctx context.Context, progress func(done, total int64)) (ports.Loaded, error) {
			<-ctx.Done()
			return ports.Loaded{}, canceled
		}}
	tuitest.CheckQuitWhileLoading(t, New(opts), loading.DoneMsg{Err: canceled})
}

// TestFinishWaitsForHistoryLookups: a signal ends the program while the
// best run is looked up; Explore returns (finish) only once the lookup
// is done.
func TestFinishWaitsForHistoryLookups(t *testing.T) {
	opts, fh := pizzaWithHistory(t)
	h := &slowHistory{fakeHistory: fh, SlowLookups: tuitest.SlowLookups{Delay: 200 * time.Millisecond}}
	opts.History = h
	m := New(opts)
	go m.Init()() // the lookup of the best run
	for h.Calls.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	var ie *shell.Interrupted
	if err := tuitest.FinishErr(m, syscall.SIGTERM, nil, nil); !errors.As(err, &ie) || ie.Err != nil {
		t.Fatalf("finish: %v", err)
	}
	if n := h.Active.Load(); n != 0 {
		t.Errorf("finish returned with %d history lookups under way", n)
	}
}

// TestQuitRightAfterClosingThePane: esc closes the history pane, and a q
// typed at once quits the explorer (it went to the pane still open, and
// closed it again).
func TestQuitRightAfterClosingThePane(t *testing.T) {
	opts, _ := pizzaWithHistory(t)
	d := newDriver(t, opts, 100, 30)
	d.CheckQuitAfterPane(&d.m.Shell)
}
