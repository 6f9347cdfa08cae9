package datasetpage

import (
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/tui/choosers"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/pair"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/shell"
)

// The keys of a dataset that score it again (rescore.go): `m` the
// metric chooser (and its options), `C` the rules chooser on a path of
// the tree, `p` the next pairing of the array a path is, or is in. They
// are the pair explorer's, on the whole dataset.

// RescoreRefused says why the dataset cannot be scored again here, ""
// when it can.
func (m *Model) RescoreRefused() string {
	switch {
	case m.opts.RescoreDataset != nil:
		return ""
	case m.opts.Files.Reference == "<stdin>" || m.opts.Files.Output == "<stdin>":
		return ports.ErrStdinDataset.Error()
	}
	return "nothing scores the dataset again here"
}

// weightsRefused says why weight keys do nothing under the metric in
// force, "" when they work; which metrics use the weights follows when
// there is room.
func (m *Model) weightsRefused() string {
	if m.ds.Scored.TakesWeights() {
		return ""
	}
	name := m.ds.Metric()
	why := name + " weighs nodes by its own rule: weights fixed"
	if len(m.ds.Paths) == 0 {
		why = name + " is one number: it has no per-path weights"
	}
	return m.WithWeighted(why)
}

// MetricChosen does what the chooser asked: score the dataset with the
// metric chosen, or with the options it set.
func (m *Model) MetricChosen(msg choosers.MetricChosenMsg) tea.Cmd {
	if msg.Close && m.Mode == shell.ModeMetric {
		m.Mode = shell.ModeNormal
	}
	spec := m.pendingSpec()
	if msg.User == nil && msg.Metric == spec.metric {
		if m.job != nil {
			m.Status.Set(common.Info(msg.Metric + " is being scored already"))
		} else {
			m.Status.Set(common.Info(msg.Metric + " is already in force"))
		}
		return nil
	}
	if _, ok := m.Choice(msg.Metric); !ok {
		m.Status.Set(common.Warn("no metric " + msg.Metric))
		return nil
	}
	if spec.rules != nil && spec.rules.Len() > 0 && m.RulesRefused(msg.Metric) != "" {
		m.Status.Set(common.Warn(msg.Metric + " takes no per-key rules (it reproduces another evaluator): yours keep " + spec.metric))
		return nil
	}
	spec.metric = msg.Metric
	if msg.User != nil {
		spec.user = *msg.User
	}
	return m.rescore(spec)
}

// openRuleChooser shows the rules for path, or says why it has none to
// set: a container, a key only outputs have, a metric without rules.
func (m *Model) openRuleChooser(path string) tea.Cmd {
	spec := m.pendingSpec()
	if why := m.RescoreRefused(); why != "" {
		m.Status.Set(common.Info("rules cannot change: " + why))
		return nil
	}
	if why := m.RulesRefused(spec.metric); why != "" {
		m.Status.Set(common.Warn(why))
		return nil
	}
	kinds := m.ds.Scored.RefKinds(path)
	var leaves []jsondoc.Kind
	for _, k := range kinds {
		if !k.IsContainer() {
			leaves = append(leaves, k)
		}
	}
	switch {
	case len(kinds) == 0:
		m.Status.Set(common.Info("only outputs have " + path + ": no rule compares it"))
		return nil
	case len(leaves) == 0:
		m.Status.Set(common.Info(fmt.Sprintf("rules compare leaves: %s is %s; select a key below it", path, kinds[0])))
		return nil
	}
	opts := spec.user
	if c, ok := m.Choice(spec.metric); ok {
		opts, _ = choosers.OptionsFor(c, spec.user)
	}
	var defs []string
	for _, k := range leaves {
		if d, _ := choosers.DefaultRule(k, opts); !slices.Contains(defs, d) {
			defs = append(defs, d)
		}
	}
	m.RuleChooser.Update(choosers.OpenRulesMsg{Path: path, Kinds: leaves, In: spec.rules.RuleAt(path), Def: strings.Join(defs, " / ")})
	m.Mode = shell.ModeRule
	return nil
}

// cyclePairing scores the dataset again with the arrays at (or around)
// path paired by the next of their choices: index, best, key=FIELD. A
// press while a rescore runs goes on from the pairing it asked for.
func (m *Model) cyclePairing(path string) tea.Cmd {
	if why := m.RescoreRefused(); why != "" {
		m.Status.Set(common.Info("the pairing cannot change: " + why))
		return nil
	}
	spec := m.pendingSpec()
	if c, ok := m.Choice(spec.metric); !ok || !slices.Contains(c.Takes, scoring.OptLists) {
		m.Status.Set(common.Warn(spec.metric + " pairs list elements its own way: p works under jsondiff (m)"))
		return nil
	}
	array, ok := m.ds.Scored.ArrayAt(path)
	if !ok {
		m.Status.Set(common.Info("p changes how an array's elements pair: select an array, or a path inside one"))
		return nil
	}
	choices := m.ds.Scored.PairingChoices(array)
	from := spec.user.ListsFor(array)
	next := choices[(slices.Index(choices, from)+1)%len(choices)]
	spec.user = spec.user.WithListsAt(array, next)
	spec.pairing = &pair.PairingChange{Path: array, Array: array, From: from, To: next}
	return m.rescore(spec)
}

// ScoredWith returns what the dataset is scored with, or is being scored
// with when a rescore is under way: metric, options and rules.
func (m *Model) ScoredWith() (string, scoring.MetricOptions, *scoring.RuleSet) {
	spec := m.pendingSpec()
	return spec.metric, spec.user, spec.rules
}

// RescoreRules scores the dataset again under rules, saying note.
func (m *Model) RescoreRules(rules *scoring.RuleSet, note string) tea.Cmd {
	spec := m.pendingSpec()
	spec.rules, spec.note = rules, note
	return m.rescore(spec)
}
