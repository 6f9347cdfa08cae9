package tui

import (
	"errors"
	"fmt"
	"os"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/runspane"
)

// quit leaves, asking first when weights or rules are unsaved.
func (s *shell) quit() tea.Cmd {
	if s.unsavedDirty() {
		s.mode = modeConfirmQuit
		return nil
	}
	return s.quitNow()
}

// quitNow records the closing state when it changed, and quits once the
// background jobs are done: the records under way, and the others, those
// that can stop cancelled.
func (s *shell) quitNow() tea.Cmd {
	s.quitAfterSave = false
	s.pg.stopJobs()
	// Nothing is unsaved now, or the user discarded it: the recovery file
	// goes (finish would remove it too, but a program run otherwise
	// than by Explore ends here).
	if _, err := s.settleUnsaved(); err != nil {
		s.status.Set(common.Warn("unsaved weights: " + err.Error()))
	}
	cmd := s.pg.record(ports.RunQuit)
	s.phase = phaseClosing
	if s.recordsPending > 0 {
		s.status.Set(common.Info("recording the run in the history…"))
	}
	return tea.Batch(cmd, s.c.Bg.Quit())
}

// ending is how an explorer ended, for Explore to say: why it could
// not load, else the recovery file kept ("" for none) with whether it
// holds rules, and what could not be done on the way out.
type ending struct {
	loadErr   error
	kept      string
	keptRules bool
	dataset   bool
	errs      error
}

// finish ends the explorer once its program has ended, however it ended
// (a quit, a signal, a panic, the terminal gone): the background jobs
// stopped or waited for, what is open folded into the page's weights,
// the unsaved weights and rules kept, and the closing state recorded
// when the program did not get to it (a signal, a failure).
func (s *shell) finish(sig os.Signal, runErr error, forced <-chan struct{}) ending {
	s.pg.stopJobs()
	if s.err != nil && sig == nil {
		_ = s.c.Bg.Wait(forced)
		return ending{loadErr: s.err}
	}
	panicked := errors.Is(runErr, tea.ErrProgramPanic)
	var errs []error
	if !panicked {
		if err := s.pg.fold(); err != nil {
			errs = append(errs, err)
		}
	}
	kept, err := settleSafely(s.settleUnsaved, "the unsaved weights and rules")
	_, rules := s.pg.inForce()
	if err != nil {
		errs = append(errs, err)
	}
	if (sig != nil || runErr != nil) && !panicked && !closed(forced) {
		if err := s.recordQuit(forced); err != nil {
			errs = append(errs, err)
		}
	}
	if err := s.c.Bg.Wait(forced); err != nil {
		if s.stopRecords != nil {
			s.stopRecords() // the records under way stop where they are
		}
		errs = append(errs, err)
	}
	return ending{kept: kept, keptRules: kept != "" && rules.Changed(), dataset: s.noun == "dataset", errs: errors.Join(errs...)}
}

// recordQuit records the state at quit on the caller's goroutine, unless
// a second signal insists on leaving first.
func (s *shell) recordQuit(forced <-chan struct{}) error {
	cmd := s.pg.record(ports.RunQuit)
	if cmd == nil {
		return nil
	}
	select {
	case msg := <-async(cmd):
		if r, ok := msg.(recordedMsg); ok && r.err != nil {
			return fmt.Errorf("the state at quit was not recorded: %w", r.err)
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

// async runs cmd on a goroutine and delivers its message.
func async(cmd tea.Cmd) <-chan tea.Msg {
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
func (s *shell) openHelp() {
	s.helpFrom = s.mode
	s.mode = modeHelp
	s.help.Top()
}

// openHistory opens the history pane, when the page records runs.
func (s *shell) openHistory() tea.Cmd {
	if !s.history {
		s.status.Set(common.Info("no history here: this explorer records no runs"))
		return nil
	}
	s.mode = modeHistory
	s.status.Set(common.Info(""))
	return s.hist.Update(runspane.OpenHistoryMsg{})
}

// showDetail reports whether the detail pane shows: asked for, or by
// default on a wide enough screen unless the tree needs the room.
func (s *shell) showDetail() bool {
	return s.side == sideDetail || s.side == sideAuto && s.c.Width >= sideMinWidth && !s.folded
}

// inPrompt reports whether keys go to the prompt.
func (s *shell) inPrompt() bool {
	return s.mode == modeSearch || s.mode == modeWeight || s.mode == modeSavePath || s.mode == modeLabel ||
		s.mode == modeRuleValue || s.mode == modeRulesPath
}
