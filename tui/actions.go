package tui

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/session"
)

// weightKey runs a weight key on node id, or says why the metric in force
// refuses it.
func (m *Model) weightKey(msg tea.KeyPressMsg, id scoring.NodeID) tea.Cmd {
	if why := m.weightsRefused(); why != "" {
		m.status.Set(common.Warn(why))
		return nil
	}
	k := m.c.Keys
	switch {
	case key.Matches(msg, k.EditWeight):
		return m.startWeightEdit(id)
	case key.Matches(msg, k.Raise):
		return m.edit(m.sess.Nudge(id, 0.05))
	case key.Matches(msg, k.Lower):
		return m.edit(m.sess.Nudge(id, -0.05))
	case key.Matches(msg, k.ToggleZero):
		return m.edit(m.sess.ToggleZero(id))
	case key.Matches(msg, k.Reset):
		return m.edit(m.sess.Reset(id))
	case key.Matches(msg, k.ResetAll):
		return m.edit(m.sess.ResetAll())
	case key.Matches(msg, k.Undo):
		return m.undoRedo(m.sess.Undo)
	case key.Matches(msg, k.Redo):
		return m.undoRedo(m.sess.Redo)
	}
	return nil
}

// startWeightEdit opens the weight prompt on node id, or says why it has
// no weight of its own.
func (m *Model) startWeightEdit(id scoring.NodeID) tea.Cmd {
	slot, err := m.sess.WeightSlot(id)
	if err != nil {
		m.status.Set(common.Warn(err.Error()))
		return nil
	}
	t := m.sess.Tree()
	label := "weight of " + t.SchemaPath(slot) + ":"
	m.prompt.Open(label, "", common.WeightText(t.SlotWeightAt(slot)), 24)
	m.prompt.SetTarget(id)
	m.mode = modeWeight
	return nil
}

// edit reports the outcome of a weight change and brings the rows up to
// date.
func (m *Model) edit(text string, err error) tea.Cmd {
	if err != nil {
		m.status.Set(common.Warn(err.Error()))
		return nil
	}
	m.tree.refresh()
	m.status.Set(common.Success(text))
	return nil
}

// submit runs the prompt's text.
func (m *Model) submit() tea.Cmd {
	switch m.mode {
	case modeSearch:
		m.mode = modeNormal
		return m.startSearch(m.prompt.Trimmed())
	case modeWeight:
		v, err := parseWeightInput(m.prompt.Trimmed())
		if err != nil {
			m.prompt.Fail(err.Error())
			return nil
		}
		m.mode = modeNormal
		return m.edit(m.sess.SetWeight(m.prompt.NodeTarget(), v))
	case modeLabel:
		return m.labelSubmit()
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
			if path != m.wsess.Path() {
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

// removedText tells of the temporary files of interrupted saves that a
// save removed, "" for none.
func removedText(removed []string) string {
	if n := len(removed); n > 0 {
		return fmt.Sprintf("; removed %d temporary file%s that interrupted saves left", n, common.Plural(n, "s"))
	}
	return ""
}

// stopJobs cancels the background jobs that can stop: the load, the
// search, the rescores. Their answers, which come all the same, are
// dropped.
func (m *Model) stopJobs() {
	if m.load != nil {
		m.load.cancel()
	}
	if m.jobs.cancelSearch != nil {
		m.jobs.cancelSearch()
		m.jobs.cancelSearch = nil
	}
	m.cancelRescore()
	m.cancelRestore()
}

// parseWeightInput reads a typed weight: a number in [0, 1].
func parseWeightInput(text string) (float64, error) { return session.ParseWeight(text) }
