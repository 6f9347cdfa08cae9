package calibrate

import "github.com/jsontui/jsontui/scoring/dataset"

// Figures returns the agreement as the dataset's figures carry it
// (dataset.Figures.Agreement), its labels named source.
func (a *Agreement) Figures(source string) *dataset.Agreement {
	out := &dataset.Agreement{Kind: a.Kind.String(), Source: source, Labels: a.Labels, Unpaired: a.Unpaired}
	if out.Unpaired == nil {
		out.Unpaired = []string{}
	}
	names := [3]string{"kendall_tau_b", "spearman", "pearson"}
	if a.Kind == Verdict {
		names = [3]string{"auc", "threshold", "accuracy"}
	}
	for k, f := range a.figurePtrs() {
		out.Figures = append(out.Figures, dataset.AgreementFigure{Name: names[k], Value: f.Value, CI95: f.CI95})
	}
	return out
}
