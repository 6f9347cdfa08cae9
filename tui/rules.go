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

// rulesRefused says why rules do nothing under metric, "" when they work.
func (m *Model) rulesRefused(metric string) string { return rulesRefusedBy(metric, m.opts.Metrics) }

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

// chooseRule takes the chooser's choice for schema path: a whole rule
// applies at once, a tolerance or a normalization is asked for first.
func (m *Model) chooseRule(path string, c choosers.RuleChoice) tea.Cmd {
	if c.Ask == "" {
		return m.setRule(path, c.Rule)
	}
	cur, ok := m.rules.Rule(path)
	value := ""
	switch {
	case ok && cur.Kind == c.Rule.Kind:
		_, value, _ = strings.Cut(cur.String(), "=")
	case c.Ask == "normalize":
		value = "case,accents,space"
	default:
		value = "0.01"
	}
	label := fmt.Sprintf("%s for %s:", c.Ask, path)
	m.prompt.Open(label, value, "", 200)
	m.rulePrompt, m.rulePath = c, path
	m.mode = modeRuleValue
	return nil
}

// setRule gives schema path the rule r (RuleNone: the default) and
// rescores in the background.
func (m *Model) setRule(path string, r scoring.Rule) tea.Cmd {
	cur, _ := m.rules.Rule(path)
	if cur == r {
		m.status.Set(common.Info(choosers.RuleText(r) + " is already the rule of " + path))
		return nil
	}
	rules, err := m.rules.With(path, r, m.rulesSavePath())
	if err != nil {
		m.status.Set(common.Failure(err))
		return nil
	}
	note := "rule " + choosers.RuleText(r) + " for " + path
	return m.rescore(rescoreSpec{metric: m.metric.name, user: m.opts.MetricOptions, rules: rules, note: note})
}
