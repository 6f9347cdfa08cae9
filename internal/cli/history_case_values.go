package cli

import (
	"context"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/report"
)

// caseWithValues gives a recorded case of a dataset run its reference and
// output values, as withValues does a pair run's: when the dataset's
// files still hold what the run read (their SHA-256), the case is read
// from them and scored again as the run scored it (metric, options,
// weights and rules in force), and each node takes the values of the node
// of the same path, in document order. When the values cannot be had,
// the report has none, and why says why ("" when it has them).
func caseWithValues(ctx context.Context, run *history.Run, c *history.RecordedCase) (rep *report.Report, why string) {
	rep = c.Report
	if rep.Nodes == nil {
		return rep, "" // one number: no nodes to carry values
	}
	for i, f := range []history.File{run.Reference, run.Output} {
		if i == 1 && f.Path == run.Reference.Path {
			break // one file of records holds both sides
		}
		if why := sideAsRecorded(f); why != "" {
			return rep, why
		}
	}
	cfg, err := configOf(run)
	if err != nil {
		return rep, err.Error()
	}
	d := run.Dataset
	spec := dataset.Spec{Ref: run.Reference.Path, RefField: d.Fields.Reference, OutField: d.Fields.Output, IDField: d.Fields.ID}
	if run.Output.Path != run.Reference.Path {
		spec.Out = run.Output.Path
	}
	src, err := dataset.Open(spec)
	if err != nil {
		return rep, "reading the dataset again: " + err.Error()
	}
	defer src.Close()
	one, err := dataset.ScoreCase(ctx, src, cfg, c.ID)
	if err != nil {
		return rep, "scoring the case again: " + err.Error()
	}
	if one.Result == nil || one.Result.Tree == nil {
		return rep, "the case scores as one number now"
	}
	rep.Nodes = fillValues(rep.Nodes, one.Result.Report(run.Metric).Nodes)
	return rep, ""
}

// sideAsRecorded says why a side of a dataset does not hold what the run
// read any more; "" when it does.
func sideAsRecorded(f history.File) string {
	name := rel(f.Path)
	switch {
	case f.Path == "-":
		return "the dataset was read from standard input, which the history does not keep"
	case f.SHA256 == "":
		return "the run could not hash " + name
	}
	now := hashDatasetSide(f.Path)
	switch {
	case now.SHA256 == "":
		return name + " cannot be read (gone?)"
	case now.SHA256 != f.SHA256:
		return name + " changed since the run"
	}
	return ""
}

// configOf returns the configuration a dataset run was scored with.
func configOf(run *history.Run) (dataset.Config, error) {
	var cfg dataset.Config
	var err error
	if cfg.Metric, err = scoring.LookupMetric(run.Metric); err != nil {
		return cfg, err
	}
	if cfg.Options, err = scoring.ParseMetricOptions(run.Options); err != nil {
		return cfg, err
	}
	if run.WeightsJSON != nil {
		if cfg.Weights, err = scoring.ParseWeights("the run's weights", run.WeightsJSON); err != nil {
			return cfg, err
		}
	}
	if len(run.RulesJSON) > 0 {
		if cfg.Rules, err = scoring.ParseRules("the run's rules", run.RulesJSON); err != nil {
			return cfg, err
		}
	}
	return cfg, nil
}
