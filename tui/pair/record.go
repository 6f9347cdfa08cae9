package pair

import (
	"bytes"
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/session"
	"github.com/jsontui/jsontui/tui/shell"
)

// recording tracks the runs sent to the Recorder.
type recording struct {
	// locks counts, per session, the records in flight that hold its
	// weights locked.
	locks map[*session.Session]int
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
	if rec == nil || m.Sess == nil {
		return nil
	}
	ms := m.Metric
	t := m.Sess.Tree()
	weights := m.Wsess.Tree().MarshalWeights()
	var rules []byte
	if m.Rules != nil && m.Rules.Len() > 0 {
		rules = m.Rules.Marshal()
	}
	state := ms.label() + "\x00" + string(rules)
	if ev == ports.RunQuit && m.rec.started && bytes.Equal(weights, m.rec.last) && state == m.rec.lastMetric {
		return nil
	}
	m.rec.started = true
	m.rec.last, m.rec.lastMetric = weights, state
	m.RecordsPending++
	run := ports.Run{Event: ev, Time: time.Now(), Files: m.opts.Files, Metric: ms.Name, Options: ms.options, WeightsJSON: weights, RulesJSON: rules}
	run.Files.SavePath = m.Wsess.Path()
	run.SavedWeights = m.savedWeights
	run.Score, run.HasScore = ms.total(t)
	// The recorder reads the figures on its own goroutine while the user
	// goes on tuning: it gets a snapshot of the tree, or, for a tree too
	// big to copy at will, the tree itself with the weights locked until
	// the record is written. A tree whose weights are the metric's own
	// never changes, and one number has no tree to read.
	var locked *session.Session
	snap := t
	switch {
	case !ms.tuned():
	case t.Len() > cloneLimit:
		locked = m.Sess
		locked.Lock("the run is recorded in the history")
		if m.rec.locks == nil {
			m.rec.locks = map[*session.Session]int{}
		}
		m.rec.locks[locked]++
	default:
		snap = t.Clone()
	}
	name, options, res, files := ms.Name, ms.options, ms.res, m.opts.Files
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

// recorded notes a finished record and, unless the explorer is quitting,
// brings the best run and the history pane up to date.
func (m *Model) recorded(msg shell.RecordedMsg) tea.Cmd {
	m.RecordsPending = max(0, m.RecordsPending-1)
	if s := msg.Locked; s != nil {
		if m.rec.locks[s]--; m.rec.locks[s] <= 0 {
			delete(m.rec.locks, s)
			s.Unlock()
		}
	}
	if msg.Err != nil {
		m.Status.Set(common.Warn("history: the " + msg.Event.String() + " run was not recorded: " + msg.Err.Error()))
	}
	if m.Phase == shell.PhaseClosing {
		return nil // quitting: the program ends once every job is done
	}
	return m.runs.historyChanged()
}
