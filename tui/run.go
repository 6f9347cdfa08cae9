package tui

import (
	tea "charm.land/bubbletea/v2"
)

// Explore opens the explorer and returns when the user quits. Its error is
// the program's, or why the inputs could not be loaded (the caller reports
// it as bad input).
func Explore(opts Options, progOpts ...tea.ProgramOption) error {
	m := New(opts)
	final, err := tea.NewProgram(m, progOpts...).Run()
	if err != nil {
		return err
	}
	if fm, ok := final.(*Model); ok && fm.err != nil {
		return fm.err
	}
	return nil
}
