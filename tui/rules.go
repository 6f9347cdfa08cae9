package tui

import (
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/tui/choosers"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
)

// takesRules reports whether the metric in force compares by per-key
// rules.
func (m *Model) takesRules() bool { return m.rulesRefused(m.metric.name) == "" }

// rulesRefusedBy says why rules do nothing under metric, "" when they
// work, naming those of the choices that take them.
func rulesRefusedBy(metric string, choices []ports.MetricChoice) string {
	takes := func() []string {
		if c, ok := choiceOf(choices, metric); ok {
			return c.Takes
		}
		if mt, err := scoring.LookupMetric(metric); err == nil {
			return mt.Takes()
		}
		return nil
	}
	if slices.Contains(takes(), scoring.TakesRules) {
		return ""
	}
	var with []string
	for _, c := range choices {
		if slices.Contains(c.Takes, scoring.TakesRules) {
			with = append(with, c.Name)
		}
	}
	why := metric + " takes no per-key rules: it reproduces another evaluator's number"
	if len(with) > 0 {
		why += "; m → " + strings.Join(with, ", ")
	}
	return why
}

// openRuleChooser shows the rules for the selected node's key, or says
// why it has none to set.
func (m *Model) openRuleChooser() {
	t := m.sess.Tree()
	id := m.tree.Selected()
	switch {
	case m.opts.Rescore == nil:
		m.status.Set(common.Info("rules cannot change here: nothing rescores"))
		return
	case !m.takesRules():
		m.status.Set(common.Warn(m.rulesRefused(m.metric.name)))
		return
	case t.Kind(id).IsContainer():
		m.status.Set(common.Info(fmt.Sprintf("rules compare leaves: %s is %s; select a key below it", t.Path(id), t.Kind(id))))
		return
	case t.RefValue(id) == jsondoc.None:
		m.status.Set(common.Info("only the output has " + t.Path(id) + ": no rule compares it"))
		return
	}
	slot := t.RuleSlot(id)
	if slot < 0 {
		m.status.Set(common.Info("no rule compares " + t.Path(id)))
		return
	}
	k := t.Ref().Kind(t.RefValue(id))
	def, _ := choosers.DefaultRule(k, m.metric.opts)
	m.ruleChooser.Update(choosers.OpenRulesMsg{Path: t.SchemaPath(slot), Kinds: []jsondoc.Kind{k}, In: t.RuleOf(id), Def: def})
	m.mode = modeRule
}

// rescoreRules scores the documents again under rules, saying note.
func (m *Model) rescoreRules(rules *scoring.RuleSet, note string) tea.Cmd {
	return m.rescore(rescoreSpec{metric: m.metric.name, user: m.opts.MetricOptions, rules: rules, note: note})
}

// scoredWith returns what the documents are scored with: metric,
// options and rules.
func (m *Model) scoredWith() (string, scoring.MetricOptions, *scoring.RuleSet) {
	return m.metric.name, m.opts.MetricOptions, m.rules
}
