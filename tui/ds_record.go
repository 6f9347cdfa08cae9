package tui

import (
	"bytes"
	"context"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
)

// The runs a dataset's explorer records (SPEC 7): the opening one is the
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
	pending int
	// last is the weights and config of the last run recorded (or of the
	// opening, which the caller records); started says there is one.
	last, lastConfig []byte
	started          bool
	// tail is closed when the last record asked for has ended: the next
	// one waits for it.
	tail chan struct{}
	// ctx is the records' context, which stop cancels (the user insisted
	// on leaving).
	ctx  context.Context
	stop context.CancelFunc
	// inflight counts the records under way.
	inflight sync.WaitGroup
}

// dsRecordedMsg says a record of the dataset finished.
type dsRecordedMsg struct {
	event RunEvent
	err   error
}

// dsRecordTimeout bounds a dataset record once its turn has come: it
// lays out and compresses every case's figures.
const dsRecordTimeout = 10 * time.Minute

// recordState returns the weights in force as a weights file and the
// config in force (metric, options, rules) as the run is recorded with.
func (m *DatasetModel) recordState() (weights []byte, run DatasetRun, err error) {
	weights, err = m.ds.wsess.Scored().MarshalWeights()
	if err != nil {
		return nil, run, err
	}
	figs := m.ds.res.Figures
	run = DatasetRun{Metric: figs.Metric, Options: figs.Options, WeightsJSON: weights, Files: m.opts.Files}
	if r := m.opts.Rules; r != nil && r.Len() > 0 {
		run.RulesJSON = r.Marshal()
	}
	run.Score, run.HasScore = m.ds.total()
	return weights, run, nil
}

// configKey is what a run's config is compared by.
func configKey(run DatasetRun) []byte {
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
func (m *DatasetModel) noteOpening() {
	if m.opts.Recorder == nil || !m.opts.Recorded {
		return
	}
	weights, run, err := m.recordState()
	if err != nil {
		return // the first record at quit then records whatever there is
	}
	m.rec.started, m.rec.last, m.rec.lastConfig = true, weights, configKey(run)
}

// record sends the state in force to the Recorder in the background, after
// the records before it; nil when there is no recorder, or on quitting
// when nothing changed since the last run recorded.
func (m *DatasetModel) record(ev RunEvent) tea.Cmd {
	rec := m.opts.Recorder
	if rec == nil || m.ds == nil {
		return nil
	}
	weights, run, err := m.recordState()
	if err != nil {
		m.status.Set(warn("history: the " + ev.String() + " run was not recorded: " + err.Error()))
		return nil
	}
	cfg := configKey(run)
	if ev == RunQuit && m.rec.started && bytes.Equal(weights, m.rec.last) && bytes.Equal(cfg, m.rec.lastConfig) {
		return nil
	}
	m.rec.started, m.rec.last, m.rec.lastConfig = true, weights, cfg
	m.rec.pending++
	run.Event, run.Time, run.Dataset = ev, time.Now(), m.ds.d.Freeze()
	if m.rec.ctx == nil {
		m.rec.ctx, m.rec.stop = context.WithCancel(context.Background())
	}
	prev, next := m.rec.tail, make(chan struct{})
	m.rec.tail = next
	base := m.rec.ctx
	// The record starts now, not when the program gets to the command:
	// an explorer that ends meanwhile (a signal) still waits for it.
	done := make(chan dsRecordedMsg, 1)
	m.rec.inflight.Add(1)
	go func() {
		defer m.rec.inflight.Done()
		defer close(next)
		if prev != nil {
			select {
			case <-prev:
			case <-base.Done():
				done <- dsRecordedMsg{event: ev, err: base.Err()}
				return
			}
		}
		ctx, cancel := context.WithTimeout(base, dsRecordTimeout)
		defer cancel()
		done <- dsRecordedMsg{event: ev, err: rec.Record(ctx, run)}
	}()
	return func() tea.Msg { return <-done }
}

// recorded notes a finished record, and quits when it was the last one
// the explorer waited for; otherwise it brings the history pane up to
// date.
func (m *DatasetModel) recorded(msg dsRecordedMsg) tea.Cmd {
	m.rec.pending = max(0, m.rec.pending-1)
	if msg.err != nil {
		m.status.Set(warn("history: the " + msg.event.String() + " run was not recorded: " + msg.err.Error()))
	}
	if m.phase == phaseClosing {
		if m.rec.pending == 0 {
			return tea.Quit
		}
		return nil
	}
	if m.hist == nil || m.phase != phaseReady {
		return nil
	}
	return m.hist.Update(histRefreshMsg{})
}

// quitNow keeps or removes the unsaved weights, records the state at quit
// when it changed, and quits once the records under way are done.
func (m *DatasetModel) quitNow() tea.Cmd {
	m.quitAfterSave = false
	m.stopRescore()
	if _, err := m.settleUnsaved(); err != nil {
		m.status.Set(warn("unsaved weights: " + err.Error()))
	}
	cmd := m.record(RunQuit)
	if m.rec.pending == 0 {
		return tea.Quit
	}
	m.phase = phaseClosing
	m.status.Set(info("recording the run in the history…"))
	return cmd
}
