package pair

import (
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/choosers"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/pair/pairing"
	"github.com/jsontui/jsontui/tui/shell"
)

// weightsRefused says why weight keys do nothing under the metric in
// force, "" when they work. The reason fits the status line; which
// metrics use weights follows when there is room.
func (m *Model) weightsRefused() string {
	ms := m.metric
	if ms.Tuned() {
		return ""
	}
	var why string
	o := m.sess.Tree().Options()
	switch {
	case ms.OneNumber:
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

// RescoreRefused says why the pair cannot be scored again, "" when it
// can.
func (m *Model) RescoreRefused() string {
	if m.opts.Rescore == nil {
		return "nothing scores the pair again here"
	}
	return ""
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
	if metric == m.metric.Name {
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
	if m.rules != nil && m.rules.Len() > 0 {
		if m.RulesRefused(metric) != "" {
			m.Status.Set(common.Warn(metric + " takes no per-key rules (it reproduces another evaluator): yours keep " + m.metric.Name))
			return nil
		}
	}
	return m.rescore(rescoreSpec{metric: metric, user: user, rules: m.rules})
}

// pairingSpec returns what a pairing change rescores from: the rescore
// in flight, if any (presses in a row go on from it), else the metric
// and options in force.
func (m *Model) pairingSpec() rescoreSpec {
	if s := m.jobs.inflight; s != nil {
		return *s
	}
	return rescoreSpec{metric: m.metric.Name, user: m.opts.MetricOptions}
}

// cyclePairing starts the change of the pairing of the array at (or
// around) node id to the next of its choices: their list is found in the
// background (pairChoicesReady goes on).
func (m *Model) cyclePairing(id scoring.NodeID) tea.Cmd {
	if m.opts.Rescore == nil {
		m.Status.Set(common.Info("the pairing cannot change here: nothing scores again"))
		return nil
	}
	spec := m.pairingSpec()
	if c, ok := m.Choice(spec.metric); !ok || !slices.Contains(c.Takes, scoring.OptLists) {
		m.Status.Set(common.Warn(spec.metric + " pairs list elements its own way: p works under jsondiff (m)"))
		return nil
	}
	cmd, st := pairing.Choose(m.C, m.sess.Tree(), id)
	m.Status.Set(st)
	return cmd
}

// pairChoicesReady takes an array's choices and rescores with the one
// after the pairing in force (or on its way) at its schema path.
func (m *Model) pairChoicesReady(msg pairing.ChoicesMsg) tea.Cmd {
	// Every press counts, in the order they come: each goes on from the
	// pairing the one before asked for.
	if msg.Tree != m.sess.Tree() || m.Phase != shell.PhaseReady {
		return nil
	}
	spec := m.pairingSpec()
	user, change, ok := pairing.Next(msg, spec.user)
	if !ok {
		return nil
	}
	spec.user, spec.pairing = user, change
	m.Status.Set(common.Info(fmt.Sprintf("pairing %s by %s…", change.Array, change.To)))
	return m.rescore(spec)
}
