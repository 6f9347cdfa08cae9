package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"os"
	"slices"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
)

// The history keeps a run's figures, not the documents' values: those are
// in the files, which may have changed since. withValues gives them back
// when the files are still as the run read them.

// withValues returns the run as a report whose leaves carry the reference
// and output values, read from the run's files when both still hold what
// the run read (their SHA-256): the files are scored again as the run
// was (metric, options, weights in force) and each node takes the values
// of the node of the same path, in document order. When the values cannot
// be had, the report has none, and why says why ("" when it has them).
func withValues(run *history.Run) (rep *report.Report, why string) {
	rep = run.Report()
	ref, why := readAsRecorded(run.Reference, "reference")
	if why != "" {
		return rep, why
	}
	out, why := readAsRecorded(run.Output, "output")
	if why != "" {
		return rep, why
	}
	refDoc, err := jsondoc.Parse(run.Reference.Path, ref, nil)
	if err != nil {
		return rep, err.Error()
	}
	outDoc, err := jsondoc.ParseLenient(run.Output.Path, out, nil)
	if err == nil {
		outDoc, err = dataset.OutputDoc(outDoc, run.Output.Path)
	}
	if err != nil {
		return rep, err.Error()
	}
	in := &scoring.Input{Ref: refDoc, Out: outDoc}
	if run.WeightsJSON != nil {
		if in.Weights, err = scoring.ParseWeights("the run's weights", run.WeightsJSON); err != nil {
			return rep, err.Error()
		}
	}
	if in.Opt, err = scoring.ParseMetricOptions(run.Options); err != nil {
		return rep, "the run's options: " + err.Error()
	}
	res, err := scoring.RunNamed(run.Metric, in)
	if err != nil {
		return rep, "scoring the files again: " + err.Error()
	}
	if res.Tree == nil {
		return rep, "" // one number: no nodes to carry values
	}
	rep.Nodes = fillValues(rep.Nodes, res.Report(run.Metric).Nodes)
	return rep, ""
}

// readAsRecorded reads a run's input file when it still holds what the
// run read; otherwise why says why not.
func readAsRecorded(f history.File, what string) (data []byte, why string) {
	name := report.EscapeName(relPath(f.Path))
	switch {
	case f.Path == "-":
		return nil, "the " + what + " was standard input, which the history does not keep"
	case f.Path == "" || f.SHA256 == "":
		return nil, "the run names no " + what + " file"
	}
	data, err := os.ReadFile(f.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, name + " is gone"
	case err != nil:
		return nil, name + ": " + err.Error()
	}
	if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != f.SHA256 {
		return nil, name + " changed since the run"
	}
	return data, ""
}

// fillValues yields the nodes of stored, each with the reference and
// output values of the node of fresh at the same place when it has the
// same path. Once the paths part (the files are scored another way now),
// the rest go without values.
func fillValues(stored, fresh iter.Seq[*report.Node]) iter.Seq[*report.Node] {
	return func(yield func(*report.Node) bool) {
		next, stop := iter.Pull(fresh)
		defer stop()
		in := true
		for n := range stored {
			if in {
				f, ok := next()
				if in = ok && f.Path == n.Path; in {
					n.Reference, n.Output = slices.Clip(f.Reference), slices.Clip(f.Output)
				}
			}
			if !yield(n) {
				return
			}
		}
	}
}

// valuesNote is the line `history show` prints when the values are not
// shown.
func valuesNote(why string) string {
	return fmt.Sprintf("(reference and output values not shown: %s)", why)
}
