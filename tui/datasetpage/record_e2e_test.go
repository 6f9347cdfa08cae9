package datasetpage

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/jsontui/jsontui/tui/internal/tuitest"
)

// TestDatasetRecordAndRecoverEndToEnd runs the dataset explorer as a
// program twice. The first re-weights .vendor, saves (a run recorded,
// the recovery file gone), re-weights again and quits without saving on
// purpose (the state at quit recorded, no recovery file left); then,
// re-weighted once more, it is left to keep its unsaved weights (as a
// signal leaves it, settleUnsaved). The second run offers them, restores
// them with r, and the dataset's score is the first one's.
func TestDatasetRecordAndRecoverEndToEnd(t *testing.T) {
	k := newKeptSmall(t)
	rec := &fakeDSRecorder{}
	opts := k.opts(t)
	opts.Recorder, opts.Recorded = rec, true
	m := New(opts)
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 35))
	wait := func(tm *teatest.TestModel, text string) { t.Helper(); tuitest.WaitText(t, tm, text) }
	tm.Send(tuitest.KeyMsg("j"))
	tm.Send(tuitest.KeyMsg("-"))
	wait(tm, "weight of .vendor 1 → 0.95")
	tm.Send(tuitest.KeyMsg("ctrl+s"))
	wait(tm, "saved "+k.Weights)
	tm.Send(tuitest.KeyMsg("-"))
	wait(tm, "weight of .vendor 0.95 → 0.9")
	tm.Send(tuitest.KeyMsg("q"))
	wait(tm, "quit anyway?")
	tm.Send(tuitest.KeyMsg("y"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(30*time.Second))
	if got := rec.events(); got != "saved,quit" {
		t.Fatalf("recorded %q", got)
	}
	if !strings.Contains(string(rec.runs[1].WeightsJSON), `"vendor": 0.9`) {
		t.Errorf("the run at quit:\n%s", rec.runs[1].WeightsJSON)
	}
	if files := k.Files(t); len(files) != 0 {
		t.Fatalf("recovery files left after quitting on purpose: %q", files)
	}

	// Unsaved weights left by an explorer that ended without asking.
	d := newDSDriver(t, k.opts(t), 120, 35)
	d.Keys("j", "-", "-", "-")
	want, _ := d.m.ds.Total()
	if _, err := d.m.SettleUnsaved(); err != nil {
		t.Fatal(err)
	}

	tm = teatest.NewTestModel(t, New(k.opts(t)), teatest.WithInitialTermSize(120, 35))
	wait(tm, "Unsaved weights of an explorer that ended without saving")
	tm.Send(tuitest.KeyMsg("r"))
	wait(tm, "restored the unsaved weights of")
	tm.Send(tuitest.KeyMsg("ctrl+s"))
	wait(tm, "saved "+k.Weights)
	tm.Send(tuitest.KeyMsg("q"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(30*time.Second))
	final := tm.FinalModel(t).(*Model)
	if got, _ := final.ds.Total(); got != want || final.ds.Sess.Dirty() {
		t.Errorf("score %v after restoring and saving, want %v (dirty %v)", got, want, final.ds.Sess.Dirty())
	}
	if files := k.Files(t); len(files) != 0 {
		t.Errorf("recovery files left after the save: %q", files)
	}
	if !strings.Contains(tuitest.ReadFile(t, k.Weights), `"vendor": 0.85`) {
		t.Errorf("saved:\n%s", tuitest.ReadFile(t, k.Weights))
	}
}
