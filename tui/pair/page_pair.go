package pair

import (
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/pair/detail"
	"github.com/jsontui/jsontui/tui/pair/header"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/session"
)

// A pair's half of what the shell does alike on both pages.

// Files returns the pair's files, which saving changes.
func (m *Model) Files() *ports.Files { return &m.opts.Files }

// WeightsSaved shows the weights file saved (the header names it, the
// Tree's marks of unsaved weights go) and says, for the status line,
// when the weights saved are not those the tree shows.
func (m *Model) WeightsSaved(saved session.Saved) string {
	m.savedWeights = saved.SHA256
	m.hdr.Update(header.FilesMsg{Files: m.opts.Files, Rules: m.rules})
	m.tree.Refresh()
	if m.wsess != m.sess || m.metric.OneNumber {
		return ": the weights in force, which " + m.metric.Name + " does not use"
	}
	return ""
}

// RulesSaved puts back, the rules saved as they read back from their
// file, in force: the trees take them, to name their place in the file.
func (m *Model) RulesSaved(back *scoring.RuleSet) {
	m.sess.Tree().SwapRules(back)
	if m.wsess != m.sess {
		m.wsess.Tree().SwapRules(back)
	}
	m.rules = back
	m.hdr.Update(header.FilesMsg{Files: m.opts.Files, Rules: back})
	m.detail.Update(detail.RebuildMsg{}) // the rule's place changed
}

// Fold has nothing to fold: a pair's explorer opens nothing over its
// weights.
func (m *Model) Fold() error { return nil }
