package pair

import (
	"strings"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/ports"
)

// metricState is the metric in force and what it gave: the components
// that show figures read it.
type metricState struct {
	Name string
	// opts are the options in force for it (the user's, less those it
	// does not take); options their canonical form.
	opts    scoring.MetricOptions
	options []string
	// res is its verdict; nil when the tree's total is the verdict (a
	// Tree given without a result).
	res *scoring.Result
	// oneNumber is set for a metric with no per-node breakdown: the tree
	// shows the documents' values only.
	oneNumber bool
	// fixed is set for a tree whose weights are the metric's own (uipath,
	// galtea): the user's are held apart, and weight keys refuse.
	fixed bool
}

func newMetricState(name string, opts scoring.MetricOptions, l ports.Loaded) *metricState {
	ms := &metricState{Name: name, opts: opts, res: l.Result, oneNumber: l.OneNumber()}
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
		return ms.Name
	}
	return ms.Name + " [" + strings.Join(ms.options, " ") + "]"
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
// Metric's name in front; "" for none.
func (ms *metricState) explanation() string {
	if ms.res == nil {
		return ""
	}
	return strings.TrimPrefix(ms.res.Explanation, ms.Name+": ")
}

// byMetric notes the metric of a run when it is not the one in force:
// " (by lynxius)".
func byMetric(run, now string) string {
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
