// Package runs is what a pair's page does with its recorded runs, as
// lazygit's helpers each take one area of the shared state: it records
// the runs, looks up the best one for the header, does what the history
// pane asks (compare, diff, load a run's weights with its rules and
// pairing, label) and asks first before acting on a run of another
// pair. The page routes the messages to it and shows what it asks for
// through the Page contract.
package runs

import (
	"context"
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

// Page is what the controller asks of the pair's page.
type Page interface {
	// State returns what the page shows and scores with now.
	State() State
	// Files returns the pair's files, which saving changes.
	Files() *ports.Files
	// ShowBest shows the pair's best run in the header.
	ShowBest(msg header.BestRunMsg)
	// ShowComparison shows the tree beside run c's scores; nil ends it.
	ShowComparison(c *runspane.Comparison)
	// PutInForce shows the tree scored again under a run's rules and
	// pairing, which are then those in force, keeping the node selected.
	PutInForce(r *Restored)
	// WeightsChanged brings the rows up to date after the weights
	// changed.
	WeightsChanged()
}

// State is what a pair's page shows and scores with: the metric in
// force, the session shown and the one holding the weights in force, the
// rules in force and the user's options.
type State struct {
	Metric      *metricstate.State
	Sess, WSess *session.Session
	Rules       *scoring.RuleSet
	User        scoring.MetricOptions
}

// Controller records a pair's runs and acts on those recorded.
type Controller struct {
	sh   *shell.Shell
	pg   Page
	opts ports.Options
	// best and run are the ids of the latest requests for the best run
	// and for a run read for an action: an older answer is stale.
	best, run int
	// cancelRestore stops the rescore of a run's rules in flight.
	cancelRestore context.CancelFunc
	// confirm is the action asked about a run of another pair
	// (ModeConfirmPair); label the run whose label the prompt asks for.
	confirm runspane.RunActionMsg
	label   ports.RunSummary
	// cmp is the recorded run the tree is compared with, nil for none.
	cmp *runspane.Comparison
	rec recording
}

// New returns the controller of page pg, whose shell is sh; of opts it
// uses the History, the Recorder, the Rescore and the Metrics offered.
func New(sh *shell.Shell, pg Page, opts ports.Options) *Controller {
	return &Controller{sh: sh, pg: pg, opts: opts}
}

// BestMsg carries the best run of a request for it, among the runs of
// config cfg.
type BestMsg struct {
	id   int
	cfg  ports.RunConfig
	best ports.RunSummary
	ok   bool
	err  error
}

// Update takes what the history pane asks of the page (RunActionMsg,
// LabelRunMsg), the answers of the controller's own requests and a label
// saved.
func (c *Controller) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case runspane.RunActionMsg:
		return c.pairChecked(msg)
	case runspane.LabelRunMsg:
		r := msg.Run
		c.label = r
		c.sh.Prompt.Open("label of "+runspane.ShortID(r.ID)+":", r.Label, "a name for the run", 200)
		c.sh.Mode = shell.ModeLabel
	case BestMsg:
		c.bestFound(msg)
	case ReadyMsg:
		return c.runReady(msg)
	case runspane.HistLabelMsg:
		return c.labelled(msg)
	}
	return nil
}

// Config is the metric, its options and the rules in force, for the
// history.
func (c *Controller) Config() ports.RunConfig {
	st := c.pg.State()
	cfg := ports.RunConfig{Metric: st.Metric.Name, Options: st.Metric.Options}
	if st.Rules != nil && st.Rules.Len() > 0 && c.sh.RulesRefused(st.Metric.Name) == "" {
		cfg.RulesJSON = st.Rules.Marshal()
	}
	return cfg
}

// FetchBest asks the History for the pair's best run in the background,
// among the runs of the metric, options and rules in force.
func (c *Controller) FetchBest() tea.Cmd {
	h := c.opts.History
	if h == nil {
		return nil
	}
	c.best++
	id := c.best
	cfg := c.Config()
	return c.sh.C.Bg.Run(func() tea.Msg {
		best, ok, err := h.Best(cfg)
		return BestMsg{id: id, cfg: cfg, best: best, ok: ok, err: err}
	})
}

// HistoryChanged brings the header's best run, and the pane's list once
// it has been shown, up to date after a run was recorded or labelled.
func (c *Controller) HistoryChanged() tea.Cmd {
	if c.sh.Phase != shell.PhaseReady || c.opts.History == nil {
		return nil
	}
	return tea.Batch(c.FetchBest(), c.sh.Hist.Update(runspane.HistRefreshMsg{}))
}

// bestFound takes the pair's best run.
func (c *Controller) bestFound(msg BestMsg) {
	if msg.id != c.best || c.sh.Phase != shell.PhaseReady {
		return
	}
	if msg.err != nil {
		c.sh.Status.Set(common.Failure(fmt.Errorf("history: %w", msg.err)))
		return
	}
	c.pg.ShowBest(header.BestRunMsg{Best: msg.best, OK: msg.ok, Cfg: msg.cfg})
}

// LabelSubmit saves the label typed for the selected run.
func (c *Controller) LabelSubmit() tea.Cmd {
	c.sh.Mode = shell.ModeHistory
	r := c.label
	h := c.opts.History
	if h == nil {
		return nil
	}
	label := c.sh.Prompt.Trimmed()
	c.sh.Status.Set(common.Info("labelling " + runspane.ShortID(r.ID) + "…"))
	return c.sh.C.Bg.Run(func() tea.Msg {
		return runspane.HistLabelMsg{Run: r, Label: label, Err: h.SetLabel(r.ID, label)}
	})
}

// labelled notes a saved label and lists the runs again.
func (c *Controller) labelled(msg runspane.HistLabelMsg) tea.Cmd {
	if c.sh.Phase != shell.PhaseReady {
		return nil
	}
	if msg.Err != nil {
		c.sh.Status.Set(common.Failure(fmt.Errorf("label of %s not saved: %w", runspane.ShortID(msg.Run.ID), msg.Err)))
		return nil
	}
	c.sh.Hist.Update(msg)
	if c.cmp != nil && c.cmp.Run.ID == msg.Run.ID {
		c.cmp.Run.Label = msg.Label
	}
	if msg.Label == "" {
		c.sh.Status.Set(common.Success("cleared the label of " + runspane.ShortID(msg.Run.ID)))
	} else {
		c.sh.Status.Set(common.Success(fmt.Sprintf("labelled %s “%s”", runspane.ShortID(msg.Run.ID), msg.Label)))
	}
	return c.HistoryChanged()
}

// Comparison returns the recorded run the tree is compared with, nil for
// none.
func (c *Controller) Comparison() *runspane.Comparison { return c.cmp }

// EndComparison ends the comparison with a recorded run, if any, and
// says so.
func (c *Controller) EndComparison() {
	if c.cmp == nil {
		return
	}
	name := runspane.RunName(c.cmp.Run)
	c.setComparison(nil)
	c.sh.Status.Set(common.Info("ended the comparison with " + name))
}

// TreeChanged forgets the comparison: a new tree would have to be
// matched with the run again.
func (c *Controller) TreeChanged() { c.cmp = nil }

// setComparison shows the tree beside run cmp's scores (nil ends it).
func (c *Controller) setComparison(cmp *runspane.Comparison) {
	c.cmp = cmp
	c.pg.ShowComparison(cmp)
}

// Stop stops the rescore of a run's rules in flight, if any: a newer
// action on the runs, or quitting, makes it moot.
func (c *Controller) Stop() {
	if c.cancelRestore != nil {
		c.cancelRestore()
		c.cancelRestore = nil
	}
}
