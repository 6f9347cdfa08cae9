package tui

import (
	"context"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
)

// DatasetProgress is how far a dataset's load has gone: the cases scored,
// and the bytes of its files of records read of the total (Total 0 when
// unknown), or for two directories the reference files of the total
// (Files).
type DatasetProgress struct {
	Cases       int
	Read, Total int64
	Files       int
}

// DatasetLoader reads and scores a dataset in the background, held for
// re-weighting (dataset.Config.Keep). It calls progress now and then and
// stops with ctx's error when ctx is canceled (the user quit while it
// loads); its other errors are the dataset's, as `score` reports them.
type DatasetLoader func(ctx context.Context, progress func(DatasetProgress)) (*dataset.Result, error)

// CaseOpener scores one case of a dataset again as a pair (SPEC sections
// 2–6) for the case view: dataset.Scored.CaseTree, by default.
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
	// Metrics and Rescore are what a case opened as a pair offers `m`.
	Metrics []MetricChoice
	Rescore Rescorer
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
}
