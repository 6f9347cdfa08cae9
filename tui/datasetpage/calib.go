package datasetpage

import (
	"fmt"

	"github.com/jsontui/jsontui/tui/datasetpage/dsdata"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring/calibrate"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/common"
)

// The agreement with people's labels on a dataset's page: A proposes the
// weight change that raises it most, which y takes and n leaves.

// propose finds the single weight change that raises the agreement most
// and offers it on the status line.
func (m *Model) propose() tea.Cmd {
	c := m.ds.Cal
	if c == nil {
		m.Status.Set(common.Info("no labels: open the dataset with --labels FILE or --label-field PATH to measure the agreement"))
		return nil
	}
	if why := m.weightsRefused(); why != "" {
		m.Status.Set(common.Warn(why))
		return nil
	}
	wm, err := m.ds.Scored.WeightModel()
	if err != nil {
		m.Status.Set(common.Warn(m.ds.Metric() + " takes no weights: no weight change can move the agreement"))
		return nil
	}
	p, ok := calibrate.Propose(wm, c.Paired, wm.Start())
	if !ok {
		m.Status.Set(common.Info(fmt.Sprintf("no single weight change raises the agreement (%s %s)", c.Name(), dsdata.FigureText(c.Now))))
		return nil
	}
	c.Proposal = &p
	return nil
}

// proposalKey answers the proposal: y or enter takes it, as a weight
// edit (u undoes it); n or esc leaves it. Any other key leaves it too,
// and does what it does.
func (m *Model) proposalKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	c := m.ds.Cal
	p := c.Proposal
	c.Proposal = nil
	switch {
	case msg.String() == "y" || msg.String() == "Y" || key.Matches(msg, m.C.Keys.Accept):
		before, had := m.ds.Total()
		text, err := m.ds.Sess.SetWeight(p.Path, p.To)
		return m.reweighed(text, err, before, had), true
	case msg.String() == "n" || msg.String() == "N" || key.Matches(msg, m.C.Keys.Cancel):
		m.Status.Set(common.Info("left the weights as they are"))
		return nil, true
	}
	return nil, false
}

// proposalStatus is the status line while a proposal waits.
func (m *Model) proposalStatus() (string, bool) {
	c := m.ds.Cal
	if c == nil || c.Proposal == nil {
		return "", false
	}
	st := m.C.Styles
	return common.Spread(st.Warn.Render(c.ProposalText()), st.Faint.Render("y/enter take · n/esc leave"), m.C.Width), true
}

// pairLabels pairs the labels given with the cases of res, and measures
// their agreement; labels that do not pair say why on the status line.
func (m *Model) pairLabels(res *dataset.Result) {
	c, err := dsdata.NewCalib(m.opts.Labels, res)
	if err != nil {
		m.Status.Set(common.Failure(fmt.Errorf("labels: %w", err)))
	}
	m.ds.Cal = c
	if c != nil {
		c.Measure(m.ds.Scores)
		c.Prev = c.Now
	}
}
