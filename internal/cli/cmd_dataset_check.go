package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
)

// checkDatasetFlags returns the error of a flag that does not apply to
// the dataset run asked for: --top and --only-losses select paths, which
// --format jsonl and a metric that is one number do not print; --pass,
// --group-by and --match-threshold figure many cases, which --case does
// not.
func checkDatasetFlags(f *scoreFlags, hasPaths bool) error {
	if err := checkSelection(f); err != nil {
		return err
	}
	sel := ""
	switch {
	case f.topSet:
		sel = "--top"
	case f.onlyLosses:
		sel = "--only-losses"
	}
	d := &f.dataset
	switch {
	case sel != "" && f.format == "jsonl" && d.caseID == "":
		return fmt.Errorf("%s selects the per-path figures, which --format jsonl does not print (it prints every case's nodes): drop %s", sel, sel)
	case sel != "" && !hasPaths:
		return fmt.Errorf("%s: --metric %s is one number, with no per-path figures to select from", sel, f.metric.name)
	case d.caseID != "" && d.passSet:
		return errors.New("--pass figures a dataset's cases; --case prints one case: drop --pass")
	case d.caseID != "" && d.groupBy != "":
		return errors.New("--group-by groups a dataset's cases; --case prints one case: drop --group-by")
	case d.caseID != "" && d.thresholdSet:
		return errors.New("--match-threshold counts a dataset's found leaves; --case prints one case: drop --match-threshold")
	}
	return nil
}

// holdsArray reports whether the file's first character (after white
// space and a byte order mark) opens an array: a .json file of records,
// not a weights file (an object).
func holdsArray(name string) bool {
	if dataset.CheckRegular(name) != nil {
		return false // never opened: the dataset's open says why
	}
	f, err := os.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, 4096)
	n, _ := io.ReadFull(f, buf)
	b := bytes.TrimPrefix(buf[:n], []byte("\xEF\xBB\xBF"))
	b = bytes.TrimLeft(b, " \t\r\n")
	return len(b) > 0 && b[0] == '['
}

// checkScoreDatasetFlags refuses the flags of `score` on a dataset that
// do not go together, before anything is read.
func checkScoreDatasetFlags(spec dataset.Spec, weightsName string, f *scoreFlags) error {
	if f.minSet && !(f.min >= 0 && f.min <= 1) {
		return fmt.Errorf("--min %v is outside [0, 1]", f.min)
	}
	if f.explain != "" && f.dataset.caseID == "" {
		return errors.New("--explain explains a node of one case: give the case with --case ID")
	}
	if err := checkExplain(f); err != nil {
		return err
	}
	if m, err := f.metric.metric(); err == nil {
		if err := checkDatasetFlags(f, scoring.HasTree(m)); err != nil {
			return err
		}
	}
	if err := checkScoreLabels(f); err != nil {
		return err
	}
	if f.metric.rules == "-" && (spec.Ref == "-" || spec.Out == "-") {
		return errors.New("only one file argument may be - (standard input): --rules and a file both are")
	}
	return f.labels.checkStdin(spec, weightsName, f.metric.rules)
}

// checkScoreLabels checks the label flags of score on a dataset: one
// source of labels, and not with what prints no dataset figures.
func checkScoreLabels(f *scoreFlags) error {
	if err := f.labels.check(); err != nil {
		return err
	}
	switch {
	case !f.labels.given() && f.labels.seedSet:
		return errors.New("--seed seeds the agreement's intervals: give it with --labels or --label-field")
	case !f.labels.given():
	case f.dataset.caseID != "":
		return errors.New("--case prints one case as a pair: labels measure a dataset's agreement, give them without --case")
	case f.format == "jsonl":
		return errors.New("--format jsonl prints the cases' lines: labels measure the dataset's agreement, give them with --format text, json, markdown or html")
	}
	return nil
}
