package ports

import (
	"bytes"
	"context"
	"slices"
	"time"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
)

// The types below are what the explorer's caller supplies: a loader, a
// rescorer, a recorder and a history; the command line implements them.

// Loader reads, parses and scores the inputs in the background. It calls
// progress now and then with the bytes done and the total, and stops with
// ctx.Err() when ctx is canceled (the user quit while loading).
type Loader func(ctx context.Context, progress func(done, total int64)) (Loaded, error)

// RescoreRequest is what a Rescorer scores.
type RescoreRequest struct {
	// Metric names the metric; Options are the options in force for it
	// (those of the user's it takes).
	Metric  string
	Options scoring.MetricOptions
	// Ref and Out are the documents.
	Ref, Out *jsondoc.Doc
	// Weights is the weights file in force (nil for none); the explorer
	// applies the weights tuned since, by key, to the result's tree.
	Weights *scoring.Weights
	// Rules are the per-key rules in force, nil for none.
	Rules *scoring.RuleSet
}

// Rescorer scores the documents again with another metric (scoring.Run).
// It runs in the background; its error is shown on the status line.
type Rescorer func(ctx context.Context, req RescoreRequest) (*scoring.Result, error)

// RunMetric is the Rescorer of the metrics scoring.Metrics lists.
func RunMetric(ctx context.Context, req RescoreRequest) (*scoring.Result, error) {
	res, err := scoring.RunNamed(req.Metric, &scoring.Input{Ref: req.Ref, Out: req.Out, Weights: req.Weights, Opt: req.Options, Rules: req.Rules,
		Context: ctx})
	if err != nil {
		return nil, err
	}
	return res, ctx.Err()
}

// RunEvent says why a run is recorded.
type RunEvent int

// The moments the explorer records a run.
const (
	RunOpened RunEvent = iota // the explorer opened
	RunSaved                  // the weights were saved
	RunQuit                   // the explorer quit with weights changed since the last record
)

var runEventNames = [...]string{"opened", "saved", "quit"}

// String returns the event's name.
func (e RunEvent) String() string { return runEventNames[e] }

// Run is one state of the explorer to record: the figures are those of the
// weights in WeightsJSON.
type Run struct {
	Event RunEvent
	Time  time.Time
	Files Files
	// Metric names the metric; Options are its options in force,
	// canonical (scoring.MetricOptions.Strings).
	Metric   string
	Options  []string
	Score    float64
	HasScore bool
	// WeightsJSON is the weights file content in force.
	WeightsJSON []byte
	// SavedWeights is the hex SHA-256 of the weights file at
	// Files.SavePath as this explorer last saved it, "" before a save:
	// the weights file of the runs recorded since.
	SavedWeights string
	// RulesJSON is the per-key rules in force, as a rules file; nil for
	// none.
	RulesJSON []byte
	// Report returns the run's full figures, from a snapshot of the tree
	// (or, for a very large tree, the tree itself, whose weights stay
	// locked until Record returns), so the recorder can read them on its
	// own goroutine while the user goes on exploring.
	Report func(ctx context.Context) (*report.Report, error)
}

// Recorder records the explorer's runs: on opening, on every save, and on
// quitting when the weights changed since the last record. Record is
// called on a goroutine of its own, never the UI's; the explorer waits for
// pending records before it exits.
type Recorder interface {
	Record(ctx context.Context, run Run) error
}

// History is the explorer's window on the history of runs: the runs of its
// reference/output pair (or every run), one run's per-path scores and
// weights, labels, and the pair's best run. The explorer calls it from
// commands, on goroutines of their own, never the UI's, and drops the
// results a newer request made stale; errors show on the status line.
type History interface {
	// Runs lists the runs of the explorer's reference/output pair, or
	// every run in the history when all is set, newest first.
	Runs(all bool) ([]RunSummary, error)
	// Run returns the run whose id is id, with its figures and weights.
	Run(id string) (*RunDetail, error)
	// SetLabel sets the label of the run whose id is id.
	SetLabel(id, label string) error
	// Best returns the best-scoring run of the pair among the runs scored
	// with config c (scores of other metrics, options or rules do not
	// compare), the newest of equals; ok is false when there is none.
	Best(c RunConfig) (best RunSummary, ok bool, err error)
}

// RunConfig is what a score depends on besides the files and the weights:
// the metric and its options in force, canonical
// (scoring.MetricOptions.Strings), and the per-key rules in force, as a
// rules file (nil for none).
type RunConfig struct {
	Metric    string
	Options   []string
	RulesJSON []byte
}

// equal reports whether c and d are the same config.
func (c RunConfig) Equal(d RunConfig) bool {
	return c.Metric == d.Metric && slices.Equal(c.Options, d.Options) && bytes.Equal(c.RulesJSON, d.RulesJSON)
}

// RunSummary is a recorded run as the history pane lists it.
type RunSummary struct {
	// ID is the run's id; the pane shows its first 10 characters, which
	// `jsontui history show` accepts back.
	ID string
	// Time is when the run happened, shown as it is (the History picks
	// the time zone).
	Time time.Time
	// Label is the user's name for the run.
	Label string
	// Source says what recorded the run: "score", "tui" or "aggregate".
	Source string
	// Metric names the metric the run scored with.
	Metric string
	// Reference, Output and Weights name the run's files as the pane
	// shows them; Weights is "" when the run had no weights file.
	Reference, Output, Weights string
	// Score is the total; meaningless when !HasScore.
	Score    float64
	HasScore bool
	// Delta is Score minus the score of the previous run of the same
	// pair; meaningless when !HasDelta.
	Delta    float64
	HasDelta bool
	// Count is how many times the run was seen: an identical run recorded
	// right after it counts for it rather than adding a row. LastSeen is
	// when it was seen last. A zero Count means 1.
	Count    int
	LastSeen time.Time
	// Pair identifies the run's reference/output pair: runs of one pair
	// have the same Pair, runs of two pairs different ones. ThisPair is
	// set for the runs of the explorer's own pair.
	Pair     string
	ThisPair bool
}

// RunDetail is a run with what the explorer compares the tree with.
type RunDetail struct {
	RunSummary
	// Options are the options of the run's metric in force, canonical.
	Options []string
	// WeightsJSON is the weights file content in force in the run; nil
	// means every weight was 1.
	WeightsJSON []byte
	// RulesJSON is the per-key rules in force in the run, as a rules
	// file; nil means none.
	RulesJSON []byte
	// Nodes are the run's per-path scores, in document order.
	Nodes []RunNode
}

// RunNode is one node's score in a recorded run.
type RunNode struct {
	// Path is the node's jq-style path: ".", ".fixed_menus[1].pizza".
	Path string
	// Score is the node's score; meaningless when !HasScore.
	Score    float64
	HasScore bool
}
