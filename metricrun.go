package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/report"
)

// metricFlags are the flags that choose and tune the metric.
type metricFlags struct {
	name string
}

// addMetricFlags defines the metric flags on fl.
func addMetricFlags(fl *pflag.FlagSet, m *metricFlags) {
	fl.StringVar(&m.name, "metric", "jsondiff", "the metric to score with")
}

// runMetric scores the inputs with the chosen metric. The tree is the
// per-node breakdown (nil for a metric that is one number).
func (a *app) runMetric(in *inputs, m *metricFlags) (*report.Report, *scoring.Tree, error) {
	if m.name != "jsondiff" {
		return nil, nil, badInput(fmt.Errorf("unknown --metric %q: available: jsondiff", m.name))
	}
	tree, err := scoring.Build(in.ref, in.out, in.weights, scoring.Options{})
	if err != nil {
		return nil, nil, badInput(err)
	}
	return tree.Report(m.name, nil), tree, nil
}
