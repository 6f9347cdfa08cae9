package tui

import (
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
)

// metricState is the metric in force and what it gave: the components
// that show figures read it.
type metricState struct {
	name string
	// opts are the options in force for it (the user's, less those it
	// does not take); options their canonical form.
	opts    scoring.MetricOptions
	options []string
	// res is its verdict; nil when the tree's total is the verdict (a
	// tree given without a result).
	res *scoring.Result
	// oneNumber is set for a metric with no per-node breakdown: the tree
	// shows the documents' values only.
	oneNumber bool
	// fixed is set for a tree whose weights are the metric's own (uipath,
	// galtea): the user's are held apart, and weight keys refuse.
	fixed bool
}

func newMetricState(name string, opts scoring.MetricOptions, l Loaded) *metricState {
	ms := &metricState{name: name, opts: opts, res: l.Result, oneNumber: l.OneNumber()}
	if l.Result != nil {
		ms.options = l.Result.Options
	} else {
		ms.options = opts.Strings()
	}
	ms.fixed = !ms.oneNumber && l.Tree.Options().FixedWeights
	return ms
}

// tuned reports whether the tree shows figures that follow the weights.
func (ms *metricState) tuned() bool { return !ms.oneNumber && !ms.fixed }

// label is the metric as the header names it: `jsondiff [abs-tol=0.01]`.
func (ms *metricState) label() string {
	if len(ms.options) == 0 {
		return ms.name
	}
	return ms.name + " [" + strings.Join(ms.options, " ") + "]"
}

// total returns the score of the metric in force: the tree's, which
// follows the weights, or the one number.
func (ms *metricState) total(t *scoring.Tree) (float64, bool) {
	if ms.oneNumber {
		return ms.res.Score, ms.res.HasScore
	}
	return t.Total()
}

// approx reports whether the total is approximate, some comparison past
// its exact limit, and the most the exact total can be.
func (ms *metricState) approx(t *scoring.Tree) (high float64, ok bool) {
	if ms.oneNumber {
		return ms.res.High, ms.res.Approx
	}
	if !t.Approximate() {
		return 0, false
	}
	return t.TotalHigh()
}

// explanation returns how the metric computed its score, without the
// metric's name in front; "" for none.
func (ms *metricState) explanation() string {
	if ms.res == nil {
		return ""
	}
	return strings.TrimPrefix(ms.res.Explanation, ms.name+": ")
}

// optionsFor returns the user's options that metric c takes, and those it
// leaves out, canonical.
func optionsFor(c MetricChoice, user scoring.MetricOptions) (scoring.MetricOptions, []string) {
	var keep, dropped []string
	for _, s := range user.Strings() {
		name, _, _ := strings.Cut(s, "=")
		if slices.Contains(c.Takes, name) {
			keep = append(keep, s)
		} else {
			dropped = append(dropped, s)
		}
	}
	opts, err := scoring.ParseMetricOptions(keep)
	if err != nil { // the user's own options, in their canonical form: they read back
		return scoring.MetricOptions{}, user.Strings()
	}
	return opts, dropped
}

// choice returns the metric named name among those `m` offers.
func (m *Model) choice(name string) (MetricChoice, bool) { return choiceOf(m.opts.Metrics, name) }

// choiceOf returns the metric named name among choices.
func choiceOf(choices []MetricChoice, name string) (MetricChoice, bool) {
	for _, c := range choices {
		if c.Name == name {
			return c, true
		}
	}
	return MetricChoice{}, false
}

// weighted lists the metrics `m` offers that use the weights.
func (m *Model) weighted() []string { return weightedOf(m.opts.Metrics) }

// weightedOf lists the metrics of choices that use the weights.
func weightedOf(choices []MetricChoice) []string {
	var names []string
	for _, c := range choices {
		if slices.Contains(c.Takes, scoring.TakesWeights) {
			names = append(names, c.Name)
		}
	}
	return names
}

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
	if w := m.weighted(); len(w) > 0 {
		if more := why + "; m → " + strings.Join(w, ", ") + " use yours"; visibleWidth(more) <= m.c.width {
			why = more
		}
	}
	return why
}

// config is the metric, its options and the rules in force, for the
// history.
func (m *Model) config() RunConfig {
	c := RunConfig{Metric: m.metric.name, Options: m.metric.options}
	if m.rules != nil && m.rules.Len() > 0 && m.rulesRefused(m.metric.name) == "" {
		c.RulesJSON = m.rules.Marshal()
	}
	return c
}

// openChooser shows the metric chooser.
func (m *Model) openChooser() {
	if len(m.opts.Metrics) <= 1 || m.opts.Rescore == nil {
		m.status.Set(info("only " + m.metric.name + " is available"))
		return
	}
	m.chooser.Update(openChooserMsg{choices: m.opts.Metrics, current: m.metric.name, user: m.opts.MetricOptions})
	m.mode = modeMetric
}

// metricChosen does what the chooser asked: score with the metric chosen,
// or with the options it set.
func (m *Model) metricChosen(msg metricChosenMsg) tea.Cmd {
	if msg.close && m.mode == modeMetric {
		m.mode = modeNormal
	}
	if msg.user != nil {
		return m.rescoreWith(msg.metric, *msg.user)
	}
	return m.chooseMetric(msg.metric)
}

// chooseMetric rescores the documents with metric in the background,
// under the weights in force, the user's options it takes and the rules
// in force. A newer choice makes this one stale.
func (m *Model) chooseMetric(metric string) tea.Cmd {
	if metric == m.metric.name {
		m.status.Set(info(metric + " is already in force"))
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
		m.status.Set(warn("no metric " + metric))
		return nil
	}
	if m.rules != nil && m.rules.Len() > 0 {
		if m.rulesRefused(metric) != "" {
			m.status.Set(warn(metric + " takes no per-key rules (it reproduces another evaluator): yours keep " + m.metric.name))
			return nil
		}
	}
	return m.rescore(rescoreSpec{metric: metric, user: user, rules: m.rules})
}

// byMetric notes the metric of a run when it is not the one in force:
// " (by lynxius)".
func byMetric(run, now string) string {
	if run == "" || run == now {
		return ""
	}
	return " (by " + run + ")"
}

// optionsText writes a run's options after its metric: " [abs-tol=0.01]".
func optionsText(opts []string) string {
	if len(opts) == 0 {
		return ""
	}
	return " [" + strings.Join(opts, " ") + "]"
}
