package pair

import (
	"bytes"
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/session"
	"github.com/jsontui/jsontui/tui/shell"
)

// recording tracks the runs sent to the Recorder.
type recording struct {
	// last is the weights and the metric of the last run recorded;
	// quitting records again only when they changed.
	last       []byte
	lastMetric string
	started    bool
}

// recordTimeout bounds how long a record may take.
const recordTimeout = 30 * time.Second

// cloneLimit is the node count up to which a recorded state is a copy of
// the tree (a few tens of MB); beyond it the tree itself is recorded while
// the weights are locked.
const cloneLimit = 2_000_000

// Record sends the current state to the Recorder in the background; nil
// when there is no recorder, or on quitting when nothing changed since the
// last record.
func (m *Model) Record(ev ports.RunEvent) tea.Cmd {
	rec := m.opts.Recorder
	if rec == nil || m.sess == nil {
		return nil
	}
	ms := m.metric
	t := m.sess.Tree()
	weights := m.wsess.Tree().MarshalWeights()
	var rules []byte
	if m.rules != nil && m.rules.Len() > 0 {
		rules = m.rules.Marshal()
	}
	state := ms.Label() + "\x00" + string(rules)
	if ev == ports.RunQuit && m.rec.started && bytes.Equal(weights, m.rec.last) && state == m.rec.lastMetric {
		return nil
	}
	m.rec.started = true
	m.rec.last, m.rec.lastMetric = weights, state
	m.RecordsPending++
	run := ports.Run{Event: ev, Time: time.Now(), Files: m.opts.Files, Metric: ms.Name, Options: ms.Options, WeightsJSON: weights, RulesJSON: rules}
	run.Files.SavePath = m.wsess.Path()
	run.SavedWeights = m.savedWeights
	run.Score, run.HasScore = ms.Total(t)
	// The recorder reads the figures on its own goroutine while the user
	// goes on tuning: it gets a snapshot of the tree, or, for a tree too
	// big to copy at will, the tree itself with the weights locked until
	// the record is written. A tree whose weights are the metric's own
	// never changes, and one number has no tree to read.
	var locked *session.Session
	snap := t
	switch {
	case !ms.Tuned():
	case t.Len() > cloneLimit:
		locked = m.sess
		m.LockFor(locked, "the run is recorded in the history")
	default:
		snap = t.Clone()
	}
	name, options, res, files := ms.Name, ms.Options, ms.Res, m.opts.Files
	run.Report = func(ctx context.Context) (*report.Report, error) {
		var r *report.Report
		switch {
		case res == nil:
			r = snap.Report(name, options)
		case res.Tree == nil:
			r = res.Report(name)
		default:
			cp := *res
			cp.Tree = snap
			r = cp.Report(name)
		}
		r.Reference, r.Output, r.Weights = files.Reference, files.Output, files.Weights
		return r, nil
	}
	// The record starts now, not when the program gets to the command:
	// an explorer that ends meanwhile (a signal) still waits for it.
	return m.C.Bg.Start(func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), recordTimeout)
		defer cancel()
		return shell.RecordedMsg{Event: ev, Err: rec.Record(ctx, run), Locked: locked}
	})
}

// HistoryChanged brings the best run and the history pane up to date
// after a record.
func (m *Model) HistoryChanged() tea.Cmd { return m.runs.historyChanged() }
