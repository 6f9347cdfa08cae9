package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
)

// settings are the scoring settings every worker needs: the dataset's
// names and fields, and the metric, options, weights and rules, with the
// files' text (a worker may not see the launcher's files).
type settings struct {
	Ref, Out                             string // the files as given: they name and place the cases
	Pairing                              string // record, id or line
	RefField, OutField, IDField, GroupBy string
	Metric                               string
	Options                              [][2]string // option name, value, in the order given
	Weights, WeightsName                 string      // the weights file's text and name, "" for none
	Rules, RulesName                     string      // the rules file's text and name, "" for none
	Threshold                            float64     // --match-threshold, when HasThreshold
	HasThreshold                         bool
}

// spec returns the dataset's spec.
func (s *settings) spec() dataset.Spec {
	return dataset.Spec{Ref: s.Ref, Out: s.Out, RefField: s.RefField, OutField: s.OutField, IDField: s.IDField, GroupBy: s.GroupBy}
}

// config returns the scoring configuration.
func (s *settings) config() (dataset.Config, error) {
	var cfg dataset.Config
	m, err := scoring.LookupMetric(s.Metric)
	if err != nil {
		return cfg, err
	}
	cfg.Metric = m
	for _, o := range s.Options {
		if err := cfg.Options.Set(o[0], o[1]); err != nil {
			return cfg, err
		}
	}
	if s.WeightsName != "" {
		if cfg.Weights, err = scoring.ParseWeights(s.WeightsName, []byte(s.Weights)); err != nil {
			return cfg, err
		}
	}
	if s.RulesName != "" {
		if cfg.Rules, err = scoring.ParseRules(s.RulesName, []byte(s.Rules)); err != nil {
			return cfg, err
		}
	}
	if s.HasThreshold {
		cfg.MatchThreshold = &s.Threshold
	}
	return cfg, nil
}

// scorer returns a case scorer under the settings.
func (s *settings) scorer() (*dataset.CaseScorer, error) {
	cfg, err := s.config()
	if err != nil {
		return nil, err
	}
	return dataset.NewCaseScorer(s.spec(), dataset.Pairing(s.Pairing), cfg)
}

// header returns the header of the --format json result.
func (s *settings) header(f dataset.Fields) dataset.Header {
	h := dataset.Header{Reference: s.Ref, Output: s.Out, Weights: s.WeightsName, Rules: s.RulesName,
		Pairing: dataset.Pairing(s.Pairing), Fields: f}
	if s.Out == "" {
		h.Output = s.Ref
	}
	return h
}

// readText reads a settings file (weights, rules) on the launcher.
func readText(flag, name string) (string, error) {
	if name == "" {
		return "", nil
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return "", fmt.Errorf("--%s: %v", flag, err)
	}
	return string(data), nil
}

// optionFlag is a metric option as a flag: its values are kept in order
// and set on each worker (scoring.MetricOptions.Set checks them).
type optionFlag struct {
	name string
	opts *[][2]string
	bool bool
}

func (f *optionFlag) String() string { return "" }

func (f *optionFlag) Set(v string) error {
	var o scoring.MetricOptions
	if err := o.Set(f.name, v); err != nil {
		return err
	}
	*f.opts = append(*f.opts, [2]string{f.name, v})
	return nil
}

// IsBoolFlag makes --strict-fields a flag without a value.
func (f *optionFlag) IsBoolFlag() bool { return f.bool }

// optionNames are the metric options, as score takes them.
var optionNames = []string{scoring.OptAbsTol, scoring.OptRelTol, scoring.OptNormalize, scoring.OptStrings,
	scoring.OptLists, scoring.OptExtraKeys, scoring.OptTarget, scoring.OptStrictFields}

// describeOptions lists the option flags for the usage text.
func describeOptions() string { return strings.Join(optionNames, ", ") }
