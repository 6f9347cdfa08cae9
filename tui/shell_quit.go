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

// finish ends the explorer once its program has ended, however it ended
// (a quit, a signal, a panic, the terminal gone): the background jobs
// stopped or waited for, what is open folded into the page's weights,
// the unsaved weights and rules kept, and the closing state recorded
// when the program did not get to it. It returns what Explore returns.
func (s *shell) finish(sig os.Signal, runErr error, forced <-chan struct{}) error {
	s.pg.stopJobs()
	if s.err != nil && sig == nil {
		_ = s.c.Bg.Wait(forced)
		return s.err
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
	keptRules := kept != "" && rules.Changed()
	if err != nil {
		errs = append(errs, err)
	}
	if (sig != nil || runErr != nil) && !panicked && !closed(forced) {
		if cmd := s.pg.record(ports.RunQuit); cmd != nil {
			select {
			case msg := <-async(cmd):
				if r, ok := msg.(recordedMsg); ok && r.err != nil {
					errs = append(errs, fmt.Errorf("the state at quit was not recorded: %w", r.err))
				}
			case <-forced:
			}
		}
	}
	if err := s.c.Bg.Wait(forced); err != nil {
		if s.stopRecords != nil {
			s.stopRecords() // the records under way stop where they are
		}
		errs = append(errs, err)
	}
	dataset := s.noun == "dataset"
	switch {
	case sig != nil:
		return &Interrupted{Signal: sig, Kept: kept, KeptRules: keptRules, Dataset: dataset, Err: errors.Join(errs...)}
	case runErr != nil && kept != "":
		return fmt.Errorf("%w; %s", runErr, keptText(kept, keptRules, dataset))
	case runErr != nil:
		return runErr
	}
	return nil
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
