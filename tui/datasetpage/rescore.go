package datasetpage

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jsontui/jsontui/tui/datasetpage/dsdata"
	"github.com/jsontui/jsontui/tui/datasetpage/dsprogress"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/choosers"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/pair"
	"github.com/jsontui/jsontui/tui/pair/metricstate"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/session"
	"github.com/jsontui/jsontui/tui/shell"
)

// A dataset scored again: `m` (a metric, its options), `C` (a path's
// rule) and `p` (an array's pairing) score every case again from the
// files in the background, through the dataset engine, as `score` would
// with what was chosen. A box shows the progress as the opening does;
// the dataset stays as it was, and explorable, until the new figures are
// in. A newer choice, esc or quitting cancels the rescore under way; an
// answer that is not the latest request's is dropped. Once in, the
// weights tuned so far weigh the new figures by path (the undo steps go
// on), and the header, the tree, the cases pane and the heat map follow,
// each keeping its place by path and by case.

// dsRescoreSpec is what the dataset is scored again with: a metric, the
// user's options (the metric takes those it honours) and the per-key
// rules; note says what changed when it is a rule, pairing when it is an
// array's pairing; restore is the offer of a recovery file whose rules
// it scores with, its weights to apply once in.
type dsRescoreSpec struct {
	metric  string
	user    scoring.MetricOptions
	rules   *scoring.RuleSet
	note    string
	pairing *pair.PairingChange
	restore *shell.Offer
}

// what says what the rescore does, for the status line and the box:
// "scoring with lynxius", "rule exact for .vendor", "pairing .items by
// key=sku".
func (s dsRescoreSpec) what(opts []string) string {
	switch {
	case s.pairing != nil:
		return fmt.Sprintf("pairing %s by %s", s.pairing.Array, s.pairing.To)
	case s.note != "":
		return s.note
	}
	return "scoring with " + s.metric + metricstate.OptionsText(opts)
}

// dsRescoreJob is a rescore under way: its request, what it scores with,
// how far it went and how to stop it.
type dsRescoreJob struct {
	id     int
	spec   dsRescoreSpec
	opts   scoring.MetricOptions // the options the metric takes
	cancel context.CancelFunc
	// tracker is how far it went.
	*dsprogress.Tracker
}

// dsRescoreTickMsg asks the box to show the progress of request id again.
type dsRescoreTickMsg struct{ id int }

// dsRescoredMsg carries the dataset scored again for request id, with its
// session resumed from from (the session that held the weights when it
// was asked for, at version), or why it could not be.
type dsRescoredMsg struct {
	id      int
	spec    dsRescoreSpec
	opts    scoring.MetricOptions
	dropped []string
	res     *dataset.Result
	sess    *session.Dataset
	from    *session.Dataset
	version int
	err     error
}

// pendingSpec is what the dataset is scored with, or is being scored
// with: a choice made while a rescore runs goes on from it.
func (m *Model) pendingSpec() dsRescoreSpec {
	if m.job != nil {
		s := m.job.spec
		s.note, s.pairing, s.restore = "", nil, nil
		return s
	}
	return dsRescoreSpec{metric: m.ds.Metric(), user: m.opts.MetricOptions, rules: m.ds.Rules}
}

// rescore scores the dataset again as spec says, in the background: the
// rescore under way, if any, is cancelled (its answer will be dropped).
func (m *Model) rescore(spec dsRescoreSpec) tea.Cmd {
	opts, dropped := spec.user, []string(nil)
	if c, ok := m.Choice(spec.metric); ok {
		opts, dropped = choosers.OptionsFor(c, spec.user)
	}
	m.stopRescore()
	m.rescoreID++
	ctx, cancel := context.WithCancel(context.Background())
	job := &dsRescoreJob{id: m.rescoreID, spec: spec, opts: opts, cancel: cancel, Tracker: dsprogress.NewTracker()}
	m.job = job
	from := m.ds.WSess
	st, version := from.State(), from.Version()
	req := ports.DatasetRescoreRequest{Metric: spec.metric, Options: opts, Weights: st.Weights()}
	if m.RulesRefused(spec.metric) == "" {
		req.Rules = spec.rules
	}
	rescore := m.opts.RescoreDataset
	m.rescoring.Update(dsprogress.StartedMsg{Tracker: job.Tracker, What: spec.what(opts.Strings())})
	m.Status.Set(common.Info(spec.what(opts.Strings()) + "… the figures shown stay until it is done"))
	run := m.C.Bg.Run(func() tea.Msg {
		msg := dsRescoredMsg{id: job.id, spec: spec, opts: opts, dropped: dropped, from: from, version: version}
		res, err := rescore(ctx, req, job.Report)
		if err == nil && ctx.Err() != nil {
			err = ctx.Err()
		}
		if err != nil {
			msg.err = err
			return msg
		}
		msg.res = res
		// The weights in force when it was asked weigh it here, off the
		// UI's goroutine; those tuned meanwhile are put in once it is in.
		msg.sess, msg.err = session.ResumeDataset(res.Scored, st)
		return msg
	})
	return tea.Batch(run, job.tick(m.C))
}

// tick asks for the job's progress to show again.
func (j *dsRescoreJob) tick(c *common.Common) tea.Cmd {
	id := j.id
	return c.Tick(pair.LoadTick, func(time.Time) tea.Msg { return dsRescoreTickMsg{id: id} })
}

// stopRescore cancels the rescore under way, if any: its answer, when it
// comes, is dropped.
func (m *Model) stopRescore() {
	if m.job == nil {
		return
	}
	m.job.cancel()
	m.job = nil
	m.rescoring.Update(dsprogress.EndedMsg{})
}

// rescored shows the dataset scored again: the weights tuned so far
// weigh it, by path, and every pane follows, keeping its place.
func (m *Model) rescored(msg dsRescoredMsg) tea.Cmd {
	if m.job == nil || msg.id != m.job.id || m.Phase != shell.PhaseReady {
		return nil // stale: a newer choice, esc or quitting dropped it
	}
	m.stopRescore()
	spec := msg.spec
	if msg.err != nil {
		keptIn := ""
		if spec.restore != nil {
			keptIn = spec.restore.Found.Path
		}
		sub := shell.RescoreSubject{Metric: spec.metric, Options: msg.opts.Strings(), Note: spec.note}
		if spec.pairing != nil {
			sub.PairedArray = spec.pairing.Array
		}
		m.RescoreFailed(sub, msg.err, keptIn, m.opts.MetricOptions)
		return nil
	}
	sess := msg.sess
	if msg.from != m.ds.WSess || msg.version != m.ds.WSess.Version() {
		// The weights changed while it scored: they weigh it as they are.
		var err error
		if sess, err = session.ResumeDataset(msg.res.Scored, m.ds.WSess.State()); err != nil {
			m.Status.Set(common.Failure(err))
			return nil
		}
	}
	old := dsShown{metric: m.ds.Metric(), paths: m.ds.Paths}
	old.total, old.has = m.ds.Total()
	wsess := sess
	if !msg.res.Scored.TakesWeights() {
		wsess = m.ds.WSess // the user's weights, held for a metric that takes them
	}
	open := m.ds.Cal
	m.ds.Replace(msg.res, sess, wsess)
	m.pairLabels(msg.res)
	if open != nil && m.ds.Cal != nil {
		m.ds.Cal.Open = open.Open // Δ opening stays the opening's
	}
	rulesChanged := !spec.rules.Equal(m.ds.Rules)
	m.ds.Rules = spec.rules
	if rulesChanged {
		m.ds.RulesID = rulesID(m.opts.RulesSum, spec.rules)
	}
	m.opts.Metric, m.opts.MetricOptions, m.opts.Rules = spec.metric, spec.user, spec.rules
	m.Chooser.Update(choosers.MetricInForceMsg{Metric: spec.metric, User: spec.user})
	filter := m.order.FilterPath()
	for _, p := range []common.Pane{m.hdr, m.tree, m.cases, m.heat, m.groups} {
		p.Update(dsdata.ReplacedMsg{})
	}
	switch {
	case len(m.ds.Paths) == 0 && m.view != dsdata.ViewCases:
		m.view, m.casesForced = dsdata.ViewCases, true // a metric that is one number: the cases are all there is
	case len(m.ds.Paths) > 0 && m.casesForced:
		m.view, m.casesForced = dsdata.ViewTree, false // the tree is back
	}
	m.Layout()
	m.Status.Set(rescoredStatus(m.ds, msg, old, filter, m.order.FilterPath() != ""))
	if spec.restore != nil {
		return tea.Batch(m.restoredUnsaved(spec.restore, old), m.recompare())
	}
	return m.recompare()
}

// dsShown is what the dataset showed before it was scored again.
type dsShown struct {
	metric string
	total  float64
	has    bool
	paths  []dataset.PathFigures
}

// rescoredStatus says what the rescore of ds did: the metric, rule or pairing,
// the dataset's score before and after, and what else changed; filter is
// the path the cases were filtered by before, filtered whether they still
// are.
func rescoredStatus(ds *dsdata.Data, msg dsRescoredMsg, old dsShown, filter string, filtered bool) common.StatusMsg {
	spec := msg.spec
	tot, has := ds.Total()
	var text string
	switch {
	case spec.pairing != nil:
		pc := spec.pairing
		text = fmt.Sprintf("%s paired by %s", pc.Array, pc.To)
		was, now := pathScore(old.paths, pc.Array), pathScore(ds.Paths, pc.Array)
		if was != nil && now != nil {
			text += fmt.Sprintf(": %s (was %s by %s)", common.ScoreText5(now.Score, now.HasScore), common.ScoreText5(was.Score, was.HasScore), pc.From)
		}
	case spec.note != "":
		text = spec.note
	default:
		text = "metric " + spec.metric + metricstate.OptionsText(msg.res.Figures.Options)
	}
	text += fmt.Sprintf(" · score %s (was %s)", common.ScoreText5(tot, has), common.ScoreText5(old.total, old.has))
	switch {
	case spec.note != "" && ds.Rules.Changed():
		text += " · ctrl+s saves the rules"
	case len(ds.Paths) == 0:
		text += " · one number: no per-path tree, the cases show"
	case !ds.Scored.TakesWeights():
		text += " · its weights are its own: yours are kept for later"
	}
	if filter != "" && !filtered {
		text += " · no case has " + filter + " now: every case listed"
	}
	if len(msg.dropped) > 0 {
		return common.Warn(fmt.Sprintf("%s · %s does not take %s: left out", text, spec.metric, strings.Join(msg.dropped, ", ")))
	}
	return common.Success(text)
}

// pathScore returns the figures of path among paths, nil for none.
func pathScore(paths []dataset.PathFigures, path string) *dataset.PathFigures {
	for i := range paths {
		if paths[i].Path == path {
			return &paths[i]
		}
	}
	return nil
}

// rulesID identifies rules as the history does (sum, nil for none), ""
// for none.
func rulesID(sum func([]byte) string, rules *scoring.RuleSet) string {
	if rules == nil || rules.Len() == 0 || sum == nil {
		return ""
	}
	return sum(rules.Marshal())
}
