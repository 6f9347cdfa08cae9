package pair

import (
	"fmt"
	"strings"

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

// histBestMsg carries the best run of best request id, among the runs
// of config cfg.
type histBestMsg struct {
	id   int
	cfg  ports.RunConfig
	best ports.RunSummary
	ok   bool
	err  error
}

// runReadyMsg carries a run read for action act of request id, with what
// the action needs, worked out in the background.
type runReadyMsg struct {
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
	restored *restoredRules
	err      error
}

// runActions is what a pair's explorer does with its recorded runs, as
// lazygit's controllers each take one area of the shared state: the best
// run shown in the header, the actions the history pane asks for
// (compare, diff, load the weights, label), and the question asked
// before acting on a run of another pair.
type runActions struct{ m *Model }

// fetchBest asks the History for the pair's best run in the background,
// among the runs of the metric, options and rules in force.
func (ra *runActions) fetchBest() tea.Cmd {
	m := ra.m
	h := m.opts.History
	if h == nil {
		return nil
	}
	m.jobs.histBest++
	id := m.jobs.histBest
	cfg := m.config()
	return m.C.Bg.Run(func() tea.Msg {
		best, ok, err := h.Best(cfg)
		return histBestMsg{id: id, cfg: cfg, best: best, ok: ok, err: err}
	})
}

// historyChanged brings the header's best run, and the pane's list once
// it has been shown, up to date after a run was recorded or labelled.
func (ra *runActions) historyChanged() tea.Cmd {
	m := ra.m
	if m.Phase != shell.PhaseReady || m.opts.History == nil {
		return nil
	}
	return tea.Batch(m.runs.fetchBest(), m.Hist.Update(runspane.HistRefreshMsg{}))
}

// bestFound takes the pair's best run.
func (ra *runActions) bestFound(msg histBestMsg) tea.Cmd {
	m := ra.m
	if msg.id != m.jobs.histBest || m.Phase != shell.PhaseReady {
		return nil
	}
	if msg.err != nil {
		m.Status.Set(common.Failure(fmt.Errorf("history: %w", msg.err)))
		return nil
	}
	m.hdr.Update(header.BestRunMsg{Best: msg.best, OK: msg.ok, Cfg: msg.cfg})
	return nil
}

// historyMsg takes what the history pane asks of the root.
func (ra *runActions) historyMsg(msg tea.Msg) tea.Cmd {
	m := ra.m
	switch msg := msg.(type) {
	case runspane.RunActionMsg:
		return m.runs.pairChecked(msg)
	case runspane.LabelRunMsg:
		r := msg.Run
		m.labelRun = r
		m.Prompt.Open("label of "+runspane.ShortID(r.ID)+":", r.Label, "a name for the run", 200)
		m.Mode = shell.ModeLabel
	}
	return nil
}

// runAction reads the selected run and works out, in the background, what
// action act needs: the tree's nodes matched with the run's, a diff, or
// the run's weights resolved on the tree holding the weights in force.
// The work runs on snapshots of the trees, so the user may go on
// meanwhile. A metric that is one number has no per-path scores: enter
// compares the totals only.
func (ra *runActions) runAction(req runspane.RunActionMsg) tea.Cmd {
	m := ra.m
	act, sel := req.Act, req.Run
	ms := m.metric
	if act == runspane.ActCompare && ms.OneNumber {
		tot, has := ms.Total(m.sess.Tree())
		m.Status.Set(common.Info(fmt.Sprintf("%s is one number: no per-path scores to compare; %s scored %s%s, now %s",
			ms.Name, runspane.RunName(sel), common.ScoreText5(sel.Score, sel.HasScore), metricstate.ByMetric(sel.Metric, ms.Name), common.ScoreText5(tot, has))))
		return nil
	}
	h := m.opts.History
	m.jobs.histRun++
	m.jobs.stopRestore() // a rules' restore in flight is moot: its run's result is dropped
	id, sess, wsess := m.jobs.histRun, m.sess, m.wsess
	var scores, weights *scoring.Tree
	if act != runspane.ActLoad && !ms.OneNumber {
		scores = m.sess.Tree().Clone()
	}
	if act != runspane.ActCompare {
		weights = m.wsess.Tree().Clone()
	}
	nowTotal, nowHas := ms.Total(m.sess.Tree())
	metric := ms.Name
	cached := req.Cached
	var restore *rulesRestore
	if act == runspane.ActLoad {
		restore = m.newRulesRestore()
	}
	m.Status.Set(common.Info("reading " + runspane.RunName(sel) + "…"))
	return m.C.Bg.Run(func() tea.Msg {
		msg := runReadyMsg{id: id, act: act, sess: sess, wsess: wsess, run: cached}
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
					weights = msg.restored.sess.Tree().Clone()
				}
			}
			msg.weights, msg.ignored, msg.err = runspane.RunWeights(weights, msg.run)
		}
		return msg
	})
}

// runReady takes a run read for an action, and does the action.
func (ra *runActions) runReady(msg runReadyMsg) tea.Cmd {
	m := ra.m
	if msg.id != m.jobs.histRun || msg.sess != m.sess || msg.wsess != m.wsess || m.Phase != shell.PhaseReady {
		return nil
	}
	m.jobs.stopRestore() // done: let go of its context
	if msg.run != nil {
		m.Hist.Update(runspane.RunCachedMsg{Run: msg.run})
	}
	if msg.err != nil {
		name := "the run"
		if msg.run != nil {
			name = runspane.RunName(msg.run.RunSummary)
		}
		m.Status.Set(common.Failure(fmt.Errorf("%s: %w", name, msg.err)))
		return nil
	}
	switch msg.act {
	case runspane.ActCompare:
		m.runs.setComparison(runspane.NewComparison(msg.run, msg.match, m.sess))
		if m.Mode == shell.ModeHistory {
			m.Mode = shell.ModeNormal
		}
		c := m.cmp
		text := fmt.Sprintf("comparing with %s: %s", runspane.RunName(c.Run), header.DifferText(c.Differ))
		if c.OnlyHere > 0 {
			text += fmt.Sprintf(" · %s not in the run", common.Thousands(c.OnlyHere))
		}
		if c.OnlyRun > 0 {
			text += fmt.Sprintf(" · %s only in the run", common.Thousands(c.OnlyRun))
		}
		if r := c.Run.Metric; r != "" && r != m.metric.Name {
			m.Status.Set(common.Warn(fmt.Sprintf("%s · the run was scored by %s%s, now by %s: the scores are those of two metrics · esc ends",
				text, r, metricstate.OptionsText(msg.run.Options), m.metric.Label())))
			return nil
		}
		m.Status.Set(common.Info(text + " · esc ends"))
	case runspane.ActDiff:
		if m.Mode == shell.ModeHistory {
			m.Hist.Update(runspane.ShowDiffMsg{Diff: msg.diff})
			m.Status.Set(common.Info("diff of " + runspane.RunName(msg.run.RunSummary) + " with now"))
		}
	case runspane.ActLoad:
		return m.runs.loadWeights(msg)
	}
	return nil
}

// loadWeights applies a run's weights as one undoable step, and its
// Rules when they are not those in force.
func (ra *runActions) loadWeights(msg runReadyMsg) tea.Cmd {
	m := ra.m
	r := msg.run.RunSummary
	old, oldHas := m.metric.Total(m.sess.Tree())
	var notes restoreNotes
	if rr := msg.restored; rr != nil {
		if rr.version != m.wsess.Version() {
			m.Status.Set(common.Warn("the weights changed while " + runspane.RunName(r) + " was read: R loads it again"))
			return nil
		}
		path := m.sess.Tree().Path(m.tree.Selected())
		m.rules = rr.rules
		m.opts.MetricOptions = rr.user
		m.Chooser.SetUser(rr.user)
		m.show(metricstate.New(m.metric.Name, rr.opts, ports.Loaded{Tree: rr.sess.Tree(), Result: rr.res}), rr.sess, rr.sess)
		if id, ok := m.sess.Tree().Find(path); ok {
			m.tree.SelectNode(id)
		}
		if rr.rulesChanged {
			detail := fmt.Sprintf("%d; ctrl+s saves them", rr.rules.Len())
			if rr.rules.Len() == 0 {
				detail = "none: every key compared by default; ctrl+s saves that"
			}
			notes = append(notes, restoreNote{"rules", detail})
		}
		if rr.pairingChanged {
			notes = append(notes, restoreNote{"pairing", pairingText(rr.user)})
		}
	}
	n, err := m.wsess.SetWeights(msg.weights, "load the weights of "+runspane.RunName(r))
	if err != nil {
		m.Status.Set(common.Failure(fmt.Errorf("%s: %w", runspane.RunName(r), err)))
		return nil
	}
	if m.Mode == shell.ModeHistory {
		m.Mode = shell.ModeNormal
	}
	m.tree.Refresh()
	var text string
	switch {
	case n == 0 && len(notes) > 0:
		tot, has := m.metric.Total(m.sess.Tree())
		text = fmt.Sprintf("loaded %s, its weights are those in force: total %s → %s",
			notes.alone(runspane.RunName(r)), common.ScoreText5(old, oldHas), common.ScoreText5(tot, has))
	case n == 0:
		text = "the weights in force are those of " + runspane.RunName(r) + " already"
	case !m.metric.Tuned():
		text = fmt.Sprintf("loaded the weights of %s: %d weight%s changed; %s does not use them (m switches to a metric that does)",
			runspane.RunName(r), n, common.Plural(n, "s"), m.metric.Name)
	default:
		tot, has := m.metric.Total(m.sess.Tree())
		text = fmt.Sprintf("loaded the weights of %s%s: %d weight%s changed", runspane.RunName(r), notes.besides(), n, common.Plural(n, "s"))
		if has && oldHas {
			text += fmt.Sprintf(", total %s → %s", common.Fixed5(old), common.Fixed5(tot))
		}
		text += " · u undoes"
	}
	if ig := msg.ignored; ig.N > 0 {
		var paths []string
		for _, w := range ig.First {
			paths = append(paths, w.Path)
		}
		what := fmt.Sprintf("%s entries of its weights apply", common.Thousands(ig.N))
		if ig.N == 1 {
			what = "1 entry of its weights applies"
		}
		m.Status.Set(common.Warn(fmt.Sprintf("%s; %s to nothing here: %s", text, what, joinCapped(paths, 4, ig.N))))
		return nil
	}
	m.Status.Set(common.Success(text))
	return nil
}

// labelSubmit saves the label typed for the selected run.
func (ra *runActions) labelSubmit() tea.Cmd {
	m := ra.m
	m.Mode = shell.ModeHistory
	r := m.labelRun
	h := m.opts.History
	if h == nil {
		return nil
	}
	label := m.Prompt.Trimmed()
	m.Status.Set(common.Info("labelling " + runspane.ShortID(r.ID) + "…"))
	return m.C.Bg.Run(func() tea.Msg {
		return runspane.HistLabelMsg{Run: r, Label: label, Err: h.SetLabel(r.ID, label)}
	})
}

// labelled notes a saved label and lists the runs again.
func (ra *runActions) labelled(msg runspane.HistLabelMsg) tea.Cmd {
	m := ra.m
	if m.Phase != shell.PhaseReady {
		return nil
	}
	if msg.Err != nil {
		m.Status.Set(common.Failure(fmt.Errorf("label of %s not saved: %w", runspane.ShortID(msg.Run.ID), msg.Err)))
		return nil
	}
	m.Hist.Update(msg)
	if m.cmp != nil && m.cmp.Run.ID == msg.Run.ID {
		m.cmp.Run.Label = msg.Label
	}
	if msg.Label == "" {
		m.Status.Set(common.Success("cleared the label of " + runspane.ShortID(msg.Run.ID)))
	} else {
		m.Status.Set(common.Success(fmt.Sprintf("labelled %s “%s”", runspane.ShortID(msg.Run.ID), msg.Label)))
	}
	return m.runs.historyChanged()
}

// setComparison shows the tree beside run c's scores (nil ends it).
func (ra *runActions) setComparison(c *runspane.Comparison) {
	m := ra.m
	m.cmp = c
	m.tree.SetComparison(c)
	m.hdr.Update(header.ComparisonMsg{Cmp: c})
	m.Layout()
}

// joinCapped joins the first n items with ", ", saying how many more.
func joinCapped(items []string, n, total int) string {
	if total <= n {
		return strings.Join(items, ", ")
	}
	return strings.Join(items[:n], ", ") + fmt.Sprintf(" and %s more", common.Thousands(total-n))
}

// restoreNote says what R restored besides the weights: the rules or
// the pairing, with a word on it.
type restoreNote struct{ what, detail string }

type restoreNotes []restoreNote

// alone says what was restored of run when the weights were those in
// force: "the rules of run X (2; ...)", "the rules (2; ...) and the
// pairing (--lists best) of run X".
func (ns restoreNotes) alone(run string) string {
	if len(ns) == 1 {
		return fmt.Sprintf("the %s of %s (%s)", ns[0].what, run, ns[0].detail)
	}
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = fmt.Sprintf("the %s (%s)", n.what, n.detail)
	}
	return strings.Join(parts, " and ") + " of " + run
}

// besides says what was restored with the weights: " and its rules
// (...)", ", its rules (...) and its pairing (...)"; "" for nothing.
func (ns restoreNotes) besides() string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = fmt.Sprintf("its %s (%s)", n.what, n.detail)
	}
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return " and " + parts[0]
	}
	return ", " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
