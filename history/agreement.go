package history

import "github.com/jsontui/jsontui/scoring/dataset"

// agreementRecord is a dataset run's agreement with people's labels as
// its meta section stores it (gob): a run recorded before labels were
// measured has none, and reads as before.
type agreementRecord struct {
	Kind, Source string
	Labels       int
	Unpaired     []string
	Figures      []agreementFigureRecord
}

type agreementFigureRecord struct {
	Name  string
	Value float64
	CI95  [2]float64
}

// agreementOf returns a as stored, nil for nil.
func agreementOf(a *dataset.Agreement) *agreementRecord {
	if a == nil {
		return nil
	}
	r := &agreementRecord{Kind: a.Kind, Source: a.Source, Labels: a.Labels, Unpaired: a.Unpaired}
	for _, f := range a.Figures {
		r.Figures = append(r.Figures, agreementFigureRecord(f))
	}
	return r
}

// agreement returns the stored agreement, nil for none.
func (r *agreementRecord) agreement() *dataset.Agreement {
	if r == nil {
		return nil
	}
	a := &dataset.Agreement{Kind: r.Kind, Source: r.Source, Labels: r.Labels, Unpaired: r.Unpaired}
	if a.Unpaired == nil {
		a.Unpaired = []string{}
	}
	for _, f := range r.Figures {
		a.Figures = append(a.Figures, dataset.AgreementFigure(f))
	}
	return a
}
