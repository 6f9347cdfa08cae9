package tuitest

import (
	"sync/atomic"
	"time"
)

// SlowLookups wraps a history whose lookups take a while: it counts the
// calls made and those still under way, so that a test can tell whether
// the explorer ended before its lookups did.
type SlowLookups struct {
	Delay         time.Duration
	Calls, Active atomic.Int32
}

// Lookup counts a lookup and waits the delay; the function it returns
// ends the lookup.
func (s *SlowLookups) Lookup() func() {
	s.Calls.Add(1)
	s.Active.Add(1)
	time.Sleep(s.Delay)
	return func() { s.Active.Add(-1) }
}
