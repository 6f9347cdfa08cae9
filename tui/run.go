package tui

import (
	"os"
	"os/signal"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/pair"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/shell"
)

// Explore opens the explorer and returns when the user quits. Its error is
// the program's, or why the inputs could not be loaded (the caller reports
// it as bad input), or a *shell.Interrupted when a signal ended it.
//
// SIGINT, SIGTERM and SIGHUP (the terminal closed) end the explorer as `q`
// does, without asking: the state at quit is recorded, the unsaved
// weights and rules are kept in the recovery file (Options.Recovery), and
// the explorer waits for the records under way. A second signal stops
// the waiting; a third one ends the process at once.
func Explore(opts ports.Options, progOpts ...tea.ProgramOption) error {
	return runExplorer(pair.New(opts), progOpts)
}

// explorer is a model that Explore and ExploreDataset run: Finish does
// what ending it leaves to do once the program has stopped.
type explorer interface {
	tea.Model
	Finish(sig os.Signal, runErr error, forced <-chan struct{}) shell.Ending
}

// runExplorer runs m with the signals that end it watched, then finishes
// the final model (m itself when the program returned another).
func runExplorer[M explorer](m M, progOpts []tea.ProgramOption) error {
	p := tea.NewProgram(m, append(slices.Clone(progOpts), tea.WithoutSignalHandler())...)
	w := watchSignals(p)
	defer w.stop()
	final, err := p.Run()
	fm, ok := final.(M)
	if !ok {
		fm = m
	}
	return shell.EndError(w.first(), err, fm.Finish(w.first(), err, w.forced))
}

// signalWatch turns the signals that end the explorer into its quitting.
type signalWatch struct {
	sigs   chan os.Signal
	got    chan os.Signal // the first signal
	forced chan struct{}  // closed on the second signal
	done   chan struct{}
}

func watchSignals(p *tea.Program) *signalWatch {
	w := &signalWatch{sigs: make(chan os.Signal, 4), got: make(chan os.Signal, 1), forced: make(chan struct{}), done: make(chan struct{})}
	signal.Notify(w.sigs, stopSignals...)
	go func() {
		var c signalCount
		for {
			select {
			case <-w.done:
				return
			case s := <-w.sigs:
				switch c.add(s) {
				case 1:
					w.got <- s
					p.Quit()
				case 2:
					// The user insists: stop waiting, and let a third
					// signal do what it does by default.
					signal.Reset(stopSignals...)
					close(w.forced)
					p.Kill()
					return
				}
			}
		}
	}()
	return w
}

// signalCount counts the signals that end the explorer as the user
// meant them: a terminal that closes sends SIGHUP more than once (the
// terminal's hangup to the foreground, and its program's to the pane's
// group), and a repeated hangup is not the user insisting: it would stop
// the wait for the state at quit to be recorded. A second SIGINT or
// SIGTERM, or one of them after a hangup, insists.
type signalCount struct{ n int }

// add counts s and returns the count, or 0 for a repeated hangup.
func (c *signalCount) add(s os.Signal) int {
	if c.n > 0 && hangup != nil && s == hangup {
		return 0
	}
	c.n++
	return c.n
}

// first returns the first signal received, nil for none.
func (w *signalWatch) first() os.Signal {
	select {
	case s := <-w.got:
		w.got <- s
		return s
	default:
		return nil
	}
}

func (w *signalWatch) stop() {
	signal.Stop(w.sigs)
	close(w.done)
}
