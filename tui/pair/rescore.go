package pair

import (
	"context"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/choosers"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/pair/metricstate"
	"github.com/jsontui/jsontui/tui/pair/pairing"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/session"
	"github.com/jsontui/jsontui/tui/shell"
)

// rescoredMsg carries the documents scored again, and the sessions over
// the new tree, made in the background.
type rescoredMsg struct {
	id   int
	spec rescoreSpec
	opts scoring.MetricOptions
	// dropped are the user's options the metric does not take.
	dropped []string
	res     *scoring.Result
	// Sess is the session over the tree shown; wsess the one holding the
	// weights, nil to keep the one in force (the tree's weights are the
	// Metric's own).
	sess, wsess *session.Session
	// From and version are the session that held the weights when the
	// request was made, and its version then: weights changed since make
	// the result out of date.
	from    *session.Session
	version int
	err     error
	// weights are the restored offer's weights resolved on wsess's tree
	// (spec.restore), with the entries that apply to nothing there.
	weights []float64
	ignored runspane.IgnoredEntries
}

// rescoreSpec is what a rescore scores with: a metric, the user's
// options (each metric takes those it honours) and the per-key rules;
// note says what changed when it is not the metric (a rule, a step
// undone), pairing when it is the pairing of an array (the pairing key).
type rescoreSpec struct {
	metric  string
	user    scoring.MetricOptions
	rules   *scoring.RuleSet
	note    string
	pairing *pairing.Change
	// steps says the rules change is a step of the weights session's
	// (undone or done again): the session goes on with its undo and
	// redo steps (StateWithSteps) instead of starting afresh.
	steps bool
	// restore, when set, is the unsaved weights and rules being
	// restored: the rules are those scored with, and its weights are
	// applied with them as one step once they are in.
	restore *restoreJob
	// was, when set, is the total the result is to be told against (the
	// one before the step undone), instead of the one shown when it
	// comes.
	was *shownTotal
}

// restoreJob is an offer of unsaved weights and rules being restored.
type restoreJob struct {
	offer shell.Offer
	// before are the rules in force when it began, which undoing the
	// step puts back.
	before *scoring.RuleSet
}

// shownTotal is a total as the explorer shows it: has is false for none.
type shownTotal struct {
	total float64
	has   bool
}

// rescore scores the documents as spec says in the background, under the
// weights in force: with its metric, the user's options that metric
// takes and its rules. It cancels the rescore in flight, if any: a newer
// request makes it stale.
func (m *Model) rescore(spec rescoreSpec) tea.Cmd {
	metric, rules, note := spec.metric, spec.rules, spec.note
	opts, dropped := spec.user, []string(nil)
	if c, ok := m.Choice(metric); ok {
		opts, dropped = choosers.OptionsFor(c, spec.user)
	}
	m.jobs.stopRescore()
	m.jobs.inflight = &spec
	m.jobs.rescore++
	id := m.jobs.rescore
	ctx, cancel := context.WithCancel(context.Background())
	m.jobs.cancelRescore = cancel
	from, version := m.wsess, m.wsess.Version()
	var st *session.State
	if spec.steps || spec.restore != nil {
		st = m.wsess.StateWithSteps()
	} else {
		st = m.wsess.State()
	}
	t := m.sess.Tree()
	ref, out := t.Ref(), t.Out()
	req := ports.RescoreRequest{Metric: metric, Options: opts, Ref: ref, Out: out, Weights: st.Weights()}
	if m.RulesRefused(metric) == "" {
		req.Rules = rules
	}
	rescore := m.opts.Rescore
	switch pc := spec.pairing; {
	case pc != nil:
		m.Status.Set(common.Info(fmt.Sprintf("pairing %s by %s…", pc.Array, pc.To)))
	case note != "":
		m.Status.Set(common.Info(note + ": scoring again…"))
	default:
		m.Status.Set(common.Info("scoring with " + metric + "…"))
	}
	return m.C.Bg.Run(func() tea.Msg {
		msg := rescoredMsg{id: id, spec: spec, opts: opts, dropped: dropped, from: from, version: version}
		msg.res, msg.err = rescore(ctx, req)
		if msg.err != nil {
			return msg
		}
		tree := msg.res.Tree
		if tree == nil {
			if tree, msg.err = scoring.BuildContext(ctx, ref, out, st.Weights(), scoring.Options{}); msg.err != nil {
				return msg
			}
		}
		if tree.Options().FixedWeights {
			msg.sess = session.New(tree, st.Weights(), st.Path())
			if r := spec.restore; r != nil {
				msg.weights, msg.ignored = r.offer.Weights, r.offer.Ignored
			}
			return msg
		}
		if msg.sess, msg.err = session.Resume(tree, st); msg.err != nil {
			return msg
		}
		msg.wsess = msg.sess
		if r := spec.restore; r != nil {
			f := r.offer.Found
			msg.weights, msg.ignored, msg.err = runspane.ResolveWeights(tree.Clone(), f.Path, f.Weights)
		}
		return msg
	})
}

// stopRescore stops the rescore in flight, if any: a newer choice or
// quitting makes it moot.
func (j *jobs) stopRescore() {
	if j.cancelRescore != nil {
		j.cancelRescore()
		j.cancelRescore = nil
	}
	j.inflight = nil
}

// rescored shows the documents scored again, keeping the selected path
// and the weights in force.
func (m *Model) rescored(msg rescoredMsg) tea.Cmd {
	if msg.id != m.jobs.rescore || m.Phase != shell.PhaseReady {
		return nil
	}
	m.jobs.stopRescore() // done: let go of its context
	spec := msg.spec
	if msg.err != nil {
		sub := shell.RescoreSubject{Metric: spec.metric, Options: msg.opts.Strings(), Note: spec.note}
		if spec.pairing != nil {
			sub.PairedArray = spec.pairing.Array
		}
		m.RescoreFailed(sub, msg.err, "", m.opts.MetricOptions)
		return nil
	}
	if msg.from != m.wsess || msg.version != m.wsess.Version() {
		// The weights changed while it scored: score again under them.
		cmd := m.rescore(spec)
		m.Status.Set(common.Info("the weights changed meanwhile: scoring again…"))
		return cmd
	}
	old, oldHas := m.metric.Total(m.sess.Tree())
	if spec.was != nil {
		old, oldHas = spec.was.total, spec.was.has
	}
	oldTree := m.sess.Tree()
	path := oldTree.Path(m.tree.Selected())
	wsess := msg.wsess
	if wsess == nil {
		wsess = m.wsess
	}
	l := ports.Loaded{Tree: msg.sess.Tree(), Result: msg.res}
	m.rules = spec.rules
	m.opts.MetricOptions = spec.user
	shown := m.tree.Shown()
	m.show(metricstate.New(spec.metric, msg.opts, l), msg.sess, wsess)
	if !m.metric.OneNumber {
		m.tree.RestoreShown(shown) // F and o stay as they were
	}
	m.Chooser.Update(choosers.MetricInForceMsg{Metric: spec.metric, User: spec.user})
	if id, ok := m.sess.Tree().Find(path); ok {
		m.tree.SelectNode(id)
	}
	var cmd tea.Cmd
	if _, _, ok := m.hdr.Best(); !ok {
		cmd = m.runs.FetchBest() // the best of the runs of this metric, options and rules
	}
	if spec.restore != nil {
		return tea.Batch(cmd, m.restored(msg, old, oldHas))
	}
	if pc := spec.pairing; pc != nil {
		m.Status.Set(common.Success(pairing.ChangedText(m.metric, m.sess.Tree(), pc, oldTree, old, oldHas)))
		return cmd
	}
	m.Status.Set(m.rescoredStatus(msg, old, oldHas))
	return cmd
}

// rescoredStatus says what a rescore for a rules change or another
// metric did to the total, old before.
func (m *Model) rescoredStatus(msg rescoredMsg, old float64, oldHas bool) common.StatusMsg {
	spec := msg.spec
	tot, has := m.metric.Total(m.sess.Tree())
	if spec.note != "" {
		text := fmt.Sprintf("%s: total %s (was %s)", spec.note, common.ScoreText5(tot, has), common.ScoreText5(old, oldHas))
		if m.rules.Changed() {
			text += " · ctrl+s saves the rules"
		}
		return common.Success(text)
	}
	text := fmt.Sprintf("metric %s: total %s (was %s)", m.metric.Label(), common.ScoreText5(tot, has), common.ScoreText5(old, oldHas))
	switch {
	case m.metric.OneNumber:
		text += " · one number: the panel says how"
	case m.metric.Fixed:
		text += " · its weights are its own: yours are kept for later"
	}
	if len(msg.dropped) > 0 {
		return common.Warn(fmt.Sprintf("%s · %s does not take %s: left out", text, spec.metric, strings.Join(msg.dropped, ", ")))
	}
	return common.Success(text)
}
