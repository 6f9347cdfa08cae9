package scoring

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/scoring/setting"
)

// Metric is one way of scoring an output against a reference: jsondiff,
// or the reproduction of another evaluator's number.
type Metric interface {
	// Name is the metric's name, as --metric takes it.
	Name() string
	// About says in one line which tool the metric reproduces and what
	// it is for.
	About() string
	// Takes lists the options the metric honours (OptionNames),
	// "weights" when it uses the weights file, and "rules" when it takes
	// per-key rules.
	Takes() []string
	// Score scores in.Out against in.Ref. Its errors are about the
	// inputs (exit 2).
	Score(in *Input) (*Result, error)
}

// TakesWeights is the name Metric.Takes lists for a metric that uses the
// weights file.
const TakesWeights = "weights"

// TakesRules is the name Metric.Takes lists for a metric that compares
// leaves by per-key rules (Input.Rules): jsondiff. The others reproduce
// another evaluator's number, which rules would no longer be.
const TakesRules = "rules"

// Input is what a metric scores.
type Input struct {
	// Ref and Out are the reference and the output as jsontui reads them
	// (docs/scoring.md). Out may be nil for a metric that reads the output's text
	// itself (ReadsText) when OutText is set.
	Ref, Out *jsondoc.Doc
	// OutName and OutText are the output's name and bytes as read, for a
	// metric that reads the text itself, as the evaluator it reproduces
	// does; when OutText is nil such a metric reads Out.Source().
	OutName string
	OutText []byte
	// Weights is the weights file, nil for none.
	Weights *Weights
	// Opt are the user's options.
	Opt MetricOptions
	// Rules are the per-key comparison rules (a rules file), nil for
	// none. A metric that does not take them (TakesRules) refuses them.
	Rules *RuleSet
	// RulesUsage, if set, collects which of the rules' paths the
	// reference has, over many inputs (the cases of a dataset): the
	// caller checks it once every input is scored. When nil, the rules
	// are checked against this input alone, and a path its reference
	// does not have is an error.
	RulesUsage *RulesUsage
	// Context, if not nil, cancels the scoring: Score then stops within
	// about a millisecond and returns its error.
	Context context.Context
	// Checked says the caller checked Opt and Rules against the metric
	// once for many inputs (CheckOptions, CheckRules), as the cases of a
	// dataset share them: Run does not check them again.
	Checked bool
}

// context returns in.Context, or context.Background when it is nil.
func (in *Input) context() context.Context {
	if in.Context == nil {
		return context.Background()
	}
	return in.Context
}

// Result is a metric's verdict.
type Result struct {
	// Score is the total; meaningless when !HasScore (nothing took part).
	Score    float64
	HasScore bool
	// Tree is the per-node breakdown, with the metric's own semantics;
	// nil for a metric that is one number.
	Tree *Tree
	// Extra holds figures beside the score, such as "distance".
	Extra map[string]float64
	// Explanation says how a one-number metric computed its score.
	Explanation string
	// Options are the options in force, canonical (MetricOptions.Strings).
	Options []string
	// Warnings are remarks about the inputs and the comparison, beside
	// the tree's own.
	Warnings []Warning
	// Approx says the score is approximate, some comparison having gone
	// past its exact limit: the exact score lies between Score and High.
	Approx bool
	High   float64

	ref, out *jsondoc.Doc // the documents scored, for the report
	repairs  []string     // what the metric's own reading did to the output
}

// DefaultMetric is the metric jsontui scores with unless told otherwise:
// jsondiff, the engine's own comparison and aggregation (docs/scoring.md).
const DefaultMetric = "jsondiff"

var registry = []Metric{
	jsondiffMetric{}, lynxiusMetric{}, uipathMetric{}, galteaMetric{},
	exactMetric{}, editDistanceMetric{},
	nemoMetric{"em"}, nemoMetric{"f1"}, nemoMetric{"bleu"},
	nemoMetric{"rouge-1"}, nemoMetric{"rouge-2"}, nemoMetric{"rouge-l"},
}

// Metrics returns every metric in display order, jsondiff (the default)
// first.
func Metrics() []Metric { return slices.Clone(registry) }

// MetricNames returns the names of every metric in display order.
func MetricNames() []string {
	names := make([]string, len(registry))
	for i, m := range registry {
		names[i] = m.Name()
	}
	return names
}

// LookupMetric returns the metric of that name; the error lists the valid
// names.
func LookupMetric(name string) (Metric, error) {
	for _, m := range registry {
		if m.Name() == name {
			return m, nil
		}
	}
	return nil, setting.Errorf("unknown %[1]s "+setting.Esc(strconv.Quote(name))+": use "+strings.Join(MetricNames(), ", "), "metric")
}

// CheckOptions reports an error when opt sets an option m does not take,
// naming the ones it does.
func CheckOptions(m Metric, opt MetricOptions) error {
	names := opt.names()
	if len(names) == 0 {
		return nil
	}
	takes := m.Takes()
	for _, name := range names {
		if slices.Contains(takes, name) {
			continue
		}
		settings := []string{"metric", name}
		var own []string
		for _, t := range takes {
			if t != TakesWeights && t != TakesRules {
				settings = append(settings, t)
				own = append(own, fmt.Sprintf("%%[%d]s", len(settings)))
			}
		}
		what := "it takes none"
		if len(own) > 0 {
			what = "it takes " + strings.Join(own, ", ")
		}
		return setting.Errorf("%[1]s "+m.Name()+" does not take %[2]s ("+what+")", settings...)
	}
	return nil
}

// CheckRules reports an error when rules are given to a metric that does
// not take them (TakesRules).
func CheckRules(m Metric, rules *RuleSet) error {
	if rules == nil || slices.Contains(m.Takes(), TakesRules) {
		return nil
	}
	what := "a rules file"
	if rules.Name() != "" {
		what = rules.Name()
	}
	return setting.Errorf("%[1]s "+setting.Esc(fmt.Sprintf("%s takes no per-key rules (%s): it reproduces another evaluator's number, which rules would change; rules apply under %s",
		m.Name(), what, strings.Join(rulesMetrics(), ", "))), "metric")
}

// rulesMetrics lists the metrics that take rules.
func rulesMetrics() []string {
	var names []string
	for _, m := range registry {
		if slices.Contains(m.Takes(), TakesRules) {
			names = append(names, m.Name())
		}
	}
	return names
}

// Run checks the options against the metric, scores, and fills in the
// result's canonical options and a warning when a weights file is given
// to a metric that does not use one.
func Run(m Metric, in *Input) (*Result, error) {
	if !in.Checked {
		if err := CheckOptions(m, in.Opt); err != nil {
			return nil, err
		}
		if err := CheckRules(m, in.Rules); err != nil {
			return nil, err
		}
	}
	res, err := m.Score(in)
	if err != nil {
		return nil, err
	}
	res.Options = in.Opt.Strings()
	if res.out == nil { // a metric that read the output itself set its own
		res.ref, res.out = in.Ref, in.Out
	}
	if in.Weights != nil && !slices.Contains(m.Takes(), TakesWeights) {
		res.Warnings = append(res.Warnings, Warning{Path: ".", Message: fmt.Sprintf(
			"%s: the metric %s does not use weights; the weights file plays no part", in.Weights.Name(), m.Name())})
	}
	return res, nil
}

// RunNamed looks up the metric of that name and runs it (Run): the error
// of an unknown name lists the valid ones.
func RunNamed(name string, in *Input) (*Result, error) {
	m, err := LookupMetric(name)
	if err != nil {
		return nil, err
	}
	return Run(m, in)
}

// Repairs returns what the metric's own reading did to the output (a
// metric that reads the output's text, ReadsText), as the report lists
// them.
func (r *Result) Repairs() []string { return r.repairs }

// Report returns the result as a report for metric: with a tree, its
// per-node rows and current total; without, the score, the explanation
// and the documents' own warnings.
func (r *Result) Report(metric string) *report.Report {
	var rep *report.Report
	if r.Tree != nil {
		rep = r.Tree.Report(metric, r.Options)
	} else {
		rep = &report.Report{Metric: metric, Options: r.Options, Score: r.Score, HasScore: r.HasScore,
			Approx: r.Approx, High: r.High}
		if r.ref != nil {
			rep.Reference, rep.Output = r.ref.Name(), r.out.Name()
			if rp := r.out.Repair(); rp != "" {
				rep.Repairs = append(rep.Repairs, rp)
			}
			rep.Repairs = append(rep.Repairs, r.repairs...)
			t := &Tree{ref: r.ref, out: r.out}
			dw := t.docWarnings()
			for _, w := range dw.list {
				rep.AddWarning(report.Warning{Path: w.Path, Message: w.Message})
			}
			rep.MoreWarnings += dw.omitted
		}
	}
	rep.Extra = r.Extra
	rep.Explanation = r.Explanation
	for _, w := range r.Warnings {
		rep.AddWarning(report.Warning{Path: w.Path, Message: w.Message, Setting: w.Setting})
	}
	return rep
}

// treeResult wraps a scored tree as a result. The result lives in the
// tree's room, as the tree does: releasing the tree (Release) ends both,
// and a dataset of many small cases allocates no result a case.
func treeResult(t *Tree) *Result {
	s, ok := t.Total()
	r := &t.room.res // every tree has a room (newTree)
	*r = Result{Score: s, HasScore: ok, Tree: t}
	if t.Approximate() {
		r.Approx = true
		r.High, _ = t.TotalHigh()
	}
	return r
}

// oneNumber returns the result of a metric that is one number.
func oneNumber(score float64, explanation string) *Result {
	return &Result{Score: score, HasScore: true, Explanation: explanation}
}
