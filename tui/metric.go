package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/choosers"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
)

// weightsRefused says why weight keys do nothing under the metric in
// force, "" when they work. The reason fits the status line; which
// metrics use weights follows when there is room.
func (m *Model) weightsRefused() string {
	ms := m.metric
	if ms.tuned() {
		return ""
	}
	var why string
	o := m.sess.Tree().Options()
	switch {
	case ms.oneNumber:
		why = ms.name + " is one number: it has no per-key weights"
	case o.LeafWeights:
		why = ms.name + " weighs each node by its share of the leaves: weights fixed"
	case o.Whole != nil:
		why = ms.name + " counts every top-level field alike: weights fixed"
	default:
		why = ms.name + " weighs nodes by its own rule: weights fixed"
	}
	return m.withWeighted(why)
}

// config is the metric, its options and the rules in force, for the
// history.
func (m *Model) config() ports.RunConfig {
	c := ports.RunConfig{Metric: m.metric.name, Options: m.metric.options}
	if m.rules != nil && m.rules.Len() > 0 && m.rulesRefused(m.metric.name) == "" {
		c.RulesJSON = m.rules.Marshal()
	}
	return c
}

// openChooser shows the metric chooser.
func (m *Model) openChooser() {
	if len(m.opts.Metrics) <= 1 || m.opts.Rescore == nil {
		m.status.Set(common.Info("only " + m.metric.name + " is available"))
		return
	}
	m.chooser.Update(choosers.OpenChooserMsg{Choices: m.opts.Metrics, Current: m.metric.name, User: m.opts.MetricOptions})
	m.mode = modeMetric
}

// metricChosen does what the chooser asked: score with the metric chosen,
// or with the options it set.
func (m *Model) metricChosen(msg choosers.MetricChosenMsg) tea.Cmd {
	if msg.Close && m.mode == modeMetric {
		m.mode = modeNormal
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
	if metric == m.metric.name {
		m.status.Set(common.Info(metric + " is already in force"))
		return nil
	}
	return m.rescoreWith(metric, m.opts.MetricOptions)
}

// rescoreWith rescores the documents with metric in the background, under
// the weights in force, those of the options user that it takes and the
// rules in force; once done, user are the user's options. A newer request
// makes this one stale.
func (m *Model) rescoreWith(metric string, user scoring.MetricOptions) tea.Cmd {
	if _, ok := m.choice(metric); !ok {
		m.status.Set(common.Warn("no metric " + metric))
		return nil
	}
	if m.rules != nil && m.rules.Len() > 0 {
		if m.rulesRefused(metric) != "" {
			m.status.Set(common.Warn(metric + " takes no per-key rules (it reproduces another evaluator): yours keep " + m.metric.name))
			return nil
		}
	}
	return m.rescore(rescoreSpec{metric: metric, user: user, rules: m.rules})
}
