package dataset

import (
	"fmt"
	"math"
	"strings"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
)

// Agreement is how well the case scores agree with people's labels of
// the cases, as scoring/calibrate measures it: the dataset's figures
// carry it (Figures.Agreement) for the writers and the history.
type Agreement struct {
	// Kind is "grade" (numbers in [0, 1]) or "verdict" (pass or fail).
	Kind string
	// Source names the labels: a labels file, or the records' field.
	Source string
	// Labels counts the labelled cases that took part; Unpaired are the
	// ids of the labels paired with no case that has a score.
	Labels   int
	Unpaired []string
	// Figures are, for grades, kendall_tau_b (the headline), spearman
	// and pearson; for verdicts auc (the headline), threshold and
	// accuracy.
	Figures []AgreementFigure
}

// AgreementFigure is one agreement figure with its bootstrap 95%
// interval. Value is NaN when the figure is undefined, CI95 NaN, NaN
// when no resample defines it.
type AgreementFigure struct {
	Name  string // as the JSON names it: kendall_tau_b, auc, ...
	Value float64
	CI95  [2]float64
}

// agreementTitles are the figures' names in text.
var agreementTitles = map[string]string{
	"kendall_tau_b": "Kendall's tau-b", "spearman": "Spearman", "pearson": "Pearson",
	"auc": "ROC AUC", "threshold": "threshold", "accuracy": "accuracy",
}

// Title returns the figure's name in text: "Kendall's tau-b", "ROC
// AUC", ...
func (f AgreementFigure) Title() string {
	if t, ok := agreementTitles[f.Name]; ok {
		return t
	}
	return f.Name
}

// Headline returns the agreement's first figure (τ-b or the AUC), and
// false when there is none.
func (a *Agreement) Headline() (AgreementFigure, bool) {
	if a == nil || len(a.Figures) == 0 {
		return AgreementFigure{}, false
	}
	return a.Figures[0], true
}

// agreementFigureText is a figure with its interval: "0.929 (95% CI
// 0.8 … 1)", "n/a" when undefined.
func agreementFigureText(f AgreementFigure) string {
	if math.IsNaN(f.Value) {
		return "n/a"
	}
	s := report.Figure(round4(f.Value))
	if !math.IsNaN(f.CI95[0]) {
		s += fmt.Sprintf(" (95%% CI %s … %s)", report.Figure(round4(f.CI95[0])), report.Figure(round4(f.CI95[1])))
	}
	return s
}

// round4 rounds to 4 decimals, for text.
func round4(v float64) float64 { return math.Round(v*1e4) / 1e4 }

// AgreementLine returns the summary's line about the agreement: the
// labels, each figure with its interval, the unpaired ids (the first
// few).
func AgreementLine(a *Agreement) string {
	var b strings.Builder
	fmt.Fprintf(&b, "agreement with %d %ss (%s): ", a.Labels, a.Kind, escape.Name(a.Source))
	for i, f := range a.Figures {
		if i > 0 {
			b.WriteString(" · ")
		}
		b.WriteString(f.Title() + " " + agreementFigureText(f))
	}
	if n := len(a.Unpaired); n > 0 {
		fmt.Fprintf(&b, " · %d unpaired: %s", n, unpairedText(a.Unpaired))
	}
	return b.String()
}

// unpairedText names the first 5 ids, then counts the others.
func unpairedText(ids []string) string {
	const first = 5
	var parts []string
	for _, id := range ids[:min(len(ids), first)] {
		parts = append(parts, escape.Name(id))
	}
	s := strings.Join(parts, ", ")
	if len(ids) > first {
		s += fmt.Sprintf(" and %d more", len(ids)-first)
	}
	return s
}

// appendAgreement appends the agreement as a JSON object.
func appendAgreement(b []byte, a *Agreement) []byte {
	b = append(b, "{\"kind\": "...)
	b = jsondoc.AppendQuoted(b, a.Kind)
	b = append(b, ", \"labels\": "...)
	b = appendInt(b, a.Labels)
	b = append(b, ", \"unpaired\": {\"count\": "...)
	b = appendInt(b, len(a.Unpaired))
	b = append(b, ", \"ids\": "...)
	b = appendStrings(b, a.Unpaired)
	b = append(b, '}')
	for _, f := range a.Figures {
		b = append(b, ", "...)
		b = jsondoc.AppendQuoted(b, f.Name)
		b = append(b, ": {\"value\": "...)
		b = appendOpt(b, f.Value, true)
		b = append(b, ", \"ci95\": "...)
		if math.IsNaN(f.CI95[0]) {
			b = append(b, "null"...)
		} else {
			b = append(b, '[')
			b = appendOpt(b, f.CI95[0], true)
			b = append(b, ", "...)
			b = appendOpt(b, f.CI95[1], true)
			b = append(b, ']')
		}
		b = append(b, '}')
	}
	return append(b, '}')
}
