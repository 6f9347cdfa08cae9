package pair

import (
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/pair/detail"
	"github.com/jsontui/jsontui/tui/pair/header"
	"github.com/jsontui/jsontui/tui/pair/metricstate"
	"github.com/jsontui/jsontui/tui/pair/runs"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/session"
)

// A pair's half of what its helpers do: the shell, which does what both
// pages do alike, and the controller of its recorded runs (tui/pair/runs).

// Files returns the pair's files, which saving changes.
func (m *Model) Files() *ports.Files { return &m.opts.Files }

// WeightsSaved shows the weights file saved (the header names it, the
// Tree's marks of unsaved weights go) and says, for the status line,
// when the weights saved are not those the tree shows.
func (m *Model) WeightsSaved(saved session.Saved) string {
	m.runs.Saved(saved.SHA256)
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

// Record records a run of event ev, when it differs from the last.
func (m *Model) Record(ev ports.RunEvent) tea.Cmd { return m.runs.Record(ev) }

// HistoryChanged brings the best run and the history pane up to date
// after a record.
func (m *Model) HistoryChanged() tea.Cmd { return m.runs.HistoryChanged() }

// runsPage is the page as the controller of its runs sees it.
type runsPage struct{ m *Model }

var _ runs.Page = runsPage{}

func (p runsPage) State() runs.State {
	m := p.m
	return runs.State{Metric: m.metric, Sess: m.sess, WSess: m.wsess, Rules: m.rules, User: m.opts.MetricOptions}
}

func (p runsPage) Files() *ports.Files { return p.m.Files() }

func (p runsPage) ShowBest(msg header.BestRunMsg) { p.m.hdr.Update(msg) }

func (p runsPage) ShowComparison(c *runspane.Comparison) {
	m := p.m
	m.tree.SetComparison(c)
	m.hdr.Update(header.ComparisonMsg{Cmp: c})
	m.Layout()
}

// PutInForce shows the tree scored under a run's rules and pairing,
// keeping the node selected.
func (p runsPage) PutInForce(r *runs.Restored) {
	m := p.m
	path := m.sess.Tree().Path(m.tree.Selected())
	m.rules = r.Rules
	m.opts.MetricOptions = r.User
	m.Chooser.SetUser(r.User)
	m.show(metricstate.New(m.metric.Name, r.Opts, ports.Loaded{Tree: r.Sess.Tree(), Result: r.Res}), r.Sess, r.Sess)
	if id, ok := m.sess.Tree().Find(path); ok {
		m.tree.SelectNode(id)
	}
}

func (p runsPage) WeightsChanged() { p.m.tree.Refresh() }
