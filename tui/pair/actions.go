package pair

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/shell"
)

// weightKey runs a weight key on node id, or says why the metric in force
// refuses it.
func (m *Model) weightKey(msg tea.KeyPressMsg, id scoring.NodeID) tea.Cmd {
	if why := m.weightsRefused(); why != "" {
		m.Status.Set(common.Warn(why))
		return nil
	}
	k := m.C.Keys
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
		m.Status.Set(common.Warn(err.Error()))
		return nil
	}
	t := m.sess.Tree()
	label := "weight of " + t.SchemaPath(slot) + ":"
	m.Prompt.Open(label, "", common.WeightText(t.SlotWeightAt(slot)), 24)
	m.Prompt.SetTarget(id)
	m.Mode = shell.ModeWeight
	return nil
}

// edit reports the outcome of a weight change and brings the rows up to
// date.
func (m *Model) edit(text string, err error) tea.Cmd {
	if err != nil {
		m.Status.Set(common.Warn(err.Error()))
		return nil
	}
	m.tree.Refresh()
	m.Status.Set(common.Success(text))
	return nil
}

// undoRedo takes a step back or does it again (step is the session's
// Undo or Redo), and, when the step changed the rules too, scores the
// documents again under the rules it calls for (its weights are in
// already). The rules go over the rules file in force, as a run's do, so
// that what is unsaved is counted against the file as it is now (saved
// since, maybe).
func (m *Model) undoRedo(step func() (string, error)) tea.Cmd {
	old, oldHas := m.metric.Total(m.sess.Tree())
	text, err := step()
	cmd := m.edit(text, err)
	rules, ok := m.sess.StepRules()
	if err != nil || !ok || rules.Equal(m.rules) {
		return cmd
	}
	rules = m.rules.Replace(rules, m.RulesSavePath())
	return m.rescore(rescoreSpec{metric: m.metric.Name, user: m.opts.MetricOptions, rules: rules, note: text, steps: true,
		was: &shownTotal{old, oldHas}})
}

// Submit runs the prompt's text.
func (m *Model) Submit() tea.Cmd {
	switch m.Mode {
	case shell.ModeSearch:
		m.Mode = shell.ModeNormal
		cmd, st := m.tree.Search(m.Prompt.Trimmed())
		m.Status.Set(st)
		return cmd
	case shell.ModeLabel:
		return m.runs.LabelSubmit()
	}
	return nil
}

// SubmitWeight sets the weight of the node the prompt was asked for.
func (m *Model) SubmitWeight(v float64) tea.Cmd {
	return m.edit(m.sess.SetWeight(m.Prompt.NodeTarget(), v))
}

// StopJobs cancels the background jobs that can stop: the load, the
// search, the rescores. Their answers, which come all the same, are
// dropped.
func (m *Model) StopJobs() {
	if m.load != nil {
		m.load.Stop()
	}
	if m.tree != nil {
		m.tree.StopSearch()
	}
	m.jobs.stopRescore()
	m.runs.Stop()
}
