package cli

import (
	"errors"
	"strings"

	"github.com/spf13/pflag"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/scoring/textsim"
)

// metricFlags are the flags that choose and tune the metric.
type metricFlags struct {
	name string
	opt  scoring.MetricOptions
	// rules names the rules file (--rules), "" for none.
	rules string
}

// optionFlag is a metric option as a flag: its values go through
// MetricOptions.Set, whose errors list the valid values.
type optionFlag struct {
	m    *metricFlags
	name string
	bool bool
}

// Set sets the option from the flag's value.
func (f *optionFlag) Set(v string) error {
	if err := f.m.opt.Set(f.name, v); err != nil {
		return errors.New(flagText(err)) // pflag keeps only the text
	}
	return nil
}

// Type names the flag's value type for pflag.
func (f *optionFlag) Type() string {
	if f.bool {
		return "bool"
	}
	return "string"
}

// String returns the option's value in force.
func (f *optionFlag) String() string {
	if f.m == nil {
		return ""
	}
	for _, s := range f.m.opt.Strings() {
		name, value, _ := strings.Cut(s, "=")
		if name == f.name {
			return value
		}
	}
	return ""
}

// addMetricFlags defines the metric flags on fl: --metric and the
// options of MetricOptions, which set m.
func addMetricFlags(fl *pflag.FlagSet, m *metricFlags) {
	fl.StringVar(&m.name, "metric", scoring.DefaultMetric, "the metric `NAME`: "+strings.Join(scoring.MetricNames(), ", ")+
		"\n(jsondiff is jsontui's; lynxius, uipath, galtea, exact (LangChain JsonEquality), edit-distance\n"+
		"(LangChain JsonEditDistance) reproduce those evaluators; em, f1, bleu, rouge-* are NeMo's on the JSON text)")
	opt := func(name, usage string) {
		fl.Var(&optionFlag{m: m, name: name}, name, usage)
	}
	opt(scoring.OptAbsTol, "jsondiff: numbers within `X` of each other score 1")
	opt(scoring.OptRelTol, "jsondiff: numbers within `X`·max(|r|,|o|) of each other score 1")
	opt(scoring.OptNormalize, "jsondiff: ignore these differences between strings: `LIST` of "+strings.Join(textsim.NormalizationNames, ","))
	opt(scoring.OptStrings, "jsondiff: compare strings by `NAME`: "+strings.Join(textsim.ComparatorNames, ", ")+" (default levenshtein)")
	opt(scoring.OptLists, "jsondiff: pair list elements by `MODE`: index, best (optimal assignment, order ignored) or key=FIELD (default index);\n"+
		"PATH=MODE pairs the arrays at a schema path alone, as .line_items=key=sku (repeatable)")
	opt(scoring.OptExtraKeys, "jsondiff: output keys the reference lacks: `MODE` ignore or penalize (default ignore)")
	fl.Var(&optionFlag{m: m, name: scoring.OptTarget}, scoring.OptTarget, "uipath: compare only the value at `PATH` (repeatable), as target_output_key")
	fl.StringVar(&m.rules, "rules", "", "jsondiff: compare the leaves at some paths by the rules in `FILE`, a JSON object from schema path\n"+
		"to rule: exact, levenshtein, damerau, jaro-winkler, token-f1, date, {\"abs_tol\": X}, {\"rel_tol\": X},\n"+
		"{\"normalize\": [\"case\", \"accents\", \"space\"]} (see docs/weights-and-rules.md)")
	strict := &optionFlag{m: m, name: scoring.OptStrictFields, bool: true}
	fl.Var(strict, scoring.OptStrictFields, "galtea: count the union of both sides' keys (JSON Field Match (Normalized, Strict))")
	fl.Lookup(scoring.OptStrictFields).NoOptDefVal = "true"
}

// metric returns the chosen metric, checked against the options given.
func (m *metricFlags) metric() (scoring.Metric, error) {
	metric, err := scoring.LookupMetric(m.name)
	if err != nil {
		return nil, err
	}
	if err := scoring.CheckOptions(metric, m.opt); err != nil {
		return nil, err
	}
	return metric, nil
}

// runMetric scores the inputs with the chosen metric. The result's tree
// is the per-node breakdown (nil for a metric that is one number). Every
// error is bad input or usage (exit 2).
func (a *app) runMetric(in *inputs, m *metricFlags) (*report.Report, *scoring.Result, error) {
	res, err := scoring.RunNamed(m.name, &scoring.Input{Ref: in.ref, Out: in.out, Weights: in.weights, Opt: m.opt, Rules: in.rules,
		OutName: displayName(in.files[1].name), OutText: in.files[1].data})
	if err != nil {
		return nil, nil, badInput(err)
	}
	return res.Report(m.name), res, nil
}
