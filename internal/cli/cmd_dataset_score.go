package cli

import (
	"bufio"
	"context"
	"fmt"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/htmlreport"
)

// datasetRun is one `jsontui score` of a dataset: what its flags and
// files set, and the run it records.
type datasetRun struct {
	spec        dataset.Spec
	cfg         dataset.Config
	f           *scoreFlags
	weightsName string
	rulesFile   inputFile
	compared    *dataset.CompareSide
	rec         *datasetRecording
	sides       func() [2]history.File
}

// scoreDataset is `jsontui score` on a dataset.
func (a *app) scoreDataset(spec dataset.Spec, weightsName string, f *scoreFlags) error {
	d := &f.dataset
	if err := checkScoreDatasetFlags(spec, weightsName, f); err != nil {
		return badInput(err)
	}
	spec.LabelField = f.labels.field
	r := &datasetRun{f: f, weightsName: weightsName}
	cfg, weightsFile, rulesFile, err := a.datasetConfig(&spec, d, &f.metric, weightsName)
	if err != nil {
		return err
	}
	r.cfg, r.rulesFile = cfg, rulesFile
	if r.compared, err = a.comparedRun(f); err != nil {
		return err
	}
	if r.rec, err = a.scoreRecording(f, &spec, &r.cfg, weightsFile, rulesFile); err != nil {
		return err
	}
	var prog *progress
	if d.caseID == "" {
		if prog = a.newProgress(f.quiet); prog != nil {
			spec.Progress = prog.onDone
		}
	}
	r.spec = spec
	r.sides = pageSides(f, spec, &r.cfg)
	src, err := openDataset(spec, d)
	if err != nil {
		r.rec.abandon()
		return badInput(err)
	}
	defer src.Close()
	ctx := context.Background()
	if d.caseID != "" {
		return a.scoreOneCase(ctx, src, r.cfg, f)
	}
	return a.scoreAll(ctx, r, src, prog)
}

// scoreAll scores every case of src, with a progress line when prog is
// not nil, writes the figures in the format asked for and ends the run.
func (a *app) scoreAll(ctx context.Context, r *datasetRun, src *dataset.Source, prog *progress) error {
	f := r.f
	if prog != nil {
		prog.begin(src)
		defer prog.finish()
		countCases(&r.cfg, prog)
	}
	out := bufio.NewWriterSize(a.stdout, 256<<10)
	defer out.Flush()
	if f.format == "jsonl" {
		writeCaseLines(&r.cfg, out)
	}
	if f.format != "jsonl" && f.format != "html" && !f.quiet {
		r.cfg.HintSample = dataset.DefaultHintSample
	}
	var gc gcPolicy
	if !r.cfg.Keep {
		gc.stream(src.Pairing() == dataset.PairRecord)
	}
	res, err := dataset.Score(ctx, src, r.cfg)
	gc.restore()
	prog.finish() // the line is gone before anything else is printed
	if err != nil {
		return scoreFailed(out, f.format, r.rec, err)
	}
	h, labelled, err := a.datasetNotes(ctx, r, res)
	if err != nil {
		r.rec.abandon()
		return err
	}
	err = a.writeDatasetResult(ctx, out, r, res, h, labelled)
	if err == nil {
		err = out.Flush()
	}
	return a.scoreEnd(r.rec, res, f, err)
}

// datasetNotes prints the notes of a scored dataset on standard error,
// and measures its agreement with people's labels when they are given;
// it returns the head of its report.
func (a *app) datasetNotes(ctx context.Context, r *datasetRun, res *dataset.Result) (dataset.Header, *htmlreport.Labelled, error) {
	f := r.f
	scoring.SpellSettings(res.Figures.Warnings, flagName)
	a.datasetPairingHint(ctx, r.spec, &f.dataset, r.cfg, res)
	h := dataset.HeaderOf(res, displayNameOrEmpty(r.weightsName))
	h.Rules = displayNameOrEmpty(f.metric.rules)
	a.printDatasetNotes(h, res.Figures, f.quiet)
	if !f.labels.given() {
		return h, nil, nil
	}
	figs := res.Figures
	agreement, labelled, err := a.agreement(&f.labels, r.spec, figs.Cases)
	figs.Agreement = agreement
	return h, labelled, err
}

// writeDatasetResult writes the figures of a scored dataset on out, in
// the format asked for (the case lines of --format jsonl are out already).
func (a *app) writeDatasetResult(ctx context.Context, out *bufio.Writer, r *datasetRun, res *dataset.Result, h dataset.Header, labelled *htmlreport.Labelled) error {
	f, figs := r.f, res.Figures
	switch {
	case f.quiet:
		fmt.Fprintln(out, quietScore(figs.Score, figs.HasScore))
	case f.format == "html":
		return writeDatasetPage(ctx, out, h, res, r.spec, f.dataset.groupBy, r.compared, rulesSum(r.rulesFile), r.sides, labelled)
	case f.format != "jsonl": // the case lines are out
		sel, opt := selectPaths(figs, f)
		return a.writeSelected(out, h, sel, f.format, opt)
	}
	return nil
}
