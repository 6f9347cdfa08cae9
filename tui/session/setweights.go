package session

import (
	"fmt"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/report"
)

// RulesChange is a change of the per-key rules made in the same step as
// weights (restoring unsaved ones): the rules before and after it (nil
// for none). A session does not apply rules, which take effect when the
// documents are scored again under them: it keeps them with the step,
// and says which rules Undo and Redo call for (StepRules).
type RulesChange struct {
	Before, After *scoring.RuleSet
}

// SetWeights sets the weight of every key slot to weights[slot] (one
// weight per slot, as the tree's Slots lists them; the root's and the
// elements' are not weights of their own and are left alone) as one step,
// which Undo takes back whole. label names the step, as the undo message
// repeats it. It returns how many weights changed: 0 makes no step.
func (s *Session) SetWeights(weights []float64, label string) (int, error) {
	return s.SetWeightsAndRules(weights, nil, label)
}

// SetWeightsAndRules is SetWeights for a step that also changed the
// rules (rc, nil for none), the documents already scored under rc.After:
// Undo takes back both, which makes a step even when no weight changed.
func (s *Session) SetWeightsAndRules(weights []float64, rc *RulesChange, label string) (int, error) {
	if len(weights) != s.t.NumSlots() {
		return 0, fmt.Errorf("%d weights for %d key slots", len(weights), s.t.NumSlots())
	}
	n := 0
	for i, sl := range s.t.Slots() {
		if !sl.IsKey() || sl.Weight == weights[i] {
			continue
		}
		if w := weights[i]; !(w >= 0 && w <= 1) {
			return 0, fmt.Errorf("weight %s of %s is outside [0, 1]", report.Figure(w), s.t.SchemaPath(i))
		}
		n++
	}
	c := change{label: label, edits: make([]edit, 0, n), rules: rc}
	for i, sl := range s.t.Slots() {
		if sl.IsKey() && sl.Weight != weights[i] {
			c.edits = append(c.edits, edit{i, sl.Weight, weights[i]})
		}
	}
	if len(c.edits) == 0 && rc == nil {
		return 0, nil
	}
	if err := s.apply(c, false); err != nil {
		return 0, err
	}
	s.redo = s.redo[:0]
	return len(c.edits), nil
}

// StepRules returns the rules that the last Undo or Redo calls for, when
// the step it took back or did again changed the rules: its weights are
// in, and the documents must be scored again under these rules.
func (s *Session) StepRules() (rules *scoring.RuleSet, ok bool) {
	return s.stepRules, s.stepHasRules
}
