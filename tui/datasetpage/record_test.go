package datasetpage

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/shell"
)

// fakeDSRecorder keeps the dataset runs it is given. When gate is set,
// each Record waits for a value on it (or ctx's end).
type fakeDSRecorder struct {
	mu     sync.Mutex
	runs   []ports.DatasetRun
	gate   chan struct{}
	active int // records under way at once, at most
	now    int
	err    error
}

func (f *fakeDSRecorder) Record(ctx context.Context, run ports.DatasetRun) error {
	f.mu.Lock()
	f.now++
	f.active = max(f.active, f.now)
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		f.now--
		f.mu.Unlock()
	}()
	if f.gate != nil {
		select {
		case <-f.gate:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.runs = append(f.runs, run)
	return f.err
}

func (f *fakeDSRecorder) events() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var ev []string
	for _, r := range f.runs {
		ev = append(ev, r.Event.String())
	}
	return strings.Join(ev, ",")
}

// smallInTemp is dataset-small with its weights file copied to a folder
// of its own, which ctrl+s overwrites.
func smallInTemp(t *testing.T) (ports.DatasetOptions, string) {
	t.Helper()
	opts := smallDataset(t, "mono")
	dir := t.TempDir()
	w := filepath.Join(dir, "weights.json")
	if err := os.WriteFile(w, []byte(tuitest.ReadFile(t, filepath.Join(smallDir, "weights.json"))), 0o644); err != nil {
		t.Fatal(err)
	}
	opts.Files.SavePath = w
	return opts, w
}

// TestDatasetRecordsSavesAndQuit: with the opening run the caller's, a
// dataset's explorer records a run at every save (the weights in force,
// as saved, with the dataset's score), and at quit only when the weights
// changed since the last run recorded, even when the user discards them.
func TestDatasetRecordsSavesAndQuit(t *testing.T) {
	rec := &fakeDSRecorder{}
	opts, w := smallInTemp(t)
	opts.Recorder, opts.Recorded = rec, true
	d := newDSDriver(t, opts, 120, 35)
	d.Keys("j", "-", "ctrl+s")
	if got := rec.events(); got != "saved" {
		t.Fatalf("recorded %q, want the save", got)
	}
	run := rec.runs[0]
	if string(run.WeightsJSON) != tuitest.ReadFile(t, w) || !strings.Contains(string(run.WeightsJSON), `"vendor": 0.95`) {
		t.Errorf("recorded weights\n%s\nsaved\n%s", run.WeightsJSON, tuitest.ReadFile(t, w))
	}
	if score, _ := d.m.ds.Total(); !run.HasScore || run.Score != score || run.Metric != "jsondiff" || run.Files.SavePath != w {
		t.Errorf("recorded %+v; the explorer shows %v", run, score)
	}
	// The run holds the dataset as it stood at the save, whatever the
	// weights become after.
	d.Keys("-")
	res, err := run.Dataset.Replay(context.Background(), dataset.ReplayConfig{})
	if now, _ := d.m.ds.Total(); err != nil || res.Figures.Score != run.Score || now == run.Score {
		t.Errorf("the run's dataset scores %v (%v), the save %v; now %v", res.Figures.Score, err, run.Score, now)
	}
	d.Keys("+")
	// Unchanged since the save: nothing at quit.
	d.Keys("q")
	if got := rec.events(); got != "saved" {
		t.Errorf("recorded %q at a quit with nothing changed", got)
	}

	// Changed and discarded: the state at quit is recorded all the same.
	rec = &fakeDSRecorder{}
	opts, _ = smallInTemp(t)
	opts.Recorder, opts.Recorded = rec, true
	d = newDSDriver(t, opts, 120, 35)
	d.Keys("j", "-", "-", "q")
	if d.m.Mode != shell.ModeConfirmQuit {
		t.Fatalf("q with unsaved weights did not ask:\n%s", d.Screen())
	}
	d.Keys("y")
	if got := rec.events(); got != "quit" || !strings.Contains(string(rec.runs[0].WeightsJSON), `"vendor": 0.9`) {
		t.Errorf("recorded %q: %+v", got, rec.runs)
	}
	// Opened and left as it was: the opening run is the caller's.
	rec = &fakeDSRecorder{}
	opts, _ = smallInTemp(t)
	opts.Recorder, opts.Recorded = rec, true
	d = newDSDriver(t, opts, 120, 35)
	d.Keys("j", "-", "+", "q")
	if got := rec.events(); got != "" {
		t.Errorf("recorded %q at a quit with the opening's weights", got)
	}
	// When the caller recorded no opening run, the state at quit is.
	opts.Recorded = false
	d = newDSDriver(t, opts, 120, 35)
	d.Keys("q")
	if got := rec.events(); got != "quit" {
		t.Errorf("recorded %q with no opening run", got)
	}
}

// TestDatasetRecordsInOrder: records run in the background one at a time,
// in the order asked (a dataset's record lays out every case), the
// UI going on meanwhile; quitting waits for them, saying so, and a failed
// record is told on the status line.
func TestDatasetRecordsInOrder(t *testing.T) {
	rec := &fakeDSRecorder{gate: make(chan struct{})}
	opts, _ := smallInTemp(t)
	opts.Recorder, opts.Recorded = rec, true
	d := newDSDriver(t, opts, 120, 35)
	d.Keys("j", "-")
	m := d.m
	if _, err := m.ds.Sess.Save(""); err != nil {
		t.Fatal(err)
	}
	first := m.Record(ports.RunSaved)
	m.weightKey(".vendor", tuitest.KeyMsg("-"))
	second := m.Record(ports.RunQuit)
	if first == nil || second == nil || m.RecordsPending != 2 {
		t.Fatalf("records asked: %v %v, pending %d", first != nil, second != nil, m.RecordsPending)
	}
	// The UI goes on while they wait.
	d.Keys("-")
	if w, _ := m.ds.Scored.Weight(".vendor"); w != 0.85 {
		t.Errorf(".vendor weighs %v while the records wait", w)
	}
	firstDone, secondDone := shell.Async(first), shell.Async(second)
	rec.gate <- struct{}{}
	msg := (<-firstDone).(shell.RecordedMsg)
	rec.gate <- struct{}{}
	msg2 := (<-secondDone).(shell.RecordedMsg)
	if msg.Event != ports.RunSaved || msg2.Event != ports.RunQuit || rec.events() != "saved,quit" || rec.active != 1 {
		t.Errorf("done %s then %s; recorded %q, %d at once", msg.Event, msg2.Event, rec.events(), rec.active)
	}
	if !strings.Contains(string(rec.runs[0].WeightsJSON), `"vendor": 0.95`) || !strings.Contains(string(rec.runs[1].WeightsJSON), `"vendor": 0.9`) {
		t.Errorf("recorded weights\n%s\n%s", rec.runs[0].WeightsJSON, rec.runs[1].WeightsJSON)
	}
	d.Send(msg)
	d.Send(msg2)

	// Quitting waits for the record under way, and says so; a record
	// that fails says so too.
	rec.err = errors.New("the store is locked")
	m.Update(tuitest.KeyMsg("q"))
	_, cmd := m.Update(tuitest.KeyMsg("y"))
	if m.Phase != shell.PhaseClosing || cmd == nil || !strings.Contains(d.statusText(), "recording the run in the history…") {
		t.Fatalf("quitting with a record under way: phase %v, status %q", m.Phase, d.statusText())
	}
	batch, ok := cmd().(tea.BatchMsg)
	if !ok || len(batch) != 2 {
		t.Fatalf("quitting gave %T, want the record and the quit", cmd())
	}
	recorded, quit := shell.Async(batch[0]), shell.Async(batch[1])
	select {
	case <-quit:
		t.Fatal("the explorer quits before the record under way is done")
	case <-time.After(50 * time.Millisecond):
	}
	rec.gate <- struct{}{}
	m.Update(<-recorded)
	if _, ok := (<-quit).(tea.QuitMsg); !ok {
		t.Error("the explorer does not quit once the record is done")
	}
	if s := d.statusText(); s != "history: the quit run was not recorded: the store is locked" {
		t.Errorf("status %q", s)
	}
}

// TestDatasetRecordFailure: a record that fails says so on the status
// line.
func TestDatasetRecordFailure(t *testing.T) {
	rec := &fakeDSRecorder{err: errors.New("the dataset was read from standard input")}
	opts, _ := smallInTemp(t)
	opts.Recorder, opts.Recorded = rec, true
	d := newDSDriver(t, opts, 120, 35)
	d.Keys("j", "-", "ctrl+s")
	if s := d.statusText(); s != "history: the saved run was not recorded: the dataset was read from standard input" {
		t.Errorf("status %q", s)
	}
}

// TestDatasetFinishOnSignal: a signal ends a dataset's explorer as q
// does, without asking: the weights tuned in the case open go to the
// dataset, the state at quit is recorded and the unsaved weights kept in
// the recovery file, which the error names.
func TestDatasetFinishOnSignal(t *testing.T) {
	rec := &fakeDSRecorder{}
	k := newKeptSmall(t)
	opts := k.opts(t)
	opts.Recorder, opts.Recorded = rec, true
	d := newDSDriver(t, opts, 120, 35)
	d.Keys("j", "-", "c", "enter")
	if d.m.open == nil {
		t.Fatalf("no case open:\n%s", d.Screen())
	}
	d.Keys("j", "-") // .vendor of the case, 0.95 → 0.9
	err := tuitest.FinishErr(d.m, syscall.SIGHUP, nil, nil)
	var ie *shell.Interrupted
	if !errors.As(err, &ie) || ie.Err != nil || ie.ExitCode() != 129 || !ie.Dataset {
		t.Fatalf("finish: %v", err)
	}
	files := k.Files(t)
	if len(files) != 1 || ie.Kept != files[0] || !strings.Contains(k.keptWeights(t), `"vendor": 0.9`) {
		t.Fatalf("kept %q; files %q", ie.Kept, files)
	}
	if !strings.HasSuffix(err.Error(), "and opening the dataset again offers them") {
		t.Errorf("error %q", err)
	}
	if got := rec.events(); got != "quit" || !strings.Contains(string(rec.runs[0].WeightsJSON), `"vendor": 0.9`) {
		t.Errorf("recorded %q", got)
	}
	// Forced (a second signal): the records under way are not waited for.
	rec = &fakeDSRecorder{gate: make(chan struct{})}
	opts = k.opts(t)
	opts.Recorder, opts.Recorded = rec, true
	d = newDSDriver(t, opts, 120, 35)
	if d.m.Mode == shell.ModeRecover {
		d.Keys("k")
	}
	d.Keys("j", "-")
	d.m.Record(ports.RunSaved) // under way, held by the gate
	forced := make(chan struct{})
	close(forced)
	done := make(chan error, 1)
	go func() { done <- tuitest.FinishErr(d.m, syscall.SIGTERM, nil, forced) }()
	select {
	case err := <-done:
		if !errors.As(err, &ie) || ie.ExitCode() != 143 || !strings.Contains(err.Error(), "a second signal") {
			t.Errorf("finish: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("finish waited for a record though forced")
	}
	// The record under way is stopped, not left running.
	<-d.m.C.Bg.Idle()
	if got := rec.events(); got != "" {
		t.Errorf("recorded %q though forced", got)
	}
}
