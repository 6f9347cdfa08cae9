package session

import (
	"fmt"

	"github.com/jsontui/jsontui/scoring/report"
)

// SetWeights sets the weight of every key slot to weights[slot] (one
// weight per slot, as the tree's Slots lists them; the root's and the
// elements' are not weights of their own and are left alone) as one step,
// which Undo takes back whole. label names the step, as the undo message
// repeats it. It returns how many weights changed: 0 makes no step.
func (s *Session) SetWeights(weights []float64, label string) (int, error) {
	slots := s.t.Slots()
	if len(weights) != len(slots) {
		return 0, fmt.Errorf("%d weights for %d key slots", len(weights), len(slots))
	}
	n := 0
	for i, sl := range slots {
		if !sl.IsKey() || sl.Weight == weights[i] {
			continue
		}
		if w := weights[i]; !(w >= 0 && w <= 1) {
			return 0, fmt.Errorf("weight %s of %s is outside [0, 1]", report.Figure(w), s.t.SchemaPath(i))
		}
		n++
	}
	c := change{label: label, edits: make([]edit, 0, n)}
	for i, sl := range slots {
		if sl.IsKey() && sl.Weight != weights[i] {
			c.edits = append(c.edits, edit{i, sl.Weight, weights[i]})
		}
	}
	if len(c.edits) == 0 {
		return 0, nil
	}
	if err := s.apply(c, false); err != nil {
		return 0, err
	}
	s.redo = s.redo[:0]
	return len(c.edits), nil
}
