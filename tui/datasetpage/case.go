package datasetpage

import (
	"context"
	"fmt"
	"regexp"

	"github.com/jsontui/jsontui/tui/datasetpage/dsdata"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/outline"
	"github.com/jsontui/jsontui/tui/pair"
	"github.com/jsontui/jsontui/tui/ports"
)

// A case of a dataset opens as a pair: the whole pair explorer (its
// tree, detail pane, character diffs, metrics and rules) over the case
// scored again alone under the weights in force. Weights tuned there go
// back to the dataset, as one step, when it closes (esc); ctrl+s and q
// close it first, then save or quit the dataset.

// caseView is a case opened as a pair.
type caseView struct {
	m  *pair.Model
	k  int
	id string
}

// update hands a message to the pair's explorer.
func (cv *caseView) update(msg tea.Msg) tea.Cmd {
	_, cmd := cv.m.Update(msg)
	return cmd
}

// caseRequest is the case being opened: its request id and how to stop
// it; active while it opens.
type caseRequest struct {
	id     int
	active bool
	k      int
	cancel context.CancelFunc
}

// caseOpenedMsg carries case k scored again as a pair, for request id.
type caseOpenedMsg struct {
	id     int
	k      int
	path   string
	loaded ports.Loaded
	oc     *dataset.OneCase
	err    error
}

// openCase scores case k again in the background and opens it. The
// dataset waits meanwhile (its weights are what the case is scored
// under): esc stops the opening.
func (m *Model) openCase(msg dsdata.OpenCaseMsg) tea.Cmd {
	if m.opening.active {
		return nil
	}
	w, err := m.ds.Scored.WeightsInForce()
	if err != nil {
		m.Status.Set(common.Failure(err))
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	m.opening.id++
	m.opening.active, m.opening.k, m.opening.cancel = true, msg.Case, cancel
	id, d, open := m.opening.id, m.ds.Scored, m.opts.OpenCase
	m.Status.Set(common.Info(fmt.Sprintf("opening case %s… esc stops", d.CaseID(msg.Case))))
	return m.C.Bg.Run(func() tea.Msg {
		oc, err := open(ctx, d, msg.Case)
		out := caseOpenedMsg{id: id, k: msg.Case, path: msg.Path, oc: oc, err: err}
		if err == nil && oc.Result != nil {
			out.loaded, out.err = ports.NewLoaded(ctx, oc.Result, oc.Ref, oc.Out, w)
		}
		return out
	})
}

// caseOpened shows a case scored again, as a pair.
func (m *Model) caseOpened(msg caseOpenedMsg) tea.Cmd {
	if msg.id != m.opening.id || !m.opening.active {
		return nil
	}
	m.opening.cancel()
	m.opening.active = false
	if msg.err != nil {
		m.Status.Set(common.Failure(fmt.Errorf("case %s: %w", m.ds.Scored.CaseID(msg.k), msg.err)))
		return nil
	}
	oc := msg.oc
	if oc.Result == nil {
		m.Status.Set(common.Info(fmt.Sprintf("case %s is an output with no reference: nothing to show", escape.Text(oc.ID))))
		return nil
	}
	out := oc.Output
	if out == "" {
		out = "(no output)"
	}
	files := ports.Files{Reference: oc.Reference, Output: out, Weights: m.opts.Files.Weights}
	opts := ports.Options{Files: files, Loaded: &msg.loaded, Metric: m.ds.Metric(), MetricOptions: m.opts.MetricOptions,
		Metrics: m.opts.Metrics, Rescore: m.opts.Rescore, Rules: m.ds.Rules, Theme: m.C.Styles.Name, NoMouse: m.opts.NoMouse}
	pm := pair.New(opts)
	pm.C.Tick = m.C.Tick
	pm.C.Bg = m.C.Bg // the dataset's explorer waits for the case's jobs too
	m.open = &caseView{m: pm, k: msg.k, id: oc.ID}
	cmds := []tea.Cmd{pm.Init()}
	cmds = append(cmds, m.open.update(tea.WindowSizeMsg{Width: m.C.Width, Height: m.C.Height}))
	if id, ok := caseNode(msg.loaded.Tree, msg.path); ok {
		cmds = append(cmds, m.open.update(pair.SelectNodeMsg{Id: id}))
	}
	st := common.Info(fmt.Sprintf("case %s · %s · %s back to the dataset", escape.Text(oc.ID), caseScoreText(oc), m.C.Keys.Case.Back.Help().Key))
	if oc.Error != "" {
		st = common.Warn(fmt.Sprintf("case %s is %s: %s · %s back to the dataset", escape.Text(oc.ID), oc.Status, escape.Text(oc.Error), m.C.Keys.Case.Back.Help().Key))
	}
	cmds = append(cmds, m.open.update(st))
	return tea.Batch(cmds...)
}

// caseScoreText is a case's score for the status line.
func caseScoreText(oc *dataset.OneCase) string {
	if oc.Result.HasScore {
		return "score " + common.Fixed5(oc.Result.Score)
	}
	return "no score"
}

// indexSteps are the array indices of a path, which a schema path writes
// as [].
var indexSteps = regexp.MustCompile(`\[[0-9]+\]`)

// caseNode returns the node of t at schema path that loses the most (the
// first in document order on a tie): where a case opened at a path of
// the dataset shows. Without a path it is the costliest leaf.
func caseNode(t *scoring.Tree, path string) (scoring.NodeID, bool) {
	if t == nil {
		return 0, false
	}
	if path == "" {
		return outline.Costliest(t)
	}
	best, found := scoring.NodeID(0), false
	bestLoss := -1.0
	for id := scoring.NodeID(0); int(id) < t.Len(); id++ {
		p := indexSteps.ReplaceAllString(t.Path(id), "[]")
		if p != path {
			continue
		}
		if l := t.Loss(id); l > bestLoss {
			best, bestLoss, found = id, l, true
		}
	}
	return best, found
}

// caseUpdate hands a message to the case opened, but for the keys that
// leave it when its explorer is idle: esc goes back to the dataset,
// ctrl+s and q go back and save or quit there.
func (m *Model) caseUpdate(msg tea.Msg) tea.Cmd {
	km, isKey := msg.(tea.KeyPressMsg)
	if !isKey || !m.open.m.Idle() {
		return m.open.update(msg)
	}
	k := m.C.Keys
	switch {
	case key.Matches(km, k.Case.Back) && !m.open.m.Comparing():
		return m.closeCase()
	case key.Matches(km, k.Quit):
		return tea.Batch(m.closeCase(), m.Quit())
	case key.Matches(km, k.Save):
		return tea.Batch(m.closeCase(), m.Save())
	}
	return m.open.update(msg)
}

// closeCase goes back to the dataset, carrying the weights tuned in the
// case to it as one step.
func (m *Model) closeCase() tea.Cmd {
	cv := m.open
	m.open = nil
	cv.m.StopJobs() // a search or rescore of the case is moot now
	before, had := m.ds.Total()
	ws := cv.m.TunedWeights()
	text := "back from case " + cv.id
	if n, err := m.ds.WSess.SetWeights(ws, "the weights tuned in case "+cv.id); err != nil {
		m.Status.Set(common.Failure(fmt.Errorf("the weights tuned in case %s: %w", cv.id, err)))
		return nil
	} else if n > 0 {
		m.changed()
		text += fmt.Sprintf(": %d weight%s tuned there now weigh%s every case", n, common.Plural(n, "s"), map[bool]string{true: "s", false: ""}[n == 1])
		if now, has := m.ds.Total(); has && had {
			text += fmt.Sprintf(" · score %s → %s · u undoes", common.Fixed5(before), common.Fixed5(now))
		}
	}
	if m.ds.WSess != m.ds.Sess && len(ws) > 0 {
		text += " (held for a metric that takes them: " + m.ds.Metric() + " does not)"
	}
	if metric, _, rules := cv.m.ScoredWith(); metric != m.ds.Metric() || !rules.Equal(m.ds.Rules) {
		text += " · the metric and rules tried there stay the case's: the dataset keeps its own"
	}
	m.Status.Set(common.Info(text))
	m.Layout()
	if len(ws) > 0 {
		return m.recompare()
	}
	return nil
}
