package datasetpage

import (
	"context"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
)

// slowDatasetHistory is a dataset's history whose lookups are slow.
type slowDatasetHistory struct {
	*fakeDatasetHistory
	tuitest.SlowLookups
}

func (h *slowDatasetHistory) Runs(all bool) ([]ports.RunSummary, error) {
	defer h.Lookup()()
	return h.fakeDatasetHistory.Runs(all)
}

// TestDatasetQuitWaitsForHistoryLookups: the dataset explorer's program
// ends only once the list of the history pane it asked for is done.
func TestDatasetQuitWaitsForHistoryLookups(t *testing.T) {
	opts := smallDataset(t, "dark")
	h := &slowDatasetHistory{fakeDatasetHistory: &fakeDatasetHistory{}, SlowLookups: tuitest.SlowLookups{Delay: 300 * time.Millisecond}}
	opts.History, opts.NoMouse = h, true
	tm := teatest.NewTestModel(t, New(opts), teatest.WithInitialTermSize(120, 35))
	wait := func(text string) { t.Helper(); tuitest.WaitText(t, tm, text) }
	wait("? for help")
	tm.Send(tuitest.KeyMsg("H"))
	wait("History")
	tm.Send(tuitest.KeyMsg("esc"))
	wait("tab detail pane")
	tm.Send(tuitest.KeyMsg("q"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(30*time.Second))
	if h.Calls.Load() == 0 {
		t.Fatal("the history pane did not list the runs")
	}
	if n := h.Active.Load(); n != 0 {
		t.Errorf("the program ended with %d history lookups under way", n)
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
	tuitest.CheckQuitWhileLoading(t, New(opts), dsLoadedMsg{err: context.Canceled})
}
