package datasetpage

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/recovery"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/shell"
)

// A dataset's half of keeping the unsaved weights and rules (the shell
// keeps them, tui/shell): a recovery file's weights resolve on
// the dataset's paths and apply to every case. Restoring rules scores
// the dataset again under them (rescore.go), then applies the weights
// as one step.

// InForce returns the session holding the weights in force (nil before
// the dataset is in) and the rules in force.
func (m *Model) InForce() (shell.WeightsSession, *scoring.RuleSet) {
	if m.ds == nil {
		return nil, nil
	}
	return m.ds.WSess, m.ds.Rules
}

// ResolveOffers returns what resolves a recovery file's weights on the
// dataset's paths, against the weights in force now; it runs in the
// background (the dataset's paths never change).
func (m *Model) ResolveOffers() func(o *shell.Offer) {
	d := m.ds.Scored
	now := map[string]float64{}
	for _, p := range d.PathsInOrder() {
		if d.Weighs(p) {
			now[p], _ = d.Weight(p)
		}
	}
	resolve := d.ResolveWeights
	return func(o *shell.Offer) {
		o.PathWeights, o.Ignored, o.Err = resolveDatasetWeights(resolve, o.Found)
		for _, pw := range o.PathWeights {
			if w, ok := now[pw.Path]; ok && w != pw.Weight {
				o.Changes = append(o.Changes, runspane.WeightChange{Path: pw.Path, Run: pw.Weight, Now: w})
			}
		}
	}
}

// Busy reports whether a case is open or opening: an offer waits.
func (m *Model) Busy() bool { return m.open != nil || m.opening.active }

// resolveDatasetWeights resolves the weights kept in f on a dataset's
// paths, with the entries that apply to none.
func resolveDatasetWeights(resolve func(*scoring.Weights) ([]dataset.PathWeight, []scoring.Warning, int, error), f recovery.Found) ([]dataset.PathWeight, runspane.IgnoredEntries, error) {
	w, err := scoring.ParseWeights(f.Path, f.Weights)
	if err != nil {
		return nil, runspane.IgnoredEntries{}, fmt.Errorf("its weights do not read: %w", err)
	}
	pws, first, n, err := resolve(w)
	if err != nil {
		return nil, runspane.IgnoredEntries{}, fmt.Errorf("its weights do not fit this dataset: %w", err)
	}
	return pws, runspane.IgnoredEntries{First: first, N: n}, nil
}

// ApplyOffer applies the weights of an offer to every case as one
// undoable step, keeps them as this explorer's unsaved weights, and then
// removes the file they came from.
func (m *Model) ApplyOffer(o shell.Offer) tea.Cmd {
	f := o.Found
	before, had := m.ds.Total()
	n, err := m.ds.WSess.SetWeights(o.PathWeights, "restore the unsaved weights of "+shell.SavedText(f.Saved))
	if err != nil {
		m.Status.Set(common.Failure(fmt.Errorf("restoring %s: %w", f.Path, err)))
		return nil
	}
	m.changed()
	text := fmt.Sprintf("restored the unsaved weights of %s: %d weight%s changed", shell.SavedText(f.Saved), n, common.Plural(n, "s"))
	if now, has := m.ds.Total(); has && had {
		text += fmt.Sprintf(", score %s → %s", common.Fixed5(before), common.Fixed5(now))
	}
	if o.Ignored.N > 0 {
		text += fmt.Sprintf(" (entries that apply to nothing here: %d)", o.Ignored.N)
	}
	m.Status.Set(common.Success(text + " · u undoes · ctrl+s saves"))
	return tea.Batch(m.TakeOverUnsaved(f), m.recompare())
}
