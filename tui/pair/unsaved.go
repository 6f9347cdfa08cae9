package pair

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/session"
	"github.com/jsontui/jsontui/tui/shell"
)

// InForce returns the session holding the weights in force (nil before
// the comparison is in) and the rules in force.
func (m *Model) InForce() (shell.WeightsSession, *scoring.RuleSet) {
	if m.wsess == nil {
		return nil, m.rules
	}
	return m.wsess, m.rules
}

// ResolveOffers returns what resolves a recovery file's weights on a
// snapshot of the weights tree, against the weights in force now; it
// runs in the background.
func (m *Model) ResolveOffers() func(o *shell.Offer) {
	snap := m.wsess.Tree().Clone()
	now := snap.SlotWeights(nil)
	return func(o *shell.Offer) {
		o.Weights, o.Ignored, o.Err = runspane.ResolveWeights(snap, o.Found.Path, o.Found.Weights)
		for i := range o.Weights {
			if snap.SlotAt(i).IsKey() && o.Weights[i] != now[i] {
				o.Changes = append(o.Changes, runspane.WeightChange{Path: snap.SchemaPath(i), Run: o.Weights[i], Now: now[i]})
			}
		}
	}
}

// Busy reports whether something keeps an offer waiting: nothing does
// in a pair's explorer.
func (m *Model) Busy() bool { return false }

// ApplyOffer applies the weights of an offer as one undoable step,
// keeps them as this explorer's unsaved weights, and then removes the
// file they came from.
func (m *Model) ApplyOffer(o shell.Offer) tea.Cmd {
	f := o.Found
	old, oldHas := m.metric.Total(m.sess.Tree())
	n, err := m.wsess.SetWeights(o.Weights, "restore the unsaved weights of "+shell.SavedText(f.Saved))
	if err != nil {
		m.Status.Set(common.Failure(fmt.Errorf("restoring %s: %w", f.Path, err)))
		return nil
	}
	m.tree.Refresh()
	text := fmt.Sprintf("restored the unsaved weights of %s: %d weight%s changed", shell.SavedText(f.Saved), n, common.Plural(n, "s"))
	if tot, has := m.metric.Total(m.sess.Tree()); has && oldHas && m.metric.Tuned() {
		text += fmt.Sprintf(", total %s → %s", common.Fixed5(old), common.Fixed5(tot))
	}
	if o.Ignored.N > 0 {
		text += fmt.Sprintf(" (entries that apply to nothing here: %d)", o.Ignored.N)
	}
	m.Status.Set(common.Success(text + " · u undoes · ctrl+s saves"))
	return m.TakeOverUnsaved(f)
}

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
