package cli

import (
	"path/filepath"
	"runtime/metrics"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring/report"
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

// TestRecordCollectsFromCollectMin: from collectMin bytes of input on,
// recording a run collects the garbage and hands the heap back.
func TestRecordCollectsFromCollectMin(t *testing.T) {
	store := history.Open(filepath.Join(t.TempDir(), "history.db"))
	var stderr strings.Builder
	a := &app{stderr: &stderr}
	rep := &report.Report{Metric: "jsondiff", Score: 1, HasScore: true, Nodes: func(func(*report.Node) bool) {}}
	for i, c := range []struct {
		size   int
		forced bool
	}{{collectMin - 1, false}, {collectMin, true}} {
		// Two outputs: two runs, not one seen again.
		files := [3]history.File{history.NewFile("ref.json", []byte("{}")), history.NewFile("out.json", []byte{'0' + byte(i)})}
		before := forcedCollections(t)
		if err := a.record(store, runOf(files, rep, history.SourceScore, "", nil, nil), rep, c.size); err != nil {
			t.Fatal(err)
		}
		if forced := forcedCollections(t) - before; (forced > 0) != c.forced {
			t.Errorf("recording with %d bytes of input forced %d collections", c.size, forced)
		}
	}
	if runs, err := store.List(history.ListOptions{}); err != nil || len(runs) != 2 || stderr.Len() > 0 {
		t.Errorf("%d runs recorded, %v; stderr %q", len(runs), err, stderr.String())
	}
}
