package dsdata

import (
	"fmt"
	"math"

	"github.com/jsontui/jsontui/scoring/calibrate"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
)

// Calib is how the case scores agree with people's labels, when the
// explorer was given some: the headline figure (τ-b for grades, AUC for
// verdicts) under the weights in force, measured again after every
// re-weight, and the one at opening; and the weight change proposed, while
// the user has not taken or left it.
type Calib struct {
	Paired *calibrate.Paired
	// Now is the figure under the weights in force, prev the one before
	// the last re-weight, open the one at opening (NaN for none).
	Now, Prev, Open float64
	Proposal        *calibrate.Proposal
}

// NewCalib pairs the labels with the scored cases of res; it returns nil
// without labels.
func NewCalib(labels ports.LabelPairer, res *dataset.Result) (*Calib, error) {
	if labels == nil {
		return nil, nil
	}
	p, err := labels(res.Figures.Cases)
	if err != nil {
		return nil, err
	}
	c := &Calib{Paired: p, Now: math.NaN(), Open: math.NaN()}
	return c, nil
}

// Measure measures the agreement of the scores (every case's, by case
// index) with the labels again.
func (c *Calib) Measure(scores []float64) {
	if c == nil {
		return
	}
	c.Prev = c.Now
	c.Now = calibrate.Measure(c.Paired.Kind, c.Paired.ScoresOf(scores), c.Paired.Values)
	if math.IsNaN(c.Open) {
		c.Open = c.Now
	}
}

// Name names the headline figure: "τ-b" or "AUC".
func (c *Calib) Name() string { return kindFigure(c.Paired.Kind) }

func kindFigure(k calibrate.Kind) string {
	if k == calibrate.Verdict {
		return "AUC"
	}
	return "τ-b"
}

// FigureText formats an agreement figure: 5 decimals, signed for τ-b.
func FigureText(v float64) string {
	if math.IsNaN(v) {
		return "n/a"
	}
	if v < 0 {
		return "−" + common.Fixed5(-v)
	}
	return common.Fixed5(v)
}

// ChangeText says how the last re-weight moved the agreement ("" when it
// did not): " · τ-b 0.41000 → 0.45000".
func (c *Calib) ChangeText() string {
	if c == nil || c.Prev == c.Now || math.IsNaN(c.Prev) && math.IsNaN(c.Now) {
		return ""
	}
	return fmt.Sprintf(" · %s %s → %s", c.Name(), FigureText(c.Prev), FigureText(c.Now))
}

// Line is the header's line of the agreement: the figure, how many cases
// are labelled, its change since opening, and the proposal key.
func (c *Calib) Line(s *common.Common) string {
	st := s.Styles
	n := len(c.Paired.Cases)
	text := fmt.Sprintf("agreement %s %s", c.Name(), st.Accent.Render(FigureText(c.Now)))
	text += st.Muted.Render(fmt.Sprintf(" with %s labelled case%s", common.Thousands(n), common.Plural(n, "s")))
	if !math.IsNaN(c.Open) && !math.IsNaN(c.Now) {
		text += "  Δ opening " + common.PaintDelta(st, c.Now-c.Open)
	}
	if u := len(c.Paired.Unpaired); u > 0 {
		text += st.Muted.Render(fmt.Sprintf(" · %s label%s pair with no case", common.Thousands(u), common.Plural(u, "s")))
	}
	return text + st.Faint.Render(" · "+s.Keys.Propose.Help().Key+" proposes the weight change that raises it most")
}

// ProposalText asks whether to take the proposal.
func (c *Calib) ProposalText() string {
	p := c.Proposal
	return fmt.Sprintf("weight of %s %s → %s: %s %s → %s (%s)?", p.Path, common.WeightText(p.From), common.WeightText(p.To),
		c.Name(), FigureText(p.Before), FigureText(p.After), common.Signed(p.Gain()))
}
