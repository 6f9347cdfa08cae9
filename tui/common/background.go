package common

import (
	"errors"
	"fmt"
	"runtime/debug"
	"sync"

	tea "charm.land/bubbletea/v2"
)

// Background keeps account of the explorer's background jobs (loads,
// history lookups and records, recovery files, searches, rescores) so
// that it can end only once they are done. Bubble Tea does not wait for
// the commands still running when its program ends; the explorer must:
// a job left running would read or write the history store or a file
// after the explorer returned.
//
// A job counts from the moment it is asked for. Quitting (close) drops
// the jobs whose command has not started yet, which then never start,
// and waits for those under way; the caller cancels first those that can
// stop. The zero value is ready to use.
type Background struct {
	mu sync.Mutex
	// n counts the jobs asked for and not done; queued holds those whose
	// command has not started.
	n      int
	queued map[*bgJob]struct{}
	// closed is set once the explorer quits: jobs asked for from then on
	// are dropped at once.
	closed bool
	// allDone is closed when the last job is done; nil while nobody
	// waits.
	allDone chan struct{}
}

// bgJob is a job asked for with run.
type bgJob struct {
	started, dropped bool
}

// JobPanic carries the panic of a job started at once to its command,
// which panics with it on a goroutine of the program (which restores the
// terminal and reports it, as it does for any command).
type JobPanic struct {
	Value any
	stack []byte
}

func (p JobPanic) String() string { return fmt.Sprintf("%v\n\n%s", p.Value, p.stack) }

// Run returns the command that runs job in the background. The job
// counts until it is done, or dropped by quitting before its command
// started (the command then gives no message).
func (b *Background) Run(job func() tea.Msg) tea.Cmd {
	j := &bgJob{}
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return nil
	}
	b.n++
	if b.queued == nil {
		b.queued = map[*bgJob]struct{}{}
	}
	b.queued[j] = struct{}{}
	b.mu.Unlock()
	return func() tea.Msg {
		b.mu.Lock()
		switch {
		case j.dropped, j.started && b.closed:
			b.mu.Unlock()
			return nil
		case j.started: // the command run again: the job counts again
			b.n++
		default:
			j.started = true
			delete(b.queued, j)
		}
		b.mu.Unlock()
		defer b.done()
		return job()
	}
}

// Start runs job at once on a goroutine of its own, and returns the
// command that delivers its message. Quitting does not drop it: it is
// for what must be done however the explorer ends (a record), and may be
// Asked for after quitting.
func (b *Background) Start(job func() tea.Msg) tea.Cmd {
	b.mu.Lock()
	b.n++
	b.mu.Unlock()
	ch := make(chan tea.Msg, 1)
	go func() {
		defer b.done()
		defer func() {
			if r := recover(); r != nil {
				ch <- JobPanic{Value: r, stack: debug.Stack()}
			}
		}()
		ch <- job()
	}()
	return func() tea.Msg {
		msg := <-ch
		if p, ok := msg.(JobPanic); ok {
			panic(p)
		}
		return msg
	}
}

func (b *Background) done() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.doneLocked()
}

func (b *Background) doneLocked() {
	b.n--
	if b.n == 0 && b.allDone != nil {
		close(b.allDone)
		b.allDone = nil
	}
}

// Close drops the jobs whose command has not started, refuses those asked
// for from now on, and returns a channel closed once the jobs under way
// are done.
func (b *Background) Close() <-chan struct{} {
	b.mu.Lock()
	b.closed = true
	for j := range b.queued {
		j.dropped = true
		b.doneLocked()
	}
	clear(b.queued)
	b.mu.Unlock()
	return b.Idle()
}

// Idle returns a channel closed once no job counts: at once when none
// does, else when those that count now, and those asked for before they
// end, are all done.
func (b *Background) Idle() <-chan struct{} {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.n == 0 {
		ch := make(chan struct{})
		close(ch)
		return ch
	}
	if b.allDone == nil {
		b.allDone = make(chan struct{})
	}
	return b.allDone
}

// Quit returns the command that ends the program once the jobs under way
// are done (see close). The caller cancels first those that can stop.
func (b *Background) Quit() tea.Cmd {
	return func() tea.Msg {
		<-b.Close()
		return tea.QuitMsg{}
	}
}

// Wait closes and waits for the jobs under way, unless forced is closed
// first (a second signal: the user insists on leaving), which it then
// reports.
func (b *Background) Wait(forced <-chan struct{}) error {
	select {
	case <-b.Close():
		return nil
	case <-forced:
		return errors.New("a second signal: the records and other work under way were not waited for")
	}
}
