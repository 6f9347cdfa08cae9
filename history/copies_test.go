package history

import (
	"bytes"
	"path/filepath"
	"runtime"
	"testing"
)

// allocated returns the bytes fn allocates (on this goroutine and others
// while it runs).
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestRecordCopiesTheWeightsFewTimes: recording a run whose weights JSON
// is large copies it as few times as the store's format needs: into the
// gob encoder's buffer (which grows once past it), from there into the
// record's value, and into the pages the store writes (the record is one
// value of the store): about four times its size allocated in all. It was
// seven (a clone, two copies for its hash, the value's buffer growing by
// doubling).
func TestRecordCopiesTheWeightsFewTimes(t *testing.T) {
	dir := t.TempDir()
	const size = 8 << 20
	run := testRun(dir, 0.5)
	run.WeightsJSON = bytes.Repeat([]byte(`{"k":1.0}`), size/9)
	store := Open(filepath.Join(dir, "history.db"))
	// A first run makes the store, so that the run measured does not.
	if _, err := store.Record(testRun(dir, 0.25), seqOf(pizzaNodes(t))); err != nil {
		t.Fatal(err)
	}
	nodes := pizzaNodes(t)
	var err error
	got := allocated(func() { _, err = store.Record(run, seqOf(nodes)) })
	if err != nil {
		t.Fatal(err)
	}
	if max := uint64(4.5 * size); got > max {
		t.Errorf("recording a run with %d MB of weights allocated %.1f MB, want at most %.1f", size>>20, float64(got)/(1<<20), float64(max)/(1<<20))
	}
	back, err := store.Get(mustLatest(t, store))
	if err != nil || !bytes.Equal(back.WeightsJSON, run.WeightsJSON) {
		t.Fatalf("the weights did not come back: %v", err)
	}
}

// mustLatest returns the id of the newest run of the store.
func mustLatest(t *testing.T, s *Store) string {
	t.Helper()
	runs, err := s.List(ListOptions{Limit: 1})
	if err != nil || len(runs) != 1 {
		t.Fatalf("%d runs, %v", len(runs), err)
	}
	return runs[0].ID
}
