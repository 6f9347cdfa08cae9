package cli

import (
	"bytes"
	"fmt"

	"github.com/spf13/pflag"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/calibrate"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/ports"
)

// addExploreLabelFlags defines the explorer's label flags on fl: the
// labels `score` takes, without the seed (the explorer's agreement has no
// interval).
func addExploreLabelFlags(fl *pflag.FlagSet, f *labelFlags) {
	fl.StringVar(&f.file, "labels", "", "dataset: people's labels of the cases, a JSON Lines `FILE` of {\"id\": ..., \"label\": ...}: the header shows how the scores agree with them, live, and A proposes the weight change that raises it most")
	fl.StringVar(&f.field, "label-field", "", "dataset: people's labels of the cases in the records' field at `PATH` (reference side first)")
}

// exploreLabelPairer returns what pairs the labels of f with the cases
// the explorer scores (nil without labels), and sets spec to read the
// label field. A labels file is read and checked now, before the
// explorer takes the terminal: its errors are bad input.
func (a *app) exploreLabelPairer(f *labelFlags, spec *dataset.Spec) (ports.LabelPairer, error) {
	if err := f.check(); err != nil {
		return nil, badInput(err)
	}
	if !f.given() {
		return nil, nil
	}
	var file *calibrate.Labels
	if f.file != "" {
		in, err := a.readInput(f.file)
		if err != nil {
			return nil, err
		}
		if file, err = calibrate.ReadLabels(displayName(f.file), bytes.NewReader(in.data)); err != nil {
			return nil, badInput(err)
		}
	}
	spec.LabelField = f.field
	s := *spec
	return func(cases []dataset.CaseFigures) (*calibrate.Paired, error) {
		l := file
		if l == nil {
			var err error
			if l, err = a.readLabels(f, s, cases); err != nil {
				return nil, err
			}
		}
		p := l.Pair(cases)
		if len(p.Cases) < 2 {
			return nil, fmt.Errorf("%s: %d labelled case(s) have a score: agreement needs two at least (labels pair with cases by id)", escape.Name(l.Source), len(p.Cases))
		}
		return p, nil
	}, nil
}
