package datasetpage

import (
	"fmt"

	"github.com/jsontui/jsontui/tui/datasetpage/dsdata"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/shell"
)

// PageKey takes the keys of normal mode the shell leaves to a
// dataset's explorer: those of the view shown, and esc stopping a
// rescore under way.
func (m *Model) PageKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.C.Keys
	if m.ds.Cal != nil && m.ds.Cal.Proposal != nil {
		if cmd, done := m.proposalKey(msg); done {
			return cmd
		}
	}
	switch {
	case key.Matches(msg, k.Propose):
		return m.propose()
	case key.Matches(msg, k.Cancel) && m.job != nil:
		// esc stops the rescore under way before it does anything else.
		what := m.job.spec.what(m.job.opts.Strings())
		m.stopRescore()
		m.Status.Set(common.Info("stopped " + what + ": the figures are still " + m.ds.Metric() + "'s"))
		return nil
	case key.Matches(msg, k.Undo, k.Redo, k.ResetAll):
		return m.weightKey("", msg)
	case key.Matches(msg, k.Metric):
		m.OpenChooser()
		return nil
	case key.Matches(msg, k.Warnings):
		cmd := m.hdr.Update(msg)
		m.Layout()
		return cmd
	}
	switch m.view {
	case dsdata.ViewCases:
		return m.cases.Update(msg)
	case dsdata.ViewHeat:
		if key.Matches(msg, k.HeatMap) {
			m.setView(dsdata.ViewTree)
			return nil
		}
		return m.heat.Update(msg)
	case dsdata.ViewGroups:
		return m.groups.Update(msg)
	}
	switch {
	case key.Matches(msg, k.Cases):
		m.setView(dsdata.ViewCases)
		return nil
	case key.Matches(msg, k.Groups):
		m.setView(dsdata.ViewGroups)
		return nil
	case key.Matches(msg, k.HeatMap):
		m.setView(dsdata.ViewHeat)
		return nil
	case key.Matches(msg, k.EndCompare):
		return m.endCompare()
	case key.Matches(msg, k.Detail):
		m.ToggleDetail()
		return nil
	case key.Matches(msg, k.DetailDown, k.DetailUp):
		return m.detail.Update(msg)
	}
	return m.tree.Update(msg)
}

// weightKey runs a weight key on path ("" for those that need none:
// undo, redo, reset all) through the dataset's session, and brings every
// pane up to date.
func (m *Model) weightKey(path string, msg tea.KeyPressMsg) tea.Cmd {
	if why := m.weightsRefused(); why != "" {
		m.Status.Set(common.Warn(why))
		return nil
	}
	k := m.C.Keys
	s := m.ds.Sess
	var text string
	var err error
	before, had := m.ds.Total()
	switch {
	case key.Matches(msg, k.EditWeight):
		if err := s.CanWeigh(path); err != nil {
			m.Status.Set(common.Warn(err.Error()))
			return nil
		}
		w, _ := m.ds.Scored.Weight(path)
		m.Prompt.Open("weight of "+path+":", "", common.WeightText(w), 24)
		m.weightPath = path
		m.Mode = shell.ModeWeight
		return nil
	case key.Matches(msg, k.Raise):
		text, err = s.Nudge(path, 0.05)
	case key.Matches(msg, k.Lower):
		text, err = s.Nudge(path, -0.05)
	case key.Matches(msg, k.ToggleZero):
		text, err = s.ToggleZero(path)
	case key.Matches(msg, k.Reset):
		text, err = s.Reset(path)
	case key.Matches(msg, k.ResetAll):
		text, err = s.ResetAll()
	case key.Matches(msg, k.Undo):
		text, err = s.Undo()
	case key.Matches(msg, k.Redo):
		text, err = s.Redo()
	}
	return m.reweighed(text, err, before, had)
}

// reweighed reports a weight change with the dataset's score before and
// after, and brings the panes up to date.
func (m *Model) reweighed(text string, err error, before float64, had bool) tea.Cmd {
	if err != nil {
		m.Status.Set(common.Warn(err.Error()))
		return nil
	}
	m.changed()
	if now, has := m.ds.Total(); has && had && now != before {
		text += fmt.Sprintf(" · score %s → %s", common.Fixed5(before), common.Fixed5(now))
	}
	text += m.ds.Cal.ChangeText()
	m.Status.Set(common.Success(text))
	return m.recompare()
}

// Submit runs the prompt's text.
func (m *Model) Submit() tea.Cmd {
	switch m.Mode {
	case shell.ModeSearch:
		m.Mode = shell.ModeNormal
		msg := dsdata.PromptDoneMsg{Kind: m.promptFor, Text: m.Prompt.Trimmed()}
		if m.promptFor == dsdata.PromptFind {
			return m.cases.Update(msg)
		}
		return m.tree.Update(msg)
	}
	return nil
}

// SubmitWeight sets the weight of the path the prompt was asked for.
func (m *Model) SubmitWeight(v float64) tea.Cmd {
	before, had := m.ds.Total()
	text, err := m.ds.Sess.SetWeight(m.weightPath, v)
	return m.reweighed(text, err, before, had)
}
