package runs

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
	// savedWeights is the hex SHA-256 of the weights file as this
	// explorer last saved it, "" before a save.
	savedWeights string
}

// recordTimeout bounds how long a record may take.
const recordTimeout = 30 * time.Second

// cloneLimit is the node count up to which a recorded state is a copy of
// the tree (a few tens of MB); beyond it the tree itself is recorded while
// the weights are locked.
const cloneLimit = 2_000_000

// Saved notes the hex SHA-256 of the weights file as the explorer saved
// it, which the runs recorded from then on carry.
func (c *Controller) Saved(sha256 string) { c.rec.savedWeights = sha256 }

// Started reports whether a run was recorded (or is being recorded)
// already.
func (c *Controller) Started() bool { return c.rec.started }

// Record sends the current state to the Recorder in the background; nil
// when there is no recorder, or on quitting when nothing changed since the
// last record.
func (c *Controller) Record(ev ports.RunEvent) tea.Cmd {
	rec := c.opts.Recorder
	st := c.pg.State()
	if rec == nil || st.Sess == nil {
		return nil
	}
	ms := st.Metric
	t := st.Sess.Tree()
	weights := st.WSess.Tree().MarshalWeights()
	var rules []byte
	if st.Rules != nil && st.Rules.Len() > 0 {
		rules = st.Rules.Marshal()
	}
	state := ms.Label() + "\x00" + string(rules)
	if ev == ports.RunQuit && c.rec.started && bytes.Equal(weights, c.rec.last) && state == c.rec.lastMetric {
		return nil
	}
	c.rec.started = true
	c.rec.last, c.rec.lastMetric = weights, state
	c.sh.RecordsPending++
	files := *c.pg.Files()
	run := ports.Run{Event: ev, Time: time.Now(), Files: files, Metric: ms.Name, Options: ms.Options, WeightsJSON: weights, RulesJSON: rules}
	run.Files.SavePath = st.WSess.Path()
	run.SavedWeights = c.rec.savedWeights
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
		locked = st.Sess
		c.sh.LockFor(locked, "the run is recorded in the history")
	default:
		snap = t.Clone()
	}
	name, options, res := ms.Name, ms.Options, ms.Res
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
	return c.sh.C.Bg.Start(func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), recordTimeout)
		defer cancel()
		return shell.RecordedMsg{Event: ev, Err: rec.Record(ctx, run), Locked: locked}
	})
}
