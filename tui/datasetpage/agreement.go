package datasetpage

import (
	"fmt"
	"math"

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

// proposalText asks whether to take the proposal.
func (c *calib) proposalText() string {
	p := c.proposal
	return fmt.Sprintf("weight of %s %s → %s: %s %s → %s (%s)?", p.Path, common.WeightText(p.From), common.WeightText(p.To),
		c.name(), figureText(p.Before), figureText(p.After), common.Signed(p.Gain()))
}
