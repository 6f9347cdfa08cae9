package datasetpage

import (
	"fmt"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/session"
)

// A dataset's half of what the shell does alike on both pages.

// Files returns the dataset's files, which saving changes.
func (m *Model) Files() *ports.Files { return &m.opts.Files }

// WeightsSaved brings the panes up to date with the weights file saved
// and says, for the status line, when the weights saved are held for a
// metric that takes them.
func (m *Model) WeightsSaved(saved session.Saved) string {
	m.ds.Files = m.opts.Files
	m.changed()
	if m.ds.WSess != m.ds.Sess {
		return ": the weights held for a metric that takes them (" + m.ds.Metric() + " does not)"
	}
	return ""
}

// RulesSaved puts back, the rules saved as they read back from their
// file, in force: they name their place in the file now.
func (m *Model) RulesSaved(back *scoring.RuleSet) {
	m.ds.Files = m.opts.Files
	m.ds.Rules, m.opts.Rules = back, back
}

// Fold applies the weights tuned in the case open, if any, to the
// dataset's, as the explorer ends.
func (m *Model) Fold() error {
	cv := m.open
	if cv == nil {
		return nil
	}
	m.open = nil
	if _, err := m.ds.WSess.SetWeights(cv.m.TunedWeights(), "the weights tuned in case "+cv.id); err != nil {
		return fmt.Errorf("the weights tuned in case %s: %w", cv.id, err)
	}
	return nil
}
