package scoring

import (
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// TestCrew runs many steps on a crew, now and then pausing long enough
// between them for the helpers to park: every item of every step must be
// done exactly once, within its step, and Close must send the helpers home.
func TestCrew(t *testing.T) {
	for _, workers := range []int{1, 2, 3} {
		c := newCrew(workers)
		for step := range 300 {
			n := 1 + step%17
			var hits [17]atomic.Int32
			c.run(n, func(k int) { hits[k].Add(1) })
			for k := range n {
				if h := hits[k].Load(); h != 1 {
					t.Fatalf("%d workers, step %d: item %d done %d times", workers, step, k, h)
				}
			}
			if step%50 == 0 {
				time.Sleep(20 * time.Millisecond) // long enough to park
			}
		}
		done := make(chan struct{})
		go func() { c.Close(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("%d workers: Close did not return", workers)
		}
	}
}

// TestBuildSendsItsCrewHome checks that a wide build leaves no helper
// behind, and that a narrow one starts none.
func TestBuildSendsItsCrewHome(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core")
	}
	wide := `[` + strings.Repeat(`{"a": 1, "b": [2]},`, 3*chunkNodes) + `0]`
	for _, src := range []string{wide, `{"a": [1, 2, 3]}`} {
		ref, err := jsondoc.Parse("ref.json", []byte(src), nil)
		if err != nil {
			t.Fatal(err)
		}
		before := runtime.NumGoroutine()
		if _, err := Build(ref, ref, nil, Options{}); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(5 * time.Second)
		for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond) // the room is faulted in on the side
		}
		if n := runtime.NumGoroutine(); n > before {
			t.Errorf("%d goroutines after a build of %d bytes, %d before", n, len(src), before)
		}
	}
}
