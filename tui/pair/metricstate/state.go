// Package metricstate is the metric in force on a pair's page and what
// it gave, which the header, tree, detail and score panes read.
package metricstate

import (
	"strings"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/themes"
	"github.com/jsontui/jsontui/tui/ports"
)

// State is the metric in force and what it gave: the components that
// show figures read it.
type State struct {
	Name string
	// Opts are the options in force for it (the user's, less those it
	// does not take); Options their canonical form.
	Opts    scoring.MetricOptions
	Options []string
	// Res is its verdict; nil when the tree's total is the verdict (a
	// Tree given without a result).
	Res *scoring.Result
	// OneNumber is set for a metric with no per-node breakdown: the tree
	// shows the documents' values only.
	OneNumber bool
	// Fixed is set for a tree whose weights are the metric's own (uipath,
	// galtea): the user's are held apart, and weight keys refuse.
	Fixed bool
}

// New returns the state of metric name, with options opts, over what was
// loaded.
func New(name string, opts scoring.MetricOptions, l ports.Loaded) *State {
	ms := &State{Name: name, Opts: opts, Res: l.Result, OneNumber: l.OneNumber()}
	if l.Result != nil {
		ms.Options = l.Result.Options
	} else {
		ms.Options = opts.Strings()
	}
	ms.Fixed = !ms.OneNumber && l.Tree.Options().FixedWeights
	return ms
}

// Tuned reports whether the tree shows figures that follow the weights.
func (ms *State) Tuned() bool { return !ms.OneNumber && !ms.Fixed }

// Label is the metric as the header names it: `jsondiff [abs-tol=0.01]`.
func (ms *State) Label() string {
	if len(ms.Options) == 0 {
		return ms.Name
	}
	return ms.Name + " [" + strings.Join(ms.Options, " ") + "]"
}

// Total returns the score of the metric in force: the tree's, which
// follows the weights, or the one number.
func (ms *State) Total(t *scoring.Tree) (float64, bool) {
	if ms.OneNumber {
		return ms.Res.Score, ms.Res.HasScore
	}
	return t.Total()
}

// Approx reports whether the total is approximate, some comparison past
// its exact limit, and the most the exact total can be.
func (ms *State) Approx(t *scoring.Tree) (high float64, ok bool) {
	if ms.OneNumber {
		return ms.Res.High, ms.Res.Approx
	}
	if !t.Approximate() {
		return 0, false
	}
	return t.TotalHigh()
}

// Explanation returns how the metric computed its score, without the
// Metric's name in front; "" for none.
func (ms *State) Explanation() string {
	if ms.Res == nil {
		return ""
	}
	return strings.TrimPrefix(ms.Res.Explanation, ms.Name+": ")
}

// ByMetric notes the metric of a run when it is not the one in force:
// " (by lynxius)".
func ByMetric(run, now string) string {
	if run == "" || run == now {
		return ""
	}
	return " (by " + run + ")"
}

// OptionsText writes a run's options after its metric: " [abs-tol=0.01]".
func OptionsText(opts []string) string {
	if len(opts) == 0 {
		return ""
	}
	return " [" + strings.Join(opts, " ") + "]"
}

// ValuesGlyph is the mark of a row that shows values only: = equal,
// ≠ differ (below, for a container), − only the reference, + only the
// output.
func ValuesGlyph(s *themes.Styles, st scoring.Status) (string, themes.Paint) {
	switch st {
	case scoring.Match:
		return "=", s.Faint
	case scoring.Missing:
		return "−", s.Muted
	case scoring.Extra:
		return "+", s.Muted
	case scoring.Ignored:
		return " ", s.Faint
	}
	return "≠", s.Muted
}
