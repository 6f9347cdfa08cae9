package datasetpage

import (
	"fmt"
	"math"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring/calibrate"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
)

// calib is how the case scores agree with people's labels, when the
// explorer was given some: the headline figure (τ-b for grades, AUC for
// verdicts) under the weights in force, measured again after every
// re-weight, and the one at opening; and the weight change proposed, while
// the user has not taken or left it.
type calib struct {
	paired *calibrate.Paired
	// now is the figure under the weights in force, prev the one before
	// the last re-weight, open the one at opening (NaN for none).
	now, prev, open float64
	proposal        *calibrate.Proposal
}

// newCalib pairs the labels with the scored cases of res; it returns nil
// without labels.
func newCalib(labels ports.LabelPairer, res *dataset.Result) (*calib, error) {
	if labels == nil {
		return nil, nil
	}
	p, err := labels(res.Figures.Cases)
	if err != nil {
		return nil, err
	}
	c := &calib{paired: p, now: math.NaN(), open: math.NaN()}
	return c, nil
}

// measure measures the agreement of the scores (every case's, by case
// index) with the labels again.
func (c *calib) measure(scores []float64) {
	if c == nil {
		return
	}
	c.prev = c.now
	c.now = calibrate.Measure(c.paired.Kind, c.paired.ScoresOf(scores), c.paired.Values)
	if math.IsNaN(c.open) {
		c.open = c.now
	}
}

// name names the headline figure: "τ-b" or "AUC".
func (c *calib) name() string { return kindFigure(c.paired.Kind) }

func kindFigure(k calibrate.Kind) string {
	if k == calibrate.Verdict {
		return "AUC"
	}
	return "τ-b"
}

// figureText formats an agreement figure: 5 decimals, signed for τ-b.
func figureText(v float64) string {
	if math.IsNaN(v) {
		return "n/a"
	}
	if v < 0 {
		return "−" + common.Fixed5(-v)
	}
	return common.Fixed5(v)
}

// changeText says how the last re-weight moved the agreement ("" when it
// did not): " · τ-b 0.41000 → 0.45000".
func (c *calib) changeText() string {
	if c == nil || c.prev == c.now || math.IsNaN(c.prev) && math.IsNaN(c.now) {
		return ""
	}
	return fmt.Sprintf(" · %s %s → %s", c.name(), figureText(c.prev), figureText(c.now))
}

// line is the header's line of the agreement: the figure, how many cases
// are labelled, its change since opening, and the proposal key.
func (c *calib) line(s *common.Common) string {
	st := s.Styles
	n := len(c.paired.Cases)
	text := fmt.Sprintf("agreement %s %s", c.name(), st.Accent.Render(figureText(c.now)))
	text += st.Muted.Render(fmt.Sprintf(" with %s labelled case%s", common.Thousands(n), common.Plural(n, "s")))
	if !math.IsNaN(c.open) && !math.IsNaN(c.now) {
		text += "  Δ opening " + common.PaintDelta(st, c.now-c.open)
	}
	if u := len(c.paired.Unpaired); u > 0 {
		text += st.Muted.Render(fmt.Sprintf(" · %s label%s pair with no case", common.Thousands(u), common.Plural(u, "s")))
	}
	return text + st.Faint.Render(" · "+s.Keys.Propose.Help().Key+" proposes the weight change that raises it most")
}

// propose finds the single weight change that raises the agreement most
// and offers it on the status line.
func (m *Model) propose() tea.Cmd {
	c := m.ds.cal
	if c == nil {
		m.Status.Set(common.Info("no labels: open the dataset with --labels FILE or --label-field PATH to measure the agreement"))
		return nil
	}
	if why := m.weightsRefused(); why != "" {
		m.Status.Set(common.Warn(why))
		return nil
	}
	wm, err := m.ds.d.WeightModel()
	if err != nil {
		m.Status.Set(common.Warn(m.ds.metric() + " takes no weights: no weight change can move the agreement"))
		return nil
	}
	p, ok := calibrate.Propose(wm, c.paired, wm.Start())
	if !ok {
		m.Status.Set(common.Info(fmt.Sprintf("no single weight change raises the agreement (%s %s)", c.name(), figureText(c.now))))
		return nil
	}
	c.proposal = &p
	return nil
}

// proposalText asks whether to take the proposal.
func (c *calib) proposalText() string {
	p := c.proposal
	return fmt.Sprintf("weight of %s %s → %s: %s %s → %s (%s)?", p.Path, common.WeightText(p.From), common.WeightText(p.To),
		c.name(), figureText(p.Before), figureText(p.After), common.Signed(p.Gain()))
}

// proposalKey answers the proposal: y or enter takes it, as a weight
// edit (u undoes it); n or esc leaves it. Any other key leaves it too,
// and does what it does.
func (m *Model) proposalKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	c := m.ds.cal
	p := c.proposal
	c.proposal = nil
	switch {
	case msg.String() == "y" || msg.String() == "Y" || key.Matches(msg, m.C.Keys.Accept):
		before, had := m.ds.total()
		text, err := m.ds.sess.SetWeight(p.Path, p.To)
		return m.reweighed(text, err, before, had), true
	case msg.String() == "n" || msg.String() == "N" || key.Matches(msg, m.C.Keys.Cancel):
		m.Status.Set(common.Info("left the weights as they are"))
		return nil, true
	}
	return nil, false
}

// proposalStatus is the status line while a proposal waits.
func (m *Model) proposalStatus() (string, bool) {
	c := m.ds.cal
	if c == nil || c.proposal == nil {
		return "", false
	}
	st := m.C.Styles
	return common.Spread(st.Warn.Render(c.proposalText()), st.Faint.Render("y/enter take · n/esc leave"), m.C.Width), true
}

// pairLabels pairs the labels given with the cases of res, and measures
// their agreement; labels that do not pair say why on the status line.
func (m *Model) pairLabels(res *dataset.Result) {
	c, err := newCalib(m.opts.Labels, res)
	if err != nil {
		m.Status.Set(common.Failure(fmt.Errorf("labels: %w", err)))
	}
	m.ds.cal = c
	if c != nil {
		c.measure(m.ds.scores)
		c.prev = c.now
	}
}

// sortByGap orders the cases by how far their score and label rank them
// apart (calibrate.Paired.GapsOf): those the score ranks above people
// first when over is set, else those people rank above the score; the
// cases without a label last.
func (o *caseOrder) sortByGap(over bool) {
	gaps, labelled := o.ds.cal.paired.GapsOf(o.ds.scores)
	o.sortByKey(func(k int) float64 {
		switch {
		case !labelled[k]:
			return math.Inf(1)
		case over:
			return -gaps[k]
		}
		return gaps[k]
	})
}
