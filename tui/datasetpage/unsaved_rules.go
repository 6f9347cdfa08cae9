package datasetpage

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/shell"
)

// Restoring the unsaved rules of a dataset, kept in a recovery file with
// its weights (unsaved.go): the dataset is scored again under the
// rules, as `C` scores it (rescore.go), and once it is in, the kept
// weights are applied as one undoable step and this explorer takes the
// file over.

// RestoreRules scores the dataset again under the rules of offer o over
// the rules file in force (so that saving keeps its shape); its weights
// follow once the dataset is in (restoredUnsaved). It says why it cannot
// instead, when the dataset cannot be scored again or the metric in
// force takes no rules.
func (m *Model) RestoreRules(o shell.Offer) (tea.Cmd, string) {
	if why := m.RescoreRefused(); why != "" {
		return nil, why
	}
	spec := m.pendingSpec()
	if why := m.RulesRefused(spec.metric); why != "" {
		return nil, why
	}
	spec.rules = m.ds.Rules.Replace(o.Rules, m.RulesSavePath())
	spec.note = "restoring the unsaved weights and rules of " + shell.SavedText(o.Found.Saved)
	spec.restore = &o
	return m.rescore(spec), ""
}

// restoredUnsaved applies the weights of the offer restored, the dataset
// being scored under its rules now, as one undoable step; this explorer
// then keeps them, and the file they came from goes. old is what the
// dataset showed before.
func (m *Model) restoredUnsaved(o *shell.Offer, old dsShown) tea.Cmd {
	f := o.Found
	n, err := m.ds.WSess.SetWeights(o.PathWeights, "restore the unsaved weights of "+shell.SavedText(f.Saved))
	if err != nil {
		m.Status.Set(common.Failure(fmt.Errorf("restoring %s: %w (the rules are in; the file stays)", f.Path, err)))
		return nil
	}
	m.changed()
	r := len(o.RuleChanges)
	text := fmt.Sprintf("restored the unsaved weights and rules of %s: %d weight%s and %d rule%s changed",
		shell.SavedText(f.Saved), n, common.Plural(n, "s"), r, common.Plural(r, "s"))
	if now, has := m.ds.Total(); has && old.has {
		text += fmt.Sprintf(", score %s → %s", common.Fixed5(old.total), common.Fixed5(now))
	}
	if o.Ignored.N > 0 {
		text += fmt.Sprintf(" (entries that apply to nothing here: %d)", o.Ignored.N)
	}
	m.Status.Set(common.Success(text + " · ctrl+s saves"))
	return m.TakeOverUnsaved(f)
}
