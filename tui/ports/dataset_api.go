package ports

import (
	"context"
	"time"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/calibrate"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/recovery"
)

// DatasetProgress is how far a dataset's load has gone: the cases scored,
// and the bytes of its files of records those cases were read from
// (dataset.Spec.Progress) of the total (Total 0 when unknown), or for two
// directories the reference files of the total (Files). Read never runs
// ahead of the cases scored: its share of Total is the work done.
type DatasetProgress struct {
	Cases       int
	Read, Total int64
	Files       int
}

// ProgressStep is how many more bytes of cases done a load or a rescore
// waits for before it reports its progress again (and at every 512
// cases): Spec.Progress comes after every case.
const ProgressStep = 64 << 10

// DatasetLoader reads and scores a dataset in the background, held for
// re-weighting (dataset.Config.Keep). It calls progress now and then and
// stops with ctx's error when ctx is canceled (the user quit while it
// loads); its other errors are the dataset's, as `score` reports them.
type DatasetLoader func(ctx context.Context, progress func(DatasetProgress)) (*dataset.Result, error)

// DatasetRescoreRequest is what a dataset is scored again with: a
// metric, its options (those it takes of the user's), the per-key rules
// and the weights file in force (the weights tuned since go on top, by
// path, once it is scored).
type DatasetRescoreRequest struct {
	Metric  string
	Options scoring.MetricOptions
	Rules   *scoring.RuleSet
	Weights *scoring.Weights
}

// DatasetRescorer scores a dataset again from its files as `score` would
// with the request's metric, options, rules and weights file (its other
// flags as on opening), held for re-weighting (dataset.Config.Keep). It
// reports its progress as a DatasetLoader does and stops with ctx's
// error when ctx is canceled (a newer choice, esc, quitting); its other
// errors are the dataset's under the request, as `score` reports them.
// RescoreDataset makes one.
type DatasetRescorer func(ctx context.Context, req DatasetRescoreRequest, progress func(DatasetProgress)) (*dataset.Result, error)

// CaseOpener scores one case of a dataset again as a pair (as docs/scoring.md
// scores a pair) for the case view: dataset.Scored.CaseTree, by default.
type CaseOpener func(ctx context.Context, d *dataset.Scored, k int) (*dataset.OneCase, error)

// DatasetHistory is the dataset explorer's window on the recorded runs of
// datasets. The explorer calls it from commands, on goroutines of their
// own, never the UI's.
type DatasetHistory interface {
	// Runs lists the runs of the explorer's dataset (those of the same
	// references: other outputs, other models, compare case by case), or
	// every dataset run when all is set, newest first.
	Runs(all bool) ([]RunSummary, error)
	// DatasetRun returns the dataset run whose id is id, with its figures.
	DatasetRun(id string) (*DatasetRunDetail, error)
}

// DatasetRunDetail is a recorded run of a dataset with what the explorer
// compares with and loads.
type DatasetRunDetail struct {
	RunSummary
	// Figures are the run's figures, as `score` printed them.
	Figures *dataset.Figures
	// WeightsJSON is the weights file content in force in the run; nil
	// means every weight was 1.
	WeightsJSON []byte
	// Rules identifies the run's per-key rules ("" for none).
	Rules string
}

// DatasetRun is a state of the dataset explorer to record (docs/history.md):
// the dataset as it was scored, under the weights, metric, options and
// rules in force.
type DatasetRun struct {
	Event RunEvent
	Time  time.Time
	// Dataset is the scored dataset the explorer shows, frozen under the
	// weights in force (dataset.Scored.Freeze): its cases and figures, to
	// record without reading or comparing anything again
	// (dataset.Frozen.Replay).
	Dataset *dataset.Frozen
	// Files are the explorer's files: Weights and SavePath name the
	// weights file in force (the one just saved, for RunSaved).
	Files Files
	// WeightsJSON is the weights in force, as a weights file.
	WeightsJSON []byte
	// Metric names the metric; Options are its options in force,
	// canonical (scoring.MetricOptions.Strings); RulesJSON is the per-key
	// rules in force, as a rules file (nil for none).
	Metric    string
	Options   []string
	RulesJSON []byte
	// Score is the dataset's score the explorer shows; meaningless when
	// !HasScore.
	Score    float64
	HasScore bool
}

// DatasetRecorder records the dataset explorer's runs: on every save,
// and on quitting when the weights changed since the last run recorded
// (the opening run is the caller's, recorded as the dataset loads).
// Record is called on a goroutine of its own, never the UI's, one run at
// a time, in order; the explorer waits for the records under way before
// it exits, and cancels ctx only when the user insists on leaving (a
// second signal).
type DatasetRecorder interface {
	Record(ctx context.Context, run DatasetRun) error
}

// DatasetOptions configure the dataset explorer.
type DatasetOptions struct {
	// Files names the dataset's files (Reference and Output: the file of
	// records twice for one), the weights file and where ctrl+s saves.
	Files Files
	// Loaded is the scored dataset when the caller has it already;
	// otherwise Load produces it in the background behind a progress bar.
	Loaded *dataset.Result
	Load   DatasetLoader
	// Weights is the weights file in force (nil for none).
	Weights *scoring.Weights
	// Metric names the metric and MetricOptions are its options, for the
	// cases opened as pairs; Rules are the per-key rules in force.
	Metric        string
	MetricOptions scoring.MetricOptions
	Rules         *scoring.RuleSet
	// RulesID identifies the rules in force as the history does ("" for
	// none): a run compared with is said to be of other rules when its
	// differ.
	RulesID string
	// Metrics lists the metrics `m` offers, on the dataset and in a case
	// opened as a pair; Rescore scores such a case again with another.
	Metrics []MetricChoice
	Rescore Rescorer
	// RescoreDataset scores the whole dataset again with the metric, its
	// options, the rules or an array's pairing chosen (`m`, `C`, `p`);
	// nil turns those keys off on the dataset (one read from standard
	// input cannot be read again).
	RescoreDataset DatasetRescorer
	// RulesSum identifies a rules file's content as the history does (a
	// run compared with is of other rules when its differ); nil leaves
	// rules changed in the explorer unidentified ("").
	RulesSum func(rulesJSON []byte) string
	// Theme is the theme's name; "" picks dark or light from the
	// terminal's background.
	Theme string
	// NoMouse turns mouse support off.
	NoMouse bool
	// History, if set, is the dataset's runs that `H` shows, which enter
	// compares with and R loads the weights of.
	History DatasetHistory
	// OpenCase scores a case again for the case view; nil is CaseTree.
	OpenCase CaseOpener
	// Recorder, if set, records the runs of every save and of the state at
	// quit; Recorded says the caller records the opening run (the state
	// at quit is then recorded only when it differs from it).
	Recorder DatasetRecorder
	Recorded bool
	// Recovery, if set, keeps the unsaved weights in a recovery file as
	// they change, until they are saved or discarded, and finds those an
	// earlier explorer on the dataset left, which the explorer offers
	// back.
	Recovery *recovery.Keeper
	// GroupBy is the path of the record's field whose value grouped the
	// cases (--group-by), "" for none: the groups pane names it.
	GroupBy string
	// Labels, if set, pairs people's labels with the scored cases (on
	// opening, and each time the dataset is scored again): the header
	// then shows their agreement with the scores, live, a key proposes
	// the weight change that raises it most, and the cases pane orders
	// by disagreement. Its error says what is wrong with the labels.
	Labels LabelPairer
}

// LabelPairer pairs people's labels with a dataset's scored cases.
type LabelPairer func(cases []dataset.CaseFigures) (*calibrate.Paired, error)
