package ports

import (
	"context"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/validate"
	"github.com/jsontui/jsontui/tui/recovery"
)

// Files names the explorer's inputs as the user gave them.
type Files struct {
	// Reference and Output name the compared documents ("-" for standard
	// input).
	Reference, Output string
	// Weights names the weights file, "" for none.
	Weights string
	// SavePath is where ctrl+s writes without asking: the weights file,
	// when it is a real file. "" makes ctrl+s ask for a path, offering
	// DefaultSave.
	SavePath string
	// DefaultSave is the path ctrl+s offers when it asks.
	DefaultSave string
	// Rules names the rules file (--rules), "" for none; RulesSavePath
	// is where ctrl+s writes the rules without asking (the rules file,
	// when it is a real file); DefaultRulesSave is the path it offers
	// when it asks.
	Rules, RulesSavePath, DefaultRulesSave string
}

// Loaded is what a Loader produces: the metric's verdict over the
// documents, and the trees the explorer shows and tunes.
type Loaded struct {
	// Tree is the metric's per-node breakdown; for a metric that is one
	// number (Result.Tree nil) it is the documents' tree of values
	// (jsondiff's tree under the weights file), whose figures the
	// explorer hides.
	Tree *scoring.Tree
	// Weights is the weights file in force (nil for none).
	Weights *scoring.Weights
	// Result is the metric's verdict: its score, options, explanation,
	// extra figures and warnings. nil when Tree is the verdict, as
	// scoring.Build gives jsondiff's.
	Result *scoring.Result
	// Held is the tree that holds the weights in force when Tree does not,
	// for a metric whose weights are its own (uipath, galtea): jsondiff's
	// tree under the weights file, which the explorer tunes and saves
	// while the metric's tree shows. nil when Tree holds them.
	Held *scoring.Tree
}

// OneNumber reports whether the metric has no per-node breakdown.
func (l Loaded) OneNumber() bool { return l.Result != nil && l.Result.Tree == nil }

// NewLoaded returns what the explorer loads for a metric's result over
// ref and out under the weights file w (nil for none): the result's tree,
// or, for a metric that is one number, the documents' tree of values; and,
// when the tree's weights are the metric's own, a tree to hold the user's.
// It builds trees: call it off the UI goroutine. It stops with ctx's
// error when ctx is cancelled.
func NewLoaded(ctx context.Context, res *scoring.Result, ref, out *jsondoc.Doc, w *scoring.Weights) (Loaded, error) {
	l := Loaded{Tree: res.Tree, Weights: w, Result: res}
	var err error
	switch {
	case res.Tree == nil:
		l.Tree, err = scoring.BuildContext(ctx, ref, out, w, scoring.Options{})
	case res.Tree.Options().FixedWeights:
		l.Held, err = scoring.BuildContext(ctx, ref, out, w, scoring.Options{})
	}
	if err != nil {
		return Loaded{}, err
	}
	return l, nil
}

// MetricChoice is a metric the user can switch to with `m`.
type MetricChoice struct {
	Name        string
	Description string
	// Takes lists the options the metric honours, and "weights" when it
	// uses the weights file (scoring.Metric.Takes).
	Takes []string
}

// ChoicesOf returns the choices of the metrics ms, in their order.
func ChoicesOf(ms []scoring.Metric) []MetricChoice {
	out := make([]MetricChoice, len(ms))
	for i, m := range ms {
		out[i] = MetricChoice{Name: m.Name(), Description: m.About(), Takes: m.Takes()}
	}
	return out
}

// Options configure the explorer.
type Options struct {
	Files Files
	// Loaded is the scored comparison, when the caller has it already;
	// otherwise Load produces it in the background behind a progress bar.
	Loaded *Loaded
	Load   Loader
	// Metric names the metric in force, MetricOptions are the user's
	// options (each metric gets those it takes); Metrics lists those `m`
	// offers, and Rescore switches to one.
	Metric        string
	MetricOptions scoring.MetricOptions
	Metrics       []MetricChoice
	Rescore       Rescorer
	// Rules are the per-key comparison rules in force at opening (the
	// --rules file), nil for none; `C` changes the selected key's.
	Rules *scoring.RuleSet
	// Schema, if set, is the JSON Schema the output is checked against:
	// the explorer marks the nodes that break it.
	Schema *validate.Schema
	// Theme is the theme's name; "" picks dark or light from the
	// terminal's background.
	Theme string
	// NoMouse turns mouse support off.
	NoMouse bool
	// Recorder, if set, records runs in a history.
	Recorder Recorder
	// History, if set, is the history `H` shows, and the header's best
	// run comes from; nil turns the history pane off.
	History History
	// Recovery, if set, keeps the unsaved weights in a recovery file as
	// they change, until they are saved or discarded, and finds those an
	// earlier explorer on the pair left, which the explorer offers back.
	Recovery *recovery.Keeper
}
