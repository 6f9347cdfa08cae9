package tui

import (
	"slices"

	tea "charm.land/bubbletea/v2"
)

// ExploreDataset opens the dataset explorer and returns when the user
// quits. Its error is the program's, or why the dataset could not be
// loaded (the caller reports it as `score` would).
func ExploreDataset(opts DatasetOptions, progOpts ...tea.ProgramOption) error {
	m := NewDataset(opts)
	p := tea.NewProgram(m, slices.Clone(progOpts)...)
	_, err := p.Run()
	if m.load != nil {
		m.load.cancel()
	}
	if m.opening.cancel != nil {
		m.opening.cancel()
	}
	if m.err != nil {
		return m.err
	}
	return err
}
