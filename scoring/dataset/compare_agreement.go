package dataset

import (
	"math"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/report"
)

// agreementJSON is a run's agreement in a comparison's JSON: its kind,
// labels and figures by name.
type agreementJSON struct {
	Kind    string              `json:"kind"`
	Source  string              `json:"source"`
	Labels  int                 `json:"labels"`
	Figures map[string]*float64 `json:"figures"`
}

// agreementDeltaJSON is the "agreement" of a comparison's JSON: each
// run's, and the change of each figure when both runs have the same
// kind of labels.
type agreementDeltaJSON struct {
	A     *agreementJSON      `json:"a"`
	B     *agreementJSON      `json:"b"`
	Delta map[string]*float64 `json:"delta"`
}

func agreementOfRun(a *Agreement) *agreementJSON {
	if a == nil {
		return nil
	}
	j := &agreementJSON{Kind: a.Kind, Source: a.Source, Labels: a.Labels, Figures: map[string]*float64{}}
	for _, f := range a.Figures {
		j.Figures[f.Name] = optional(f.Value, !math.IsNaN(f.Value))
	}
	return j
}

// agreementJSONOf returns the comparison's "agreement", nil when neither
// run has one.
func (c *Comparison) agreementJSONOf() *agreementDeltaJSON {
	if c.AgreementA == nil && c.AgreementB == nil {
		return nil
	}
	j := &agreementDeltaJSON{A: agreementOfRun(c.AgreementA), B: agreementOfRun(c.AgreementB), Delta: map[string]*float64{}}
	if c.AgreementA != nil && c.AgreementB != nil && c.AgreementA.Kind == c.AgreementB.Kind {
		for k, f := range c.AgreementB.Figures {
			if k < len(c.AgreementA.Figures) {
				d := f.Value - c.AgreementA.Figures[k].Value
				j.Delta[f.Name] = optional(d, !math.IsNaN(d))
			}
		}
	}
	return j
}

// agreementLine is the text of the agreement's change: the headline
// figure in A and in B, and the change; "" when neither run has labels.
func (c *Comparison) agreementLine() string {
	ha, okA := c.AgreementA.Headline()
	hb, okB := c.AgreementB.Headline()
	text := func(f AgreementFigure, ok bool) string {
		if !ok || math.IsNaN(f.Value) {
			return "n/a"
		}
		return report.Figure(round4(f.Value))
	}
	switch {
	case !okA && !okB:
		return ""
	case okA && okB && c.AgreementA.Kind != c.AgreementB.Kind:
		return ha.Title() + " " + text(ha, okA) + " → " + hb.Title() + " " + text(hb, okB) + "  (labels of another kind)"
	}
	title := hb.Title()
	if !okB {
		title = ha.Title()
	}
	line := title + " " + text(ha, okA) + " → " + text(hb, okB)
	if okA && okB && !math.IsNaN(ha.Value) && !math.IsNaN(hb.Value) {
		line += "  (" + signedFigure(round4(hb.Value-ha.Value)) + ")"
	}
	if okA && okB && (c.AgreementA.Source != c.AgreementB.Source || c.AgreementA.Labels != c.AgreementB.Labels) {
		line += "  (labels differ: " + escape.Name(c.AgreementA.Source) + " → " + escape.Name(c.AgreementB.Source) + ")"
	}
	return line
}
