package htmlreport

import (
	"html/template"
	"math"
	"strconv"

	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/report"
)

// Labelled are the labelled cases that took part in a dataset's
// agreement with people's labels (calibrate.Paired's Cases and Values):
// the page draws each at its score and its label.
type Labelled struct {
	// Cases are the cases' places in Figures.Cases; Values their labels,
	// grades in [0, 1] or verdicts as 1 (pass) and 0 (fail).
	Cases  []int
	Values []float64
}

// agreementView is the dataset page's section on the agreement.
type agreementView struct {
	Kind, Source     string
	Labels, Unpaired int
	UnpairedIDs      []string
	Figures          []agreementRow
	Scatter          template.HTML
	ScatterNote      string
}

// agreementRow is one figure, as --format json prints it.
type agreementRow struct{ Name, Title, Value, Lo, Hi string }

// jsonFigure is a figure as --format json prints it; n/a for null.
func jsonFigure(v float64) string {
	if math.IsNaN(v) {
		return "n/a"
	}
	return string(report.AppendJSONFloat(nil, v))
}

// agreementSection is the section of the figures' agreement, nil when
// they carry none; the scatter when the labelled cases are given.
func agreementSection(f *dataset.Figures, l *Labelled) *agreementView {
	a := f.Agreement
	if a == nil {
		return nil
	}
	v := &agreementView{Kind: a.Kind, Source: a.Source, Labels: a.Labels, Unpaired: len(a.Unpaired), UnpairedIDs: a.Unpaired}
	for _, g := range a.Figures {
		r := agreementRow{Name: g.Name, Title: g.Title(), Value: jsonFigure(g.Value)}
		if !math.IsNaN(g.CI95[0]) {
			r.Lo, r.Hi = jsonFigure(g.CI95[0]), jsonFigure(g.CI95[1])
		}
		v.Figures = append(v.Figures, r)
	}
	if l != nil {
		v.Scatter, v.ScatterNote = labelScatter(f.Cases, l, a.Kind == "verdict")
	}
	return v
}

// labelScatter draws each labelled case at its score (across) and its
// label (up); verdicts in two rows, fail below pass, spread a little up
// and down so that equal scores stay apart.
func labelScatter(cases []dataset.CaseFigures, l *Labelled, verdict bool) (template.HTML, string) {
	ms := make([]mark, 0, len(l.Cases))
	for i, k := range l.Cases {
		c, lab := &cases[k], l.Values[i]
		m := mark{X: c.Score, Y: lab, Tip: c.ID + ": score " + report.ScoreCell(c.Score, true) + ", label "}
		if verdict {
			// The golden ratio's fractions spread the marks evenly.
			jitter := (math.Mod(float64(i)*0.6180339887498949, 1) - 0.5) * 0.16
			m.Y = 0.25 + 0.5*lab + jitter
			m.Tip += map[bool]string{true: "pass", false: "fail"}[lab == 1]
		} else {
			m.Tip += strconv.FormatFloat(lab, 'g', -1, 64)
		}
		ms = append(ms, m)
	}
	p := plot{Label: "scatter of the labelled cases, score across, label up", Title: "labelled cases: score across, label up",
		XHigh: "score 1", YTicks: []tick{{1, "label 1"}}}
	if verdict {
		p.YTicks = []tick{{0.75, "pass"}, {0.25, "fail"}}
	}
	return scatterPlot(p, ms)
}
