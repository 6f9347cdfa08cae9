package tui

import (
	"errors"
	"fmt"
	"os"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/ports"
)

// ExploreDataset opens the dataset explorer and returns when the user
// quits. Its error is the program's, or why the dataset could not be
// loaded (the caller reports it as `score` would), or an *Interrupted
// when a signal ended it.
//
// SIGINT, SIGTERM and SIGHUP end it as they end a pair's explorer
// (Explore): as `q` does, without asking, the weights tuned in a case
// open carried to the dataset, the state at quit recorded, the unsaved
// weights kept in the recovery file (DatasetOptions.Recovery), and the
// records under way waited for. A second signal stops the waiting; a
// third one ends the process at once.
func ExploreDataset(opts ports.DatasetOptions, progOpts ...tea.ProgramOption) error {
	return runExplorer(NewDataset(opts), progOpts)
}

// finish does what ending the dataset explorer leaves to do, on the
// caller's goroutine once the program has stopped: it stops the load and
// the opening of a case, carries the weights tuned in the case open to
// the dataset, keeps or removes the unsaved weights, records the state at
// quit when the user did not quit (a signal ended the program, or its
// terminal failed), and waits for the background jobs under way (the
// records; the others are cancelled first), unless forced is closed.
func (m *DatasetModel) finish(sig os.Signal, runErr error, forced <-chan struct{}) error {
	m.stopJobs()
	if m.err != nil && sig == nil {
		_ = m.c.Bg.Wait(forced)
		return m.err
	}
	panicked := errors.Is(runErr, tea.ErrProgramPanic)
	var errs []error
	if m.open != nil && !panicked {
		cv := m.open
		m.open = nil
		if _, err := m.ds.wsess.SetWeights(cv.m.tunedWeights(), "the weights tuned in case "+cv.id); err != nil {
			errs = append(errs, fmt.Errorf("the weights tuned in case %s: %w", cv.id, err))
		}
	}
	kept, err := m.settleSafely()
	keptRules := kept != "" && m.ds != nil && m.ds.rules.Changed()
	if err != nil {
		errs = append(errs, err)
	}
	if (sig != nil || runErr != nil) && !panicked && !closed(forced) {
		if cmd := m.record(ports.RunQuit); cmd != nil {
			select {
			case msg := <-async(cmd):
				if r, ok := msg.(dsRecordedMsg); ok && r.err != nil {
					errs = append(errs, fmt.Errorf("the state at quit was not recorded: %w", r.err))
				}
			case <-forced:
			}
		}
	}
	if err := m.c.Bg.Wait(forced); err != nil {
		if m.rec.stop != nil {
			m.rec.stop() // the records under way stop where they are
		}
		errs = append(errs, err)
	}
	switch {
	case sig != nil:
		return &Interrupted{Signal: sig, Kept: kept, KeptRules: keptRules, Dataset: true, Err: errors.Join(errs...)}
	case runErr != nil && kept != "":
		return fmt.Errorf("%w; %s", runErr, keptText(kept, keptRules, true))
	case runErr != nil:
		return runErr
	}
	return nil
}

// settleSafely is settleUnsaved, which a model that panicked may fail.
func (m *DatasetModel) settleSafely() (kept string, err error) {
	return settleSafely(m.settleUnsaved, "the unsaved weights and rules")
}
