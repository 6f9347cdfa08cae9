package pair

import (
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/shell"
)

// Idle reports whether the explorer waits for a key in its normal mode,
// with nothing open over the tree.
func (m *Model) Idle() bool { return m.Phase == shell.PhaseReady && m.Mode == shell.ModeNormal }

// TunedWeights returns the weights changed since opening, by schema
// path: what a case opened from a dataset gives back to it.
func (m *Model) TunedWeights() []dataset.PathWeight {
	t := m.Wsess.Tree()
	var out []dataset.PathWeight
	for i, sl := range t.Slots() {
		if sl.IsKey() && m.Wsess.Changed(i) {
			out = append(out, dataset.PathWeight{Path: t.SchemaPath(i), Weight: sl.Weight})
		}
	}
	return out
}
