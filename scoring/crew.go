package scoring

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// crew runs the parallel steps of a build on goroutines kept for the whole
// build. A large build takes thousands of steps of a fraction of a
// millisecond each; starting a goroutine for each, which must wake a
// parked thread, would cost as much as a good part of the step. A helper
// waiting for the next step spins for a while, yielding, and only then
// parks.
type crew struct {
	helpers int
	step    atomic.Uint64 // bumped to start a step
	quit    atomic.Bool
	n       int          // this step's items
	do      func(k int)  // this step's work on item k
	next    atomic.Int32 // the next item to take
	done    atomic.Int32 // helpers finished with this step
	wake    chan struct{}
	wg      sync.WaitGroup
}

// crewSpins is how many times a waiting helper looks for the next step,
// yielding in between, before it parks.
const crewSpins = 2000

// newCrew returns a crew of workers (the caller, who runs steps, and
// workers-1 helpers). Close must be called when the build is done.
func newCrew(workers int) *crew {
	c := &crew{helpers: max(0, workers-1)}
	c.wake = make(chan struct{}, c.helpers)
	for range c.helpers {
		c.wg.Go(c.help)
	}
	return c
}

// run calls do(0), …, do(n-1), each item taken by the first worker free,
// and returns when all are done. A nil crew is the caller alone.
func (c *crew) run(n int, do func(k int)) {
	if c == nil || n == 1 || c.helpers == 0 {
		for k := range n {
			do(k)
		}
		return
	}
	c.n, c.do = n, do
	c.next.Store(0)
	c.done.Store(0)
	c.step.Add(1)
	c.rouse()
	c.work()
	for int(c.done.Load()) < c.helpers {
		runtime.Gosched()
	}
	c.do = nil
}

// Close sends the helpers home (a nil crew has none).
func (c *crew) Close() {
	if c == nil {
		return
	}
	c.quit.Store(true)
	c.rouse()
	c.wg.Wait()
}

// rouse wakes the helpers that parked.
func (c *crew) rouse() {
	for range c.helpers {
		select {
		case c.wake <- struct{}{}:
		default:
		}
	}
}

func (c *crew) work() {
	for {
		k := int(c.next.Add(1)) - 1
		if k >= c.n {
			return
		}
		c.do(k)
	}
}

func (c *crew) help() {
	seen := uint64(0)
	for {
		for spins := 0; c.step.Load() == seen && !c.quit.Load(); spins++ {
			if spins < crewSpins {
				runtime.Gosched()
			} else {
				<-c.wake
				spins = 0
			}
		}
		if c.quit.Load() {
			return
		}
		seen = c.step.Load()
		c.work()
		c.done.Add(1)
	}
}
