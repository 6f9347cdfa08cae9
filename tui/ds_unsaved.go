package tui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/recovery"
	"github.com/jsontui/jsontui/tui/runspane"
)

// A dataset's half of keeping the unsaved weights and rules (the shell
// keeps them, shell_unsaved.go): a recovery file's weights resolve on
// the dataset's paths and apply to every case. Restoring rules scores
// the dataset again under them (ds_rescore.go), then applies the weights
// as one step.

// inForce returns the session holding the weights in force (nil before
// the dataset is in) and the rules in force.
func (m *DatasetModel) inForce() (weightsSession, *scoring.RuleSet) {
	if m.ds == nil {
		return nil, nil
	}
	return m.ds.wsess, m.ds.rules
}

// resolveOffers returns what resolves a recovery file's weights on the
// dataset's paths, against the weights in force now; it runs in the
// background (the dataset's paths never change).
func (m *DatasetModel) resolveOffers() func(o *offer) {
	d := m.ds.d
	now := map[string]float64{}
	for _, p := range d.PathsInOrder() {
		if d.Weighs(p) {
			now[p], _ = d.Weight(p)
		}
	}
	resolve := d.ResolveWeights
	return func(o *offer) {
		o.pathWeights, o.ignored, o.err = resolveDatasetWeights(resolve, o.found)
		for _, pw := range o.pathWeights {
			if w, ok := now[pw.Path]; ok && w != pw.Weight {
				o.changes = append(o.changes, runspane.WeightChange{Path: pw.Path, Run: pw.Weight, Now: w})
			}
		}
	}
}

// busy reports whether a case is open or opening: an offer waits.
func (m *DatasetModel) busy() bool { return m.open != nil || m.opening.active }

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

// applyOffer applies the weights of an offer to every case as one
// undoable step, keeps them as this explorer's unsaved weights, and then
// removes the file they came from.
func (m *DatasetModel) applyOffer(o offer) tea.Cmd {
	f := o.found
	before, had := m.ds.total()
	n, err := m.ds.wsess.SetWeights(o.pathWeights, "restore the unsaved weights of "+savedText(f.Saved))
	if err != nil {
		m.status.Set(common.Failure(fmt.Errorf("restoring %s: %w", f.Path, err)))
		return nil
	}
	m.changed()
	text := fmt.Sprintf("restored the unsaved weights of %s: %d weight%s changed", savedText(f.Saved), n, common.Plural(n, "s"))
	if now, has := m.ds.total(); has && had {
		text += fmt.Sprintf(", score %s → %s", common.Fixed5(before), common.Fixed5(now))
	}
	if o.ignored.N > 0 {
		text += fmt.Sprintf(" (entries that apply to nothing here: %d)", o.ignored.N)
	}
	m.status.Set(common.Success(text + " · u undoes · ctrl+s saves"))
	return tea.Batch(m.takeOverUnsaved(f), m.recompare())
}
