package tui

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
)

// pageKey takes the keys of normal mode the shell leaves to a
// dataset's explorer: those of the view shown, and esc stopping a
// rescore under way.
func (m *DatasetModel) pageKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	switch {
	case key.Matches(msg, k.Cancel) && m.job != nil:
		// esc stops the rescore under way before it does anything else.
		what := m.job.spec.what(m.job.opts.Strings())
		m.stopRescore()
		m.status.Set(common.Info("stopped " + what + ": the figures are still " + m.ds.metric() + "'s"))
		return nil
	case key.Matches(msg, k.Undo, k.Redo, k.ResetAll):
		return m.weightKey("", msg)
	case key.Matches(msg, k.Metric):
		return m.openChooser()
	case key.Matches(msg, k.Warnings):
		cmd := m.hdr.Update(msg)
		m.layout()
		return cmd
	}
	switch m.view {
	case viewCases:
		return m.cases.Update(msg)
	case viewHeat:
		if key.Matches(msg, k.HeatMap) {
			m.setView(viewTree)
			return nil
		}
		return m.heat.Update(msg)
	}
	switch {
	case key.Matches(msg, k.Cases):
		m.setView(viewCases)
		return nil
	case key.Matches(msg, k.HeatMap):
		m.setView(viewHeat)
		return nil
	case key.Matches(msg, k.EndCompare):
		return m.endCompare()
	case key.Matches(msg, k.Detail):
		if m.showDetail() {
			m.side = sideNone
		} else {
			m.side = sideDetail
		}
		m.layout()
		return nil
	case key.Matches(msg, k.DetailDown, k.DetailUp):
		return m.detail.Update(msg)
	}
	return m.tree.Update(msg)
}

// weightKey runs a weight key on path ("" for those that need none:
// undo, redo, reset all) through the dataset's session, and brings every
// pane up to date.
func (m *DatasetModel) weightKey(path string, msg tea.KeyPressMsg) tea.Cmd {
	if why := m.weightsRefused(); why != "" {
		m.status.Set(common.Warn(why))
		return nil
	}
	k := m.c.Keys
	s := m.ds.sess
	var text string
	var err error
	before, had := m.ds.total()
	switch {
	case key.Matches(msg, k.EditWeight):
		if err := s.CanWeigh(path); err != nil {
			m.status.Set(common.Warn(err.Error()))
			return nil
		}
		w, _ := m.ds.d.Weight(path)
		m.prompt.Open("weight of "+path+":", "", common.WeightText(w), 24)
		m.weightPath = path
		m.mode = modeWeight
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
func (m *DatasetModel) reweighed(text string, err error, before float64, had bool) tea.Cmd {
	if err != nil {
		m.status.Set(common.Warn(err.Error()))
		return nil
	}
	m.changed()
	if now, has := m.ds.total(); has && had && now != before {
		text += fmt.Sprintf(" · score %s → %s", common.Fixed5(before), common.Fixed5(now))
	}
	m.status.Set(common.Success(text))
	return m.recompare()
}

// submit runs the prompt's text.
func (m *DatasetModel) submit() tea.Cmd {
	switch m.mode {
	case modeSearch:
		m.mode = modeNormal
		msg := promptDoneMsg{kind: m.promptFor, text: m.prompt.Trimmed()}
		if m.promptFor == promptFind {
			return m.cases.Update(msg)
		}
		return m.tree.Update(msg)
	case modeWeight:
		v, err := parseWeightInput(m.prompt.Trimmed())
		if err != nil {
			m.prompt.Fail(err.Error())
			return nil
		}
		m.mode = modeNormal
		before, had := m.ds.total()
		text, err := m.ds.sess.SetWeight(m.weightPath, v)
		return m.reweighed(text, err, before, had)
	case modeRuleValue:
		return m.submitRuleValue()
	case modeRulesPath:
		return m.submitRulesPath()
	case modeSavePath:
		path := m.prompt.Trimmed()
		if path == "" {
			m.prompt.Fail("type a path")
			return nil
		}
		if st, err := os.Stat(path); err == nil {
			if st.IsDir() {
				m.prompt.Fail(path + " is a folder")
				return nil
			}
			if path != m.ds.wsess.Path() {
				m.savePath = path
				m.mode = modeConfirmOverwrite
				return nil
			}
		} else if !errors.Is(err, fs.ErrNotExist) {
			m.prompt.Fail(err.Error())
			return nil
		}
		m.mode = modeNormal
		return m.saveTo(path)
	}
	return nil
}
