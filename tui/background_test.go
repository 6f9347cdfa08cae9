package tui

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
)

// slowLookups wraps a history whose lookups take a while: it counts the
// calls made and those still under way, so that a test can tell whether
// the explorer ended before its lookups did.
type slowLookups struct {
	delay         time.Duration
	calls, active atomic.Int32
}

func (s *slowLookups) lookup() func() {
	s.calls.Add(1)
	s.active.Add(1)
	time.Sleep(s.delay)
	return func() { s.active.Add(-1) }
}

// slowHistory is a pair's History whose lookups are slow.
type slowHistory struct {
	*fakeHistory
	slowLookups
}

func (h *slowHistory) Runs(all bool) ([]ports.RunSummary, error) {
	defer h.lookup()()
	return h.fakeHistory.Runs(all)
}

func (h *slowHistory) Best(c ports.RunConfig) (ports.RunSummary, bool, error) {
	defer h.lookup()()
	return h.fakeHistory.Best(c)
}

// slowDatasetHistory is a dataset's history whose lookups are slow.
type slowDatasetHistory struct {
	*fakeDatasetHistory
	slowLookups
}

func (h *slowDatasetHistory) Runs(all bool) ([]ports.RunSummary, error) {
	defer h.lookup()()
	return h.fakeDatasetHistory.Runs(all)
}

// TestQuitWaitsForHistoryLookups runs the explorer as a program: the best
// run is looked up as the explorer opens, and the lookup takes a while.
// q quits, but the program ends only once the lookup is done: a lookup
// left running would still read the store (and bolt create its file
// again) after the explorer returned.
func TestQuitWaitsForHistoryLookups(t *testing.T) {
	opts, fh := pizzaWithHistory(t)
	h := &slowHistory{fakeHistory: fh, slowLookups: slowLookups{delay: 300 * time.Millisecond}}
	opts.History, opts.NoMouse = h, true
	tm := teatest.NewTestModel(t, New(opts), teatest.WithInitialTermSize(100, 30))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return strings.Contains(ansi.Strip(string(b)), "? for help") },
		teatest.WithDuration(30*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
	tm.Send(keyMsg("q"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(30*time.Second))
	if h.calls.Load() == 0 {
		t.Fatal("the best run was not looked up")
	}
	if n := h.active.Load(); n != 0 {
		t.Errorf("the program ended with %d history lookups under way", n)
	}
}

// TestDatasetQuitWaitsForHistoryLookups: the dataset explorer's program
// ends only once the list of the history pane it asked for is done.
func TestDatasetQuitWaitsForHistoryLookups(t *testing.T) {
	opts := smallDataset(t, "dark")
	h := &slowDatasetHistory{fakeDatasetHistory: &fakeDatasetHistory{}, slowLookups: slowLookups{delay: 300 * time.Millisecond}}
	opts.History, opts.NoMouse = h, true
	tm := teatest.NewTestModel(t, NewDataset(opts), teatest.WithInitialTermSize(120, 35))
	wait := func(text string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return strings.Contains(ansi.Strip(string(b)), text) },
			teatest.WithDuration(30*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
	}
	wait("? for help")
	tm.Send(keyMsg("H"))
	wait("History")
	tm.Send(keyMsg("esc"))
	wait("tab detail pane")
	tm.Send(keyMsg("q"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(30*time.Second))
	if h.calls.Load() == 0 {
		t.Fatal("the history pane did not list the runs")
	}
	if n := h.active.Load(); n != 0 {
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
	m := New(opts)
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	_, q := m.Update(keyMsg("q"))
	if q == nil {
		t.Fatal("q does nothing while loading")
	}
	m.Update(loadedMsg{err: canceled})
	if !isQuit(q) {
		t.Fatal("q does not quit while loading")
	}
	if err := m.Err(); err != nil {
		t.Errorf("the explorer ended with %v", err)
	}
}

// TestDatasetQuitWhileLoadingIsNoError is TestQuitWhileLoadingIsNoError
// for the dataset explorer.
func TestDatasetQuitWhileLoadingIsNoError(t *testing.T) {
	opts := ports.DatasetOptions{Files: ports.Files{Reference: "data.jsonl", Output: "data.jsonl"}, Theme: "dark",
		Load: func(ctx context.Context, progress func(ports.DatasetProgress)) (*dataset.Result, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		}}
	m := NewDataset(opts)
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	_, q := m.Update(keyMsg("q"))
	if q == nil {
		t.Fatal("q does nothing while loading")
	}
	m.Update(dsLoadedMsg{err: context.Canceled})
	if !isQuit(q) {
		t.Fatal("q does not quit while loading")
	}
	if err := m.Err(); err != nil {
		t.Errorf("the explorer ended with %v", err)
	}
}

// TestFinishWaitsForHistoryLookups: a signal ends the program while the
// best run is looked up; Explore returns (finish) only once the lookup
// is done.
func TestFinishWaitsForHistoryLookups(t *testing.T) {
	opts, fh := pizzaWithHistory(t)
	h := &slowHistory{fakeHistory: fh, slowLookups: slowLookups{delay: 200 * time.Millisecond}}
	opts.History = h
	m := New(opts)
	go m.Init()() // the lookup of the best run
	for h.calls.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	var ie *Interrupted
	if err := finishErr(m, syscall.SIGTERM, nil, nil); !errors.As(err, &ie) || ie.Err != nil {
		t.Fatalf("finish: %v", err)
	}
	if n := h.active.Load(); n != 0 {
		t.Errorf("finish returned with %d history lookups under way", n)
	}
}

// TestBackground checks the account of jobs: a job counts from when it
// is asked for; quitting drops those whose command has not started
// (which then give nothing) and waits for those under way; a job asked
// for after quitting is refused, but one started at once (a record) is
// not; a job's panic reaches its command.
func TestBackground(t *testing.T) {
	var b common.Background
	release := make(chan struct{})
	running := b.Run(func() tea.Msg { <-release; return "ran" })
	queued := b.Run(func() tea.Msg { return "queued ran" })
	got := make(chan tea.Msg, 1)
	go func() { got <- running() }()
	for {
		b.Mu.Lock()
		started := len(b.Queued) == 1
		b.Mu.Unlock()
		if started {
			break
		}
		time.Sleep(time.Millisecond)
	}
	idle := b.Close()
	select {
	case <-idle:
		t.Fatal("idle with a job under way")
	default:
	}
	if msg := queued(); msg != nil {
		t.Errorf("a job dropped by quitting ran: %v", msg)
	}
	if b.Run(func() tea.Msg { return "late" }) != nil {
		t.Error("a job asked for after quitting was taken")
	}
	rec := b.Start(func() tea.Msg { return "recorded" })
	close(release)
	<-idle
	if msg := <-got; msg != "ran" {
		t.Errorf("the job under way gave %v", msg)
	}
	if msg := rec(); msg != "recorded" {
		t.Errorf("the job started after quitting gave %v", msg)
	}
	select {
	case <-b.Idle():
	default:
		t.Error("not idle once every job is done")
	}

	boom := b.Start(func() tea.Msg { panic("boom") })
	defer func() {
		p, ok := recover().(common.JobPanic)
		if !ok || p.Value != "boom" || !strings.Contains(p.String(), "background_test.go") {
			t.Errorf("the job's panic reached its command as %v", p)
		}
	}()
	boom()
	t.Error("the job's panic did not reach its command")
}
