package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/pflag"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/calibrate"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/htmlreport"
)

// labelFlags are the flags that give people's labels of a dataset's
// cases: a labels file or a field of the records, and the bootstrap's
// (and a fit's) seed.
type labelFlags struct {
	file, field string
	seed        uint64
	seedSet     bool
}

// addLabelFlags defines the label flags on fl.
func addLabelFlags(fl *pflag.FlagSet, f *labelFlags) {
	fl.StringVar(&f.file, "labels", "", "dataset: people's labels of the cases, a JSON Lines `FILE` of {\"id\": ..., \"label\": ...} (a grade in [0, 1], or true/false, \"pass\"/\"fail\"): measure how the scores agree with them")
	fl.StringVar(&f.field, "label-field", "", "dataset: people's labels of the cases in the records' field at `PATH` (reference side first)")
	fl.Uint64Var(&f.seed, "seed", 1, "dataset with labels: the seed of the bootstrap intervals (and of a fit's folds)")
}

// given reports whether labels were given.
func (f *labelFlags) given() bool { return f.file != "" || f.field != "" }

// check checks that at most one source of labels is given, and that a
// labels file is one jsontui reads (not a named pipe, a device or a
// folder, and there), before any case is scored.
func (f *labelFlags) check() error {
	if f.file != "" && f.field != "" {
		return errors.New("--labels and --label-field both give labels: give one")
	}
	if f.file == "" || f.file == "-" {
		return nil
	}
	if err := dataset.CheckRegular(f.file); err != nil {
		return err
	}
	st, err := os.Stat(f.file)
	var pe *fs.PathError
	switch {
	case errors.As(err, &pe):
		return fmt.Errorf("%s: %w", escape.Name(f.file), pe.Err)
	case err != nil:
		return err
	case st.IsDir():
		return fmt.Errorf("%s: is a directory", escape.Name(f.file))
	}
	return nil
}

// checkStdin refuses --labels - when the dataset, its weights or its
// rules (named spec, weights and rules) read standard input too: the
// labels would be read from what is left of it, after the cases.
func (f *labelFlags) checkStdin(spec dataset.Spec, weights, rules string) error {
	if f.file == "-" && (spec.Ref == "-" || spec.Out == "-" || weights == "-" || rules == "-") {
		return errors.New("only one file argument may be - (standard input): --labels and another file both are")
	}
	return nil
}

// read returns the labels: the labels file's, or the label field's of
// the scored cases of spec.
func (a *app) readLabels(f *labelFlags, spec dataset.Spec, cases []dataset.CaseFigures) (*calibrate.Labels, error) {
	if f.field != "" {
		return calibrate.FieldLabels(f.field, cases, func(k int) string {
			name := spec.Ref
			if cases[k].LabelInOutput() {
				name = spec.Out
			}
			if isDir(name) {
				return filepath.Join(name, cases[k].ID) // two directories: the case's file
			}
			return displayName(name)
		})
	}
	in, err := a.readInput(f.file)
	if err != nil {
		return nil, err
	}
	return calibrate.ReadLabels(displayName(f.file), bytes.NewReader(in.data))
}

// pairLabels reads the labels and pairs them with the scored cases; it
// says on standard error which labels paired with no case. Its errors
// are bad input.
func (a *app) pairLabels(f *labelFlags, spec dataset.Spec, cases []dataset.CaseFigures) (*calibrate.Labels, *calibrate.Paired, error) {
	l, err := a.readLabels(f, spec, cases)
	if err != nil {
		return nil, nil, badInput(err)
	}
	p := l.Pair(cases)
	if n := len(p.Unpaired); n > 0 {
		fmt.Fprintf(a.stderr, "jsontui: %d label(s) pair with no case that has a score: %s\n", n, firstIDs(p.Unpaired))
	}
	if len(p.Cases) < 2 {
		return nil, nil, badInput(fmt.Errorf("%s: %d labelled case(s) have a score: agreement needs two at least (labels pair with cases by id)", escape.Name(l.Source), len(p.Cases)))
	}
	return l, p, nil
}

// firstIDs names the first ids, then counts the others.
func firstIDs(ids []string) string {
	const first = 10
	s := ""
	for i, id := range ids[:min(len(ids), first)] {
		if i > 0 {
			s += ", "
		}
		s += escape.Name(id)
	}
	if len(ids) > first {
		s += fmt.Sprintf(" and %d more", len(ids)-first)
	}
	return s
}

// agreement measures how the scored cases agree with the labels, as the
// dataset's figures carry it, with the labelled cases that took part for
// the HTML page.
func (a *app) agreement(f *labelFlags, spec dataset.Spec, cases []dataset.CaseFigures) (*dataset.Agreement, *htmlreport.Labelled, error) {
	l, p, err := a.pairLabels(f, spec, cases)
	if err != nil {
		return nil, nil, err
	}
	return p.Agree(cases, f.seed).Figures(l.Source), &htmlreport.Labelled{Cases: p.Cases, Values: p.Values}, nil
}

// isDir reports whether name is a directory.
func isDir(name string) bool {
	st, err := os.Stat(name)
	return err == nil && st.IsDir()
}
