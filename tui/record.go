package tui

import (
	"bytes"
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring/report"
)

// recording tracks the runs sent to the Recorder.
type recording struct {
	pending int
	locked  int // records in flight that hold the weights locked
	// last is the weights of the last run recorded; quitting records
	// again only when they changed.
	last    []byte
	started bool
}

// recordedMsg says a record finished.
type recordedMsg struct {
	event  RunEvent
	err    error
	locked bool // the record held the weights locked
}

// recordTimeout bounds how long a record may take.
const recordTimeout = 30 * time.Second

// cloneLimit is the node count up to which a recorded state is a copy of
// the tree (a few tens of MB); beyond it the tree itself is recorded while
// the weights are locked.
const cloneLimit = 2_000_000

// record sends the current state to the Recorder in the background; nil
// when there is no recorder, or on quitting when nothing changed since the
// last record.
func (m *Model) record(ev RunEvent) tea.Cmd {
	rec := m.opts.Recorder
	if rec == nil || m.sess == nil {
		return nil
	}
	t := m.sess.Tree()
	weights := t.MarshalWeights()
	if ev == RunQuit && m.rec.started && bytes.Equal(weights, m.rec.last) {
		return nil
	}
	m.rec.started = true
	m.rec.last = weights
	m.rec.pending++
	run := Run{Event: ev, Time: time.Now(), Files: m.opts.Files, Metric: m.opts.Metric, WeightsJSON: weights}
	run.Files.SavePath = m.sess.Path()
	run.Score, run.HasScore = t.Total()
	// The recorder reads the figures on its own goroutine while the user
	// goes on tuning: it gets a snapshot of the tree, or, for a tree too
	// big to copy at will, the tree itself with the weights locked until
	// the record is written.
	snap, locked := t, t.Len() > cloneLimit
	if locked {
		m.sess.Lock("the run is recorded in the history")
		m.rec.locked++
	} else {
		snap = t.Clone()
	}
	metric, files := m.opts.Metric, m.opts.Files
	run.Report = func(ctx context.Context) (*report.Report, error) {
		r := snap.Report(metric, nil)
		r.Reference, r.Output, r.Weights = files.Reference, files.Output, files.Weights
		return r, nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), recordTimeout)
		defer cancel()
		return recordedMsg{event: ev, err: rec.Record(ctx, run), locked: locked}
	}
}

// recorded notes a finished record, and quits when it was the last one
// the explorer waited for; otherwise it brings the best run and the
// history pane up to date.
func (m *Model) recorded(msg recordedMsg) tea.Cmd {
	m.rec.pending = max(0, m.rec.pending-1)
	if msg.locked {
		if m.rec.locked--; m.rec.locked <= 0 {
			m.rec.locked = 0
			m.sess.Unlock()
		}
	}
	if msg.err != nil {
		m.status.Set(warn("history: the " + msg.event.String() + " run was not recorded: " + msg.err.Error()))
	}
	if m.phase == phaseClosing {
		if m.rec.pending == 0 {
			return tea.Quit
		}
		return nil
	}
	return m.historyChanged()
}
