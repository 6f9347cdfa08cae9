package pair

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/pair/loading"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/shell"
)

// heldRecorder records runs once released: a store another process
// holds.
type heldRecorder struct {
	release chan struct{}
	mu      sync.Mutex
	events  []ports.RunEvent
}

func (h *heldRecorder) Record(ctx context.Context, run ports.Run) error {
	<-h.release
	h.mu.Lock()
	defer h.mu.Unlock()
	h.events = append(h.events, run.Event)
	return nil
}

func (h *heldRecorder) recorded() []ports.RunEvent {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]ports.RunEvent(nil), h.events...)
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
		m.Record(ports.RunOpened) // under way, held
		m.Update(tuitest.KeyMsg("j"))
		m.Update(tuitest.KeyMsg("j"))
		m.Update(tuitest.KeyMsg("j"))
		m.Update(tuitest.KeyMsg("-"))
		forced := make(chan struct{})
		done := make(chan error, 1)
		go func() { done <- tuitest.FinishErr(m, syscall.SIGTERM, nil, forced) }()
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
		var ie *shell.Interrupted
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
		if got := rec.recorded(); len(got) != 2 || got[0] == got[1] || got[0] == ports.RunSaved || got[1] == ports.RunSaved {
			t.Errorf("recorded %v, want opened and quit", got)
		}
	}
}

// TestFinishWhileLoading: a signal while the inputs load cancels the
// load, and the explorer ends once it stopped; there is nothing to keep
// or record. A load whose command had not started never starts.
func TestFinishWhileLoading(t *testing.T) {
	started, canceled := make(chan struct{}), make(chan struct{})
	m := New(ports.Options{Files: ports.Files{Reference: "big-ref.json", Output: "big-out.json"}, Theme: "dark",
		Load: func(ctx context.Context, progress func(done, total int64)) (ports.Loaded, error) {
			close(started)
			<-ctx.Done()
			time.Sleep(20 * time.Millisecond) // stopping takes a while
			close(canceled)
			return ports.Loaded{}, ctx.Err()
		}})
	cmd := m.Init()
	go func() {
		for _, c := range cmd().(tea.BatchMsg) {
			if c != nil {
				go c()
			}
		}
	}()
	<-started
	err := tuitest.FinishErr(m, syscall.SIGHUP, nil, nil)
	var ie *shell.Interrupted
	if !errors.As(err, &ie) || ie.Kept != "" || ie.Err != nil || ie.ExitCode() != 129 {
		t.Fatalf("finish: %v", err)
	}
	select {
	case <-canceled:
	default:
		t.Fatal("finish returned with the load going on")
	}

	loads := 0
	m = New(ports.Options{Files: ports.Files{Reference: "big-ref.json", Output: "big-out.json"}, Theme: "dark",
		Load: func(ctx context.Context, progress func(done, total int64)) (ports.Loaded, error) {
			loads++
			return ports.Loaded{}, ctx.Err()
		}})
	cmd = m.Init()
	if err := tuitest.FinishErr(m, syscall.SIGHUP, nil, nil); !errors.As(err, &ie) {
		t.Fatalf("finish: %v", err)
	}
	for _, c := range cmd().(tea.BatchMsg) {
		if _, ok := c().(loading.DoneMsg); ok {
			t.Error("the load's command gave an answer after the explorer ended")
		}
	}
	if loads != 0 {
		t.Errorf("the load started after the explorer ended")
	}
}

// deadPID returns the id of a process that has ended.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

// TestSavesRemoveStaleTemporaryFiles: saving the weights, or the rules,
// removes the temporary files that saves killed mid-write left (of the
// file and of its .bak), and says so.
func TestSavesRemoveStaleTemporaryFiles(t *testing.T) {
	dead := deadPID(t)
	plant := func(names ...string) {
		for _, name := range names {
			if err := os.WriteFile(name, []byte(`{"beer": 0.`), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	k := newKeptPizza(t)
	stale := []string{
		filepath.Join(k.Dir, fmt.Sprintf(".weights.json.tmp-%d-11", dead)),
		filepath.Join(k.Dir, fmt.Sprintf(".weights.json.bak.tmp-%d-12", dead)),
	}
	plant(stale...)
	d := newDriver(t, k.opts(t), 250, 35)
	d.Keys("j", "j", "j", "-", "ctrl+s")
	if !strings.Contains(d.Screen(), "removed 2 temporary files that interrupted saves left") {
		t.Errorf("the save does not say it cleaned up:\n%s", d.Screen())
	}
	for _, p := range stale {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s left: %v", p, err)
		}
	}

	opts := invoiceInTemp(t)
	plant(fmt.Sprintf(".rules.json.tmp-%d-13", dead))
	d = newDriver(t, opts, 250, 35)
	selectPath(t, d, ".invoice_number")
	d.Keys("C", "j", "enter", "ctrl+s")
	if !strings.Contains(d.Screen(), "removed 1 temporary file that interrupted saves left") {
		t.Errorf("the rules' save does not say it cleaned up:\n%s", d.Screen())
	}
	if left, _ := filepath.Glob(".rules.json*tmp-*"); len(left) != 0 {
		t.Errorf("left %q", left)
	}
}
