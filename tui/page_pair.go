package tui

import (
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/session"
)

// A pair's half of what the shell does alike on both pages.

// files returns the pair's files, which saving changes.
func (m *Model) files() *ports.Files { return &m.opts.Files }

// weightsSaved shows the weights file saved (the header names it, the
// tree's marks of unsaved weights go) and says, for the status line,
// when the weights saved are not those the tree shows.
func (m *Model) weightsSaved(saved session.Saved) string {
	m.savedWeights = saved.SHA256
	m.hdr.Update(filesMsg{files: m.opts.Files, rules: m.rules})
	m.tree.refresh()
	if m.wsess != m.sess || m.metric.oneNumber {
		return ": the weights in force, which " + m.metric.name + " does not use"
	}
	return ""
}

// rulesSaved puts back, the rules saved as they read back from their
// file, in force: the trees take them, to name their place in the file.
func (m *Model) rulesSaved(back *scoring.RuleSet) {
	m.sess.Tree().SwapRules(back)
	if m.wsess != m.sess {
		m.wsess.Tree().SwapRules(back)
	}
	m.rules = back
	m.hdr.Update(filesMsg{files: m.opts.Files, rules: back})
	m.detail.Update(notesChangedMsg{}) // the rule's place changed
}

// fold has nothing to fold: a pair's explorer opens nothing over its
// weights.
func (m *Model) fold() error { return nil }
