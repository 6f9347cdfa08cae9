package cli

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/htmlreport"
	"github.com/jsontui/jsontui/scoring/report"
)

// scoreOneCase is `score --case ID`: the case printed as a single pair.
func (a *app) scoreOneCase(ctx context.Context, src *dataset.Source, cfg dataset.Config, f *scoreFlags) error {
	if f.format == "jsonl" {
		return badInput(errors.New("--case prints one case as a pair: use --format text, json or markdown"))
	}
	c, err := dataset.ScoreCase(ctx, src, cfg, f.dataset.caseID)
	if err != nil {
		return badInput(err)
	}
	if c.Status == dataset.CaseExtra {
		return badInput(fmt.Errorf("case %q is an output with no reference (%s): it has no score", c.ID, c.Output))
	}
	rep := c.Result.Report(cfg.Metric.Name())
	rep.Reference, rep.Output = c.Reference, c.Output
	if c.Output == "" {
		rep.Output = "(none)"
	}
	rep.Repairs = c.Repairs // the record's and the model text's repairs, which cover the tree's
	if cfg.Weights != nil {
		rep.Weights = cfg.Weights.Name()
	}
	rep.Rules = displayNameOrEmpty(f.metric.rules)
	for _, w := range c.Warnings {
		rep.Warnings = append(rep.Warnings, report.Warning{Path: ".", Message: w})
	}
	report.SpellSettings(rep.Warnings, flagName)
	switch c.Status {
	case dataset.CaseMissing:
		fmt.Fprintf(a.stderr, "jsontui: case %q has no output: every node is missing, the case scores 0\n", c.ID)
	case dataset.CaseInvalid:
		fmt.Fprintf(a.stderr, "jsontui: case %q is invalid: %s; it is scored as if there were no output\n", c.ID, c.Error)
	}
	a.printNotes(rep)
	switch {
	case f.explain != "":
		if c.Result.Tree == nil {
			return badInput(fmt.Errorf("--explain: --metric %s scores a case as one number: it has no nodes to explain", cfg.Metric.Name()))
		}
		err = a.explain(c.Result, cfg.Metric.Name(), f.explain)
	case f.quiet:
		fmt.Fprintln(a.stdout, quietScore(rep.Score, rep.HasScore))
	case f.format == "json":
		err = report.WriteJSON(a.stdout, selected(rep, f))
	case f.format == "markdown":
		err = report.WriteMarkdown(a.stdout, selected(rep, f))
	case f.format == "html":
		files := []htmlreport.File{{Role: "reference", Name: rep.Reference}, {Role: "output", Name: rep.Output}, {Role: "weights", Name: rep.Weights}}
		err = htmlreport.WritePair(a.stdout, htmlMeta(time.Now(), files...), htmlreport.Pair{Report: rep, Tree: c.Result.Tree})
	default:
		err = report.WriteText(a.stdout, selected(rep, f), report.TextOptions{Color: a.statusColor()})
	}
	if err != nil {
		return err
	}
	return minGate(f, rep.Score, rep.HasScore)
}

// quietScore is what --quiet prints: the score in full, or null.
func quietScore(v float64, has bool) string {
	if !has {
		return "null"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}
