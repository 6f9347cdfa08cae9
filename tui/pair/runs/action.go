package runs

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/pair/header"
	"github.com/jsontui/jsontui/tui/pair/metricstate"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/session"
	"github.com/jsontui/jsontui/tui/shell"
)

// ReadyMsg carries a run read for an action, with what the action needs,
// worked out in the background.
type ReadyMsg struct {
	id  int
	act runspane.RunAction
	// Sess and wsess are the sessions the request was made in: the one
	// shown and the one holding the weights.
	sess, wsess *session.Session
	run         *ports.RunDetail
	// match is the run matched with the tree, for actCompare.
	match *runspane.RunMatch
	// diff is the diff, for actDiff.
	diff *runspane.RunDiff
	// weights and ignored are the run's weights resolved on the tree,
	// for actLoad.
	weights []float64
	ignored runspane.IgnoredEntries
	// restored is the tree scored under the run's rules, for actLoad
	// when they are not those in force; the weights are resolved on it.
	restored *Restored
	err      error
}

// RunAction reads the selected run and works out, in the background,
// what action act needs: the tree's nodes matched with the run's, a
// diff, or the run's weights resolved on the tree holding the weights in
// force. The work runs on snapshots of the trees, so the user may go on
// meanwhile. A metric that is one number has no per-path scores: enter
// compares the totals only.
func (c *Controller) RunAction(req runspane.RunActionMsg) tea.Cmd {
	act, sel := req.Act, req.Run
	st := c.pg.State()
	ms := st.Metric
	if act == runspane.ActCompare && ms.OneNumber {
		tot, has := ms.Total(st.Sess.Tree())
		c.sh.Status.Set(common.Info(fmt.Sprintf("%s is one number: no per-path scores to compare; %s scored %s%s, now %s",
			ms.Name, runspane.RunName(sel), common.ScoreText5(sel.Score, sel.HasScore), metricstate.ByMetric(sel.Metric, ms.Name), common.ScoreText5(tot, has))))
		return nil
	}
	h := c.opts.History
	c.run++
	c.Stop() // a rules' restore in flight is moot: its run's result is dropped
	id, sess, wsess := c.run, st.Sess, st.WSess
	var scores, weights *scoring.Tree
	if act != runspane.ActLoad && !ms.OneNumber {
		scores = sess.Tree().Clone()
	}
	if act != runspane.ActCompare {
		weights = wsess.Tree().Clone()
	}
	nowTotal, nowHas := ms.Total(sess.Tree())
	metric := ms.Name
	cached := req.Cached
	var restore *restoreJob
	if act == runspane.ActLoad {
		restore = c.newRestore(st)
	}
	c.sh.Status.Set(common.Info("reading " + runspane.RunName(sel) + "…"))
	return c.sh.C.Bg.Run(func() tea.Msg {
		msg := ReadyMsg{id: id, act: act, sess: sess, wsess: wsess, run: cached}
		if msg.run == nil {
			if msg.run, msg.err = h.Run(sel.ID); msg.err != nil {
				return msg
			}
		}
		switch act {
		case runspane.ActCompare:
			msg.match = runspane.MatchRun(scores, msg.run)
		case runspane.ActDiff:
			msg.diff = runspane.DiffRun(scores, weights, metric, nowTotal, nowHas, msg.run)
		case runspane.ActLoad:
			if restore != nil {
				if msg.restored, msg.err = restore.restore(msg.run); msg.err != nil {
					return msg
				}
				if msg.restored != nil {
					weights = msg.restored.Sess.Tree().Clone()
				}
			}
			msg.weights, msg.ignored, msg.err = runspane.RunWeights(weights, msg.run)
		}
		return msg
	})
}

// runReady takes a run read for an action, and does the action.
func (c *Controller) runReady(msg ReadyMsg) tea.Cmd {
	st := c.pg.State()
	if msg.id != c.run || msg.sess != st.Sess || msg.wsess != st.WSess || c.sh.Phase != shell.PhaseReady {
		return nil
	}
	c.Stop() // done: let go of its context
	if msg.run != nil {
		c.sh.Hist.Update(runspane.RunCachedMsg{Run: msg.run})
	}
	if msg.err != nil {
		name := "the run"
		if msg.run != nil {
			name = runspane.RunName(msg.run.RunSummary)
		}
		c.sh.Status.Set(common.Failure(fmt.Errorf("%s: %w", name, msg.err)))
		return nil
	}
	switch msg.act {
	case runspane.ActCompare:
		c.compare(msg, st.Metric)
	case runspane.ActDiff:
		if c.sh.Mode == shell.ModeHistory {
			c.sh.Hist.Update(runspane.ShowDiffMsg{Diff: msg.diff})
			c.sh.Status.Set(common.Info("diff of " + runspane.RunName(msg.run.RunSummary) + " with now"))
		}
	case runspane.ActLoad:
		c.loadWeights(msg)
	}
	return nil
}

// compare shows the tree beside the run read, scored by ms now.
func (c *Controller) compare(msg ReadyMsg, ms *metricstate.State) {
	c.setComparison(runspane.NewComparison(msg.run, msg.match, msg.sess))
	if c.sh.Mode == shell.ModeHistory {
		c.sh.Mode = shell.ModeNormal
	}
	cmp := c.cmp
	text := fmt.Sprintf("comparing with %s: %s", runspane.RunName(cmp.Run), header.DifferText(cmp.Differ))
	if cmp.OnlyHere > 0 {
		text += fmt.Sprintf(" · %s not in the run", common.Thousands(cmp.OnlyHere))
	}
	if cmp.OnlyRun > 0 {
		text += fmt.Sprintf(" · %s only in the run", common.Thousands(cmp.OnlyRun))
	}
	if r := cmp.Run.Metric; r != "" && r != ms.Name {
		c.sh.Status.Set(common.Warn(fmt.Sprintf("%s · the run was scored by %s%s, now by %s: the scores are those of two metrics · esc ends",
			text, r, metricstate.OptionsText(msg.run.Options), ms.Label())))
		return
	}
	c.sh.Status.Set(common.Info(text + " · esc ends"))
}
