package pair

import (
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/shell"
)

// Idle reports whether the explorer waits for a key in its normal mode,
// with nothing open over the tree.
func (m *Model) Idle() bool { return m.Phase == shell.PhaseReady && m.Mode == shell.ModeNormal }

// Comparing reports whether the tree is compared with a recorded run,
// which esc ends.
func (m *Model) Comparing() bool { return m.runs.Comparison() != nil }

// SelectedPath returns the path of the node under the cursor, "" before
// the tree is ready.
func (m *Model) SelectedPath() string {
	if m.sess == nil {
		return ""
	}
	return m.sess.Tree().Path(m.tree.Selected())
}

// TunedWeights returns the weights changed since opening, by schema
// path: what a case opened from a dataset gives back to it.
func (m *Model) TunedWeights() []dataset.PathWeight {
	t := m.wsess.Tree()
	var out []dataset.PathWeight
	for i, sl := range t.Slots() {
		if sl.IsKey() && m.wsess.Changed(i) {
			out = append(out, dataset.PathWeight{Path: t.SchemaPath(i), Weight: sl.Weight})
		}
	}
	return out
}
