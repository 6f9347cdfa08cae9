package shell

import (
	"errors"
	"fmt"
	"os"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/session"
)

// Quit leaves, asking first when weights or rules are unsaved.
func (s *Shell) Quit() tea.Cmd {
	if s.UnsavedDirty() {
		s.Mode = ModeConfirmQuit
		return nil
	}
	return s.quitNow()
}

// quitNow records the closing state when it changed, and quits once the
// background jobs are done: the records under way, and the others, those
// that can stop cancelled.
func (s *Shell) quitNow() tea.Cmd {
	s.quitAfterSave = false
	s.pg.StopJobs()
	// Nothing is unsaved now, or the user discarded it: the recovery file
	// goes (finish would remove it too, but a program run otherwise
	// than by Explore ends here).
	if _, err := s.SettleUnsaved(); err != nil {
		s.Status.Set(common.Warn("unsaved weights: " + err.Error()))
	}
	cmd := s.pg.Record(ports.RunQuit)
	s.Phase = PhaseClosing
	if s.RecordsPending > 0 {
		s.Status.Set(common.Info("recording the run in the history…"))
	}
	return tea.Batch(cmd, s.C.Bg.Quit())
}

// Ending is how an explorer ended, for Explore to say: why it could
// not load, else the recovery file kept ("" for none) with whether it
// holds rules, and what could not be done on the way out.
type Ending struct {
	LoadErr   error
	Kept      string
	KeptRules bool
	Dataset   bool
	Errs      error
}

// Finish ends the explorer once its program has ended, however it ended
// (a quit, a signal, a panic, the terminal gone): the background jobs
// stopped or waited for, what is open folded into the page's weights,
// the unsaved weights and rules kept, and the closing state recorded
// when the program did not get to it (a signal, a failure).
func (s *Shell) Finish(sig os.Signal, runErr error, forced <-chan struct{}) Ending {
	s.pg.StopJobs()
	if s.LoadErr != nil && sig == nil {
		_ = s.C.Bg.Wait(forced)
		return Ending{LoadErr: s.LoadErr}
	}
	panicked := errors.Is(runErr, tea.ErrProgramPanic)
	var errs []error
	if !panicked {
		if err := s.pg.Fold(); err != nil {
			errs = append(errs, err)
		}
	}
	kept, err := settleSafely(s.SettleUnsaved, "the unsaved weights and rules")
	_, rules := s.pg.InForce()
	if err != nil {
		errs = append(errs, err)
	}
	if (sig != nil || runErr != nil) && !panicked && !closed(forced) {
		if err := s.recordQuit(forced); err != nil {
			errs = append(errs, err)
		}
	}
	if err := s.C.Bg.Wait(forced); err != nil {
		if s.StopRecords != nil {
			s.StopRecords() // the records under way stop where they are
		}
		errs = append(errs, err)
	}
	return Ending{Kept: kept, KeptRules: kept != "" && rules.Changed(), Dataset: s.noun == "dataset", Errs: errors.Join(errs...)}
}

// recordQuit records the state at quit on the caller's goroutine, unless
// a second signal insists on leaving first.
func (s *Shell) recordQuit(forced <-chan struct{}) error {
	cmd := s.pg.Record(ports.RunQuit)
	if cmd == nil {
		return nil
	}
	select {
	case msg := <-Async(cmd):
		if r, ok := msg.(RecordedMsg); ok && r.Err != nil {
			return fmt.Errorf("the state at quit was not recorded: %w", r.Err)
		}
	case <-forced:
	}
	return nil
}

// settleSafely runs settle, turning a panic into an error that says what
// could not be kept: the model that settles may have panicked already.
func settleSafely(settle func() (string, error), what string) (kept string, err error) {
	defer func() {
		if r := recover(); r != nil {
			kept, err = "", fmt.Errorf("%s could not be kept: %v", what, r)
		}
	}()
	return settle()
}

// Async runs cmd on a goroutine and delivers its message.
func Async(cmd tea.Cmd) <-chan tea.Msg {
	ch := make(chan tea.Msg, 1)
	go func() { ch <- cmd() }()
	return ch
}

// closed reports whether ch is closed.
func closed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// openHelp shows the help, which returns to the mode it came from.
func (s *Shell) openHelp() {
	s.helpFrom = s.Mode
	s.Mode = ModeHelp
	s.Help.Top()
}

// openHistory opens the history pane, when the page records runs.
func (s *Shell) openHistory() tea.Cmd {
	if !s.history {
		s.Status.Set(common.Info("no history here: this explorer records no runs"))
		return nil
	}
	s.Mode = ModeHistory
	s.Status.Set(common.Info(""))
	return s.Hist.Update(runspane.OpenHistoryMsg{})
}

// ShowDetail reports whether the detail pane shows: asked for, or by
// default on a wide enough screen unless the tree needs the room.
func (s *Shell) ShowDetail() bool {
	return s.Side == SideDetail || s.Side == SideAuto && s.C.Width >= SideMinWidth && !s.Folded
}

// ToggleDetail shows the detail pane, or hides it when it shows, and
// lays the page out again.
func (s *Shell) ToggleDetail() {
	if s.ShowDetail() {
		s.Side = SideNone
	} else {
		s.Side = SideDetail
	}
	s.pg.Layout()
}

// InPrompt reports whether keys go to the prompt.
func (s *Shell) InPrompt() bool {
	return s.Mode == ModeSearch || s.Mode == ModeWeight || s.Mode == ModeSavePath || s.Mode == ModeLabel ||
		s.Mode == ModeRuleValue || s.Mode == ModeRulesPath
}

// KeptText says where the unsaved weights (and rules) of a pair's
// explorer, or of a dataset's, are kept.
func KeptText(kept string, rules, dataset bool) string {
	what, subject := "weights", "pair"
	if rules {
		what = "weights and rules"
	}
	if dataset {
		subject = "dataset"
	}
	return "the unsaved " + what + " are kept in " + kept + ", and opening the " + subject + " again offers them"
}

// RecordedMsg says a record finished.
type RecordedMsg struct {
	Event ports.RunEvent
	Err   error
	// Locked is the session whose weights the record held locked, nil
	// for none.
	Locked *session.Session
}

// EndError is what Explore returns for an explorer that ended as e says,
// on signal sig (nil for none) or with the program's error runErr.
func EndError(sig os.Signal, runErr error, e Ending) error {
	switch {
	case e.LoadErr != nil:
		return e.LoadErr
	case sig != nil:
		return &Interrupted{Signal: sig, Kept: e.Kept, KeptRules: e.KeptRules, Dataset: e.Dataset, Err: e.Errs}
	case runErr != nil && e.Kept != "":
		return fmt.Errorf("%w; %s", runErr, KeptText(e.Kept, e.KeptRules, e.Dataset))
	case runErr != nil:
		return runErr
	}
	return nil
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
		msg += "; " + KeptText(e.Kept, e.KeptRules, e.Dataset)
	}
	if e.Err != nil {
		msg += "; " + e.Err.Error()
	}
	return msg
}

// Unwrap returns what could not be done on the way out.
func (e *Interrupted) Unwrap() error { return e.Err }

// ExitCode is the exit code of a process a signal ended: 128 plus the
// signal's number, as shells report it.
func (e *Interrupted) ExitCode() int { return 128 + signalNumber(e.Signal) }
