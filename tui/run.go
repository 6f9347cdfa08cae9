package tui

import (
	"fmt"
	"os"
	"os/signal"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/ports"
)

// Explore opens the explorer and returns when the user quits. Its error is
// the program's, or why the inputs could not be loaded (the caller reports
// it as bad input), or an *Interrupted when a signal ended it.
//
// SIGINT, SIGTERM and SIGHUP (the terminal closed) end the explorer as `q`
// does, without asking: the state at quit is recorded, the unsaved
// weights and rules are kept in the recovery file (Options.Recovery), and
// the explorer waits for the records under way. A second signal stops
// the waiting; a third one ends the process at once.
func Explore(opts ports.Options, progOpts ...tea.ProgramOption) error {
	return runExplorer(New(opts), progOpts)
}

// explorer is a model that Explore and ExploreDataset run: finish does
// what ending it leaves to do once the program has stopped.
type explorer interface {
	tea.Model
	finish(sig os.Signal, runErr error, forced <-chan struct{}) ending
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
	return endError(w.first(), err, fm.finish(w.first(), err, w.forced))
}

// endError is what Explore returns for an explorer that ended as e says,
// on signal sig (nil for none) or with the program's error runErr.
func endError(sig os.Signal, runErr error, e ending) error {
	switch {
	case e.loadErr != nil:
		return e.loadErr
	case sig != nil:
		return &Interrupted{Signal: sig, Kept: e.kept, KeptRules: e.keptRules, Dataset: e.dataset, Err: e.errs}
	case runErr != nil && e.kept != "":
		return fmt.Errorf("%w; %s", runErr, keptText(e.kept, e.keptRules, e.dataset))
	case runErr != nil:
		return runErr
	}
	return nil
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
		n := 0
		for {
			select {
			case <-w.done:
				return
			case s := <-w.sigs:
				n++
				switch n {
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

// Interrupted is the error of an explorer that a signal ended: it quit
// as `q` does, recording the state at quit, and kept the unsaved weights
// instead of asking about them.
type Interrupted struct {
	Signal os.Signal
	// Kept is the recovery file that holds the unsaved weights, "" when
	// nothing was unsaved (or no recovery file is kept); KeptRules says
	// it holds unsaved rules too.
	Kept      string
	KeptRules bool
	// Dataset says the explorer was a dataset's: opening the dataset
	// again offers what is kept.
	Dataset bool
	// Err says what could not be done on the way out (the unsaved weights
	// kept, the state at quit recorded); nil when all was done.
	Err error
}

func (e *Interrupted) Error() string {
	msg := "the explorer ended on " + signalName(e.Signal)
	if e.Kept != "" {
		msg += "; " + keptText(e.Kept, e.KeptRules, e.Dataset)
	}
	if e.Err != nil {
		msg += "; " + e.Err.Error()
	}
	return msg
}

// keptText says where the unsaved weights (and rules) of a pair's
// explorer, or of a dataset's, are kept.
func keptText(kept string, rules, dataset bool) string {
	what, subject := "weights", "pair"
	if rules {
		what = "weights and rules"
	}
	if dataset {
		subject = "dataset"
	}
	return "the unsaved " + what + " are kept in " + kept + ", and opening the " + subject + " again offers them"
}

// Unwrap returns what could not be done on the way out.
func (e *Interrupted) Unwrap() error { return e.Err }

// ExitCode is the exit code of a process a signal ended: 128 plus the
// signal's number, as shells report it.
func (e *Interrupted) ExitCode() int { return 128 + signalNumber(e.Signal) }
