package pair

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/tui/choosers"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/shell"
)

// openRuleChooser shows the rules for the selected node's key, or says
// why it has none to set.
func (m *Model) openRuleChooser() {
	t := m.sess.Tree()
	id := m.tree.Selected()
	switch {
	case m.opts.Rescore == nil:
		m.Status.Set(common.Info("rules cannot change here: nothing rescores"))
		return
	case m.RulesRefused(m.metric.Name) != "":
		m.Status.Set(common.Warn(m.RulesRefused(m.metric.Name)))
		return
	case t.Kind(id).IsContainer():
		m.Status.Set(common.Info(fmt.Sprintf("rules compare leaves: %s is %s; select a key below it", t.Path(id), t.Kind(id))))
		return
	case t.RefValue(id) == jsondoc.None:
		m.Status.Set(common.Info("only the output has " + t.Path(id) + ": no rule compares it"))
		return
	}
	slot := t.RuleSlot(id)
	if slot < 0 {
		m.Status.Set(common.Info("no rule compares " + t.Path(id)))
		return
	}
	k := t.Ref().Kind(t.RefValue(id))
	def, _ := choosers.DefaultRule(k, m.metric.Opts)
	m.RuleChooser.Update(choosers.OpenRulesMsg{Path: t.SchemaPath(slot), Kinds: []jsondoc.Kind{k}, In: t.RuleOf(id), Def: def})
	m.Mode = shell.ModeRule
}

// RescoreRules scores the documents again under rules, saying note.
func (m *Model) RescoreRules(rules *scoring.RuleSet, note string) tea.Cmd {
	return m.rescore(rescoreSpec{metric: m.metric.Name, user: m.opts.MetricOptions, rules: rules, note: note})
}

// ScoredWith returns what the documents are scored with: metric,
// options and rules.
func (m *Model) ScoredWith() (string, scoring.MetricOptions, *scoring.RuleSet) {
	return m.metric.Name, m.opts.MetricOptions, m.rules
}
