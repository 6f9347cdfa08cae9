package tui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/runspane"
)

// InForce returns the session holding the weights in force (nil before
// the comparison is in) and the rules in force.
func (m *Model) InForce() (weightsSession, *scoring.RuleSet) {
	if m.wsess == nil {
		return nil, m.rules
	}
	return m.wsess, m.rules
}

// ResolveOffers returns what resolves a recovery file's weights on a
// snapshot of the weights tree, against the weights in force now; it
// runs in the background.
func (m *Model) ResolveOffers() func(o *offer) {
	snap := m.wsess.Tree().Clone()
	now := snap.SlotWeights(nil)
	return func(o *offer) {
		o.weights, o.ignored, o.err = runspane.ResolveWeights(snap, o.found.Path, o.found.Weights)
		for i := range o.weights {
			if snap.SlotAt(i).IsKey() && o.weights[i] != now[i] {
				o.changes = append(o.changes, runspane.WeightChange{Path: snap.SchemaPath(i), Run: o.weights[i], Now: now[i]})
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
func (m *Model) ApplyOffer(o offer) tea.Cmd {
	f := o.found
	old, oldHas := m.metric.total(m.sess.Tree())
	n, err := m.wsess.SetWeights(o.weights, "restore the unsaved weights of "+savedText(f.Saved))
	if err != nil {
		m.status.Set(common.Failure(fmt.Errorf("restoring %s: %w", f.Path, err)))
		return nil
	}
	m.tree.refresh()
	text := fmt.Sprintf("restored the unsaved weights of %s: %d weight%s changed", savedText(f.Saved), n, common.Plural(n, "s"))
	if tot, has := m.metric.total(m.sess.Tree()); has && oldHas && m.metric.tuned() {
		text += fmt.Sprintf(", total %s → %s", common.Fixed5(old), common.Fixed5(tot))
	}
	if o.ignored.N > 0 {
		text += fmt.Sprintf(" (entries that apply to nothing here: %d)", o.ignored.N)
	}
	m.status.Set(common.Success(text + " · u undoes · ctrl+s saves"))
	return m.takeOverUnsaved(f)
}
