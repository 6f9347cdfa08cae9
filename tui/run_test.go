package tui

import (
	"context"
	"errors"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// heldRecorder records runs once released: a store another process
// holds.
type heldRecorder struct {
	release chan struct{}
	mu      sync.Mutex
	events  []RunEvent
}

func (h *heldRecorder) Record(ctx context.Context, run Run) error {
	<-h.release
	h.mu.Lock()
	defer h.mu.Unlock()
	h.events = append(h.events, run.Event)
	return nil
}

func (h *heldRecorder) recorded() []RunEvent {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]RunEvent(nil), h.events...)
}

// TestFinishWaitsForRecords: an explorer a signal ends records the state
// at quit and waits for the records under way (the opening's, started
// before); a second signal (forced) ends the waiting, keeping the unsaved
// weights all the same.
func TestFinishWaitsForRecords(t *testing.T) {
	for _, second := range []bool{false, true} {
		k := newKeptPizza(t)
		rec := &heldRecorder{release: make(chan struct{})}
		opts := k.opts(t)
		opts.Recorder = rec
		m := New(opts)
		m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
		m.record(RunOpened) // under way, held
		m.Update(keyMsg("j"))
		m.Update(keyMsg("j"))
		m.Update(keyMsg("j"))
		m.Update(keyMsg("-"))
		forced := make(chan struct{})
		done := make(chan error, 1)
		go func() { done <- m.finish(syscall.SIGTERM, nil, forced) }()
		select {
		case err := <-done:
			t.Fatalf("finish returned before the records were written: %v", err)
		case <-time.After(50 * time.Millisecond):
		}
		if second {
			close(forced)
		} else {
			close(rec.release)
		}
		var err error
		select {
		case err = <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("finish does not return")
		}
		var ie *Interrupted
		if !errors.As(err, &ie) || ie.ExitCode() != 143 {
			t.Fatalf("finish: %v", err)
		}
		if w := k.keptWeights(t); ie.Kept == "" || !strings.Contains(w, `"beer": 0.2,`) {
			t.Fatalf("kept %q:\n%s", ie.Kept, w)
		}
		if second {
			if ie.Err == nil || !strings.Contains(ie.Err.Error(), "a second signal") {
				t.Errorf("forced: %v", ie.Err)
			}
			close(rec.release)
			continue
		}
		if ie.Err != nil {
			t.Errorf("finish: %v", ie.Err)
		}
		// Both were waiting for the store: they go in either order.
		if got := rec.recorded(); len(got) != 2 || got[0] == got[1] || got[0] == RunSaved || got[1] == RunSaved {
			t.Errorf("recorded %v, want opened and quit", got)
		}
	}
}

// TestFinishWhileLoading: a signal while the inputs load cancels the
// load; there is nothing to keep or record.
func TestFinishWhileLoading(t *testing.T) {
	canceled := make(chan struct{})
	m := New(Options{Files: Files{Reference: "big-ref.json", Output: "big-out.json"}, Theme: "dark",
		Load: func(ctx context.Context, progress func(done, total int64)) (Loaded, error) {
			<-ctx.Done()
			close(canceled)
			return Loaded{}, ctx.Err()
		}})
	cmd := m.Init()
	go func() {
		for _, c := range cmd().(tea.BatchMsg) {
			if c != nil {
				go c()
			}
		}
	}()
	for m.load == nil {
		time.Sleep(time.Millisecond)
	}
	err := m.finish(syscall.SIGHUP, nil, nil)
	var ie *Interrupted
	if !errors.As(err, &ie) || ie.Kept != "" || ie.Err != nil || ie.ExitCode() != 129 {
		t.Fatalf("finish: %v", err)
	}
	select {
	case <-canceled:
	case <-time.After(10 * time.Second):
		t.Fatal("the load goes on")
	}
}
