package pair

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/session"
	"github.com/jsontui/jsontui/tui/shell"
)

// RestoreRules restores an offer whose rules differ from those in
// force: the documents are scored again under its rules in the
// background, and its weights applied with them as one undoable step
// (restored). It says why it cannot instead: nothing rescores.
func (m *Model) RestoreRules(o shell.Offer) (tea.Cmd, string) {
	if m.opts.Rescore == nil {
		return nil, "nothing rescores"
	}
	rules := m.rules.Replace(o.Rules, m.RulesSavePath())
	note := "restoring the unsaved weights and rules of " + shell.SavedText(o.Found.Saved)
	return m.rescore(rescoreSpec{metric: m.metric.Name, user: m.opts.MetricOptions, rules: rules, note: note,
		restore: &restoreJob{offer: o, before: m.rules}}), ""
}

// restored applies the weights of the offer being restored, once the
// documents are scored under its rules, as one step with the rules:
// undoing it puts back both. Then this explorer keeps them, and the file
// they came from goes. old is the total before.
func (m *Model) restored(msg rescoredMsg, old float64, oldHas bool) tea.Cmd {
	r := msg.spec.restore
	f := r.offer.Found
	n, err := m.wsess.SetWeightsAndRules(msg.weights, &session.RulesChange{Before: r.before, After: m.rules},
		"restore the unsaved weights and rules of "+shell.SavedText(f.Saved))
	if err != nil {
		m.Status.Set(common.Failure(fmt.Errorf("restoring %s: %w", f.Path, err)))
		return nil
	}
	m.tree.Refresh()
	k := len(shell.RuleDiffs(r.before, m.rules))
	text := fmt.Sprintf("restored the unsaved weights and rules of %s: %d weight%s and %d rule%s changed",
		shell.SavedText(f.Saved), n, common.Plural(n, "s"), k, common.Plural(k, "s"))
	if tot, has := m.metric.Total(m.sess.Tree()); has && oldHas {
		text += fmt.Sprintf(", total %s → %s", common.Fixed5(old), common.Fixed5(tot))
	}
	if msg.ignored.N > 0 {
		text += fmt.Sprintf(" (entries that apply to nothing here: %d)", msg.ignored.N)
	}
	m.Status.Set(common.Success(text + " · u undoes · ctrl+s saves"))
	return m.TakeOverUnsaved(f)
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
