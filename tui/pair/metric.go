package pair

import (
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/choosers"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/shell"
)

// weightsRefused says why weight keys do nothing under the metric in
// force, "" when they work. The reason fits the status line; which
// metrics use weights follows when there is room.
func (m *Model) weightsRefused() string {
	ms := m.Metric
	if ms.tuned() {
		return ""
	}
	var why string
	o := m.Sess.Tree().Options()
	switch {
	case ms.oneNumber:
		why = ms.Name + " is one number: it has no per-key weights"
	case o.LeafWeights:
		why = ms.Name + " weighs each node by its share of the leaves: weights fixed"
	case o.Whole != nil:
		why = ms.Name + " counts every top-level field alike: weights fixed"
	default:
		why = ms.Name + " weighs nodes by its own rule: weights fixed"
	}
	return m.WithWeighted(why)
}

// config is the metric, its options and the rules in force, for the
// history.
func (m *Model) config() ports.RunConfig {
	c := ports.RunConfig{Metric: m.Metric.Name, Options: m.Metric.options}
	if m.Rules != nil && m.Rules.Len() > 0 && m.RulesRefused(m.Metric.Name) == "" {
		c.RulesJSON = m.Rules.Marshal()
	}
	return c
}

// openChooser shows the metric chooser.
func (m *Model) openChooser() {
	if len(m.opts.Metrics) <= 1 || m.opts.Rescore == nil {
		m.Status.Set(common.Info("only " + m.Metric.Name + " is available"))
		return
	}
	m.Chooser.Update(choosers.OpenChooserMsg{Choices: m.opts.Metrics, Current: m.Metric.Name, User: m.opts.MetricOptions})
	m.Mode = shell.ModeMetric
}

// MetricChosen does what the chooser asked: score with the metric chosen,
// or with the options it set.
func (m *Model) MetricChosen(msg choosers.MetricChosenMsg) tea.Cmd {
	if msg.Close && m.Mode == shell.ModeMetric {
		m.Mode = shell.ModeNormal
	}
	if msg.User != nil {
		return m.rescoreWith(msg.Metric, *msg.User)
	}
	return m.chooseMetric(msg.Metric)
}

// chooseMetric rescores the documents with metric in the background,
// under the weights in force, the user's options it takes and the rules
// in force. A newer choice makes this one stale.
func (m *Model) chooseMetric(metric string) tea.Cmd {
	if metric == m.Metric.Name {
		m.Status.Set(common.Info(metric + " is already in force"))
		return nil
	}
	return m.rescoreWith(metric, m.opts.MetricOptions)
}

// rescoreWith rescores the documents with metric in the background, under
// the weights in force, those of the options user that it takes and the
// Rules in force; once done, user are the user's options. A newer request
// makes this one stale.
func (m *Model) rescoreWith(metric string, user scoring.MetricOptions) tea.Cmd {
	if _, ok := m.Choice(metric); !ok {
		m.Status.Set(common.Warn("no metric " + metric))
		return nil
	}
	if m.Rules != nil && m.Rules.Len() > 0 {
		if m.RulesRefused(metric) != "" {
			m.Status.Set(common.Warn(metric + " takes no per-key rules (it reproduces another evaluator): yours keep " + m.Metric.Name))
			return nil
		}
	}
	return m.rescore(rescoreSpec{metric: metric, user: user, rules: m.Rules})
}
