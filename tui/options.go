// Package tui is jsontui's explorer: a full-screen view of a scored
// comparison (bubbletea v2) where a person sees what the output got wrong
// and what it costs, and tunes the weights live until the score means what
// they want.
//
// The root Model owns the layout and the state machine (loading, modes,
// panes); components (header, tree pane, detail pane, status line,
// prompts, overlays) share one common value holding the size, the theme's
// Styles and the key map, and talk through typed messages. Heavy work
// (loading, searching, rescoring, recording) runs in commands that carry a
// request id, so stale results are dropped.
package tui

import (
	"context"
	"time"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
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
}

// Loaded is what a Loader produces.
type Loaded struct {
	Tree    *scoring.Tree
	Weights *scoring.Weights // nil for no weights file
}

// Loader reads, parses and scores the inputs in the background. It calls
// progress now and then with the bytes done and the total, and stops with
// ctx.Err() when ctx is canceled (the user quit while loading).
type Loader func(ctx context.Context, progress func(done, total int64)) (Loaded, error)

// MetricChoice is a metric the user can switch to with `m`.
type MetricChoice struct {
	Name        string
	Description string
}

// Rescorer scores the documents again with another metric under the given
// weights file content (the weights in force), returning the new tree. It
// runs in the background and should stop when ctx is canceled.
type Rescorer func(ctx context.Context, metric string, ref, out *jsondoc.Doc, weights []byte) (Loaded, error)

// Options configure the explorer.
type Options struct {
	Files Files
	// Loaded is the scored comparison, when the caller has it already;
	// otherwise Load produces it in the background behind a progress bar.
	Loaded *Loaded
	Load   Loader
	// Metric names the metric in force; Metrics lists those `m` offers,
	// and Rescore switches to one.
	Metric  string
	Metrics []MetricChoice
	Rescore Rescorer
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
	Event    RunEvent
	Time     time.Time
	Files    Files
	Metric   string
	Score    float64
	HasScore bool
	// WeightsJSON is the weights file content in force.
	WeightsJSON []byte
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
