package datasetpage

import (
	"bytes"
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/shell"
)

// The runs a dataset's explorer records (docs/history.md): the opening one is the
// caller's (recorded as the dataset loads), then one at every save, and
// one at quit when the weights, metric, options or rules in force differ
// from the last run recorded. A dataset run records the scored dataset
// the explorer holds, frozen under the weights in force when it is asked
// (dataset.Scored.Freeze; its every case's figures, as `score` records
// them): it runs in the background, one record at a time in the order
// asked, while the weights go on changing, and the explorer waits for
// them however it ends.

// dsRecording tracks the runs sent to the DatasetRecorder.
type dsRecording struct {
	// last is the weights and config of the last run recorded (or of the
	// opening, which the caller records); started says there is one.
	last, lastConfig []byte
	started          bool
	// tail is closed when the last record asked for has ended: the next
	// one waits for it.
	tail chan struct{}
	// ctx is the records' context, which the shell's stopRecords cancels
	// (the user insisted on leaving).
	ctx context.Context
}

// dsRecordTimeout bounds a dataset record once its turn has come: it
// lays out and compresses every case's figures.
const dsRecordTimeout = 10 * time.Minute

// recordState returns the weights in force as a weights file and the
// config in force (metric, options, rules) as the run is recorded with.
func (m *Model) recordState() (weights []byte, run ports.DatasetRun, err error) {
	weights, err = m.ds.WSess.Scored().MarshalWeights()
	if err != nil {
		return nil, run, err
	}
	figs := m.ds.Result.Figures
	run = ports.DatasetRun{Metric: figs.Metric, Options: figs.Options, WeightsJSON: weights, Files: m.opts.Files}
	if r := m.opts.Rules; r != nil && r.Len() > 0 {
		run.RulesJSON = r.Marshal()
	}
	run.Score, run.HasScore = m.ds.Total()
	return weights, run, nil
}

// configKey is what a run's config is compared by.
func configKey(run ports.DatasetRun) []byte {
	var b bytes.Buffer
	b.WriteString(run.Metric)
	for _, o := range run.Options {
		b.WriteByte(0)
		b.WriteString(o)
	}
	b.WriteByte(1)
	b.Write(run.RulesJSON)
	return b.Bytes()
}

// noteOpening takes the state at opening as the last run recorded, when
// the caller records it.
func (m *Model) noteOpening() {
	if m.opts.Recorder == nil || !m.opts.Recorded {
		return
	}
	weights, run, err := m.recordState()
	if err != nil {
		return // the first record at quit then records whatever there is
	}
	m.rec.started, m.rec.last, m.rec.lastConfig = true, weights, configKey(run)
}

// Record sends the state in force to the Recorder in the background, after
// the records before it; nil when there is no recorder, or on quitting
// when nothing changed since the last run recorded.
func (m *Model) Record(ev ports.RunEvent) tea.Cmd {
	rec := m.opts.Recorder
	if rec == nil || m.ds == nil {
		return nil
	}
	weights, run, err := m.recordState()
	if err != nil {
		m.Status.Set(common.Warn("history: the " + ev.String() + " run was not recorded: " + err.Error()))
		return nil
	}
	cfg := configKey(run)
	if ev == ports.RunQuit && m.rec.started && bytes.Equal(weights, m.rec.last) && bytes.Equal(cfg, m.rec.lastConfig) {
		return nil
	}
	m.rec.started, m.rec.last, m.rec.lastConfig = true, weights, cfg
	m.RecordsPending++
	run.Event, run.Time, run.Dataset = ev, time.Now(), m.ds.Scored.Freeze()
	if m.rec.ctx == nil {
		m.rec.ctx, m.StopRecords = context.WithCancel(context.Background())
	}
	prev, next := m.rec.tail, make(chan struct{})
	m.rec.tail = next
	base := m.rec.ctx
	// The record starts now, not when the program gets to the command:
	// an explorer that ends meanwhile (a signal) still waits for it.
	return m.C.Bg.Start(func() tea.Msg {
		defer close(next)
		if prev != nil {
			select {
			case <-prev:
			case <-base.Done():
				return shell.RecordedMsg{Event: ev, Err: base.Err()}
			}
		}
		ctx, cancel := context.WithTimeout(base, dsRecordTimeout)
		defer cancel()
		return shell.RecordedMsg{Event: ev, Err: rec.Record(ctx, run)}
	})
}

// HistoryChanged brings the history pane up to date after a record, once
// the dataset is ready.
func (m *Model) HistoryChanged() tea.Cmd {
	if m.Hist == nil || m.Phase != shell.PhaseReady {
		return nil
	}
	return m.Hist.Update(runspane.HistRefreshMsg{})
}

// StopJobs cancels the background jobs that can stop: the load, the
// opening of a case, the rescore, and those of the case open. Their
// answers, which come all the same, are dropped.
func (m *Model) StopJobs() {
	if m.load != nil {
		m.load.cancel()
	}
	if m.opening.cancel != nil {
		m.opening.cancel()
	}
	m.stopRescore()
	if m.open != nil {
		m.open.m.StopJobs()
	}
}
