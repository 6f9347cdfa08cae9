package cli

import (
	"errors"
	"path/filepath"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/history"
)

// forcedCollections returns how many garbage collections the program has
// forced so far (runtime.GC, debug.FreeOSMemory).
func forcedCollections(t *testing.T) uint64 {
	t.Helper()
	s := []metrics.Sample{{Name: "/gc/cycles/forced:gc-cycles"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		t.Fatalf("%s: not supported", s[0].Name)
	}
	return s[0].Value.Uint64()
}

// TestRecordSmallRunForcesNoCollection reproduces the cost of recording a
// small run: two forced collections and the heap handed back to the system
// (the pizza case's command took 18 ms of CPU time, 10 ms without them),
// which buy nothing on a small heap.
func TestRecordSmallRunForcesNoCollection(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	before := forcedCollections(t)
	code, _, stderr := runWithHistory(t, store, "", "score", pizza+"reference.json", pizza+"output.json", pizza+"weights.json", "--quiet")
	forced := forcedCollections(t) - before
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if code, out, _ := runWithHistory(t, store, "", "history", "list"); code != 0 || strings.Count(out, "pizza") == 0 {
		t.Fatalf("the run is not in the history: exit %d\n%s", code, out)
	}
	if forced != 0 {
		t.Errorf("recording the pizza case's run forced %d garbage collections, want none", forced)
	}
}

// gcPercent returns the GC percent in force.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// TestGCPolicySettlesFromSettleMin: from settleMin bytes of input on, the
// GC percent is lowered once scoring is done, and restored after.
func TestGCPolicySettlesFromSettleMin(t *testing.T) {
	before := gcPercent()
	var g gcPolicy
	g.settle(settleMin - 1)
	if got := gcPercent(); got != before {
		t.Errorf("settled for %d bytes of input: GC percent %d, want %d", settleMin-1, got, before)
	}
	g.settle(settleMin)
	if got := gcPercent(); got != settledGCPercent {
		t.Errorf("settled for %d bytes of input: GC percent %d, want %d", settleMin, got, settledGCPercent)
	}
	g.restore()
	if got := gcPercent(); got != before {
		t.Errorf("restored: GC percent %d, want %d", got, before)
	}
}

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("the disk is full") }

// TestScoreRecordsWhenThePrintFails: a run whose report could not be
// printed is recorded all the same (the record is written after the
// print, whatever became of it), and the command fails.
func TestScoreRecordsWhenThePrintFails(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	var stderr strings.Builder
	env := map[string]string{"JSONTUI_HISTORY": store}
	a := &app{stdin: strings.NewReader(""), stdout: failingWriter{}, stderr: &stderr, getenv: func(k string) string { return env[k] }}
	if code := a.run([]string{"score", pizza + "reference.json", pizza + "output.json", "--label", "unprinted"}); code != 2 || !strings.Contains(stderr.String(), "the disk is full") {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	runs, err := history.Open(store).List(history.ListOptions{})
	if err != nil || len(runs) != 1 || runs[0].Label != "unprinted" {
		t.Fatalf("runs %+v, %v", runs, err)
	}
}
