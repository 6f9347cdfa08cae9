package cli

import (
	"context"
	"errors"
	"fmt"
	"github.com/jsontui/jsontui/internal/escape"
	"strconv"
	"strings"
	"time"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/htmlreport"
	"github.com/jsontui/jsontui/scoring/report"
)

// datasetFiles describes a dataset run's inputs in a list: "dataset 6
// cases: data.jsonl (weights.json)", both files for two; an aggregate's
// first and last shard, which it records in their place: "dataset 6
// cases: shards a.jsonl … c.jsonl".
func (a *app) datasetFiles(source string, cases int, ref, out, weights history.File) string {
	files := rel(ref.Path)
	switch {
	case source == history.SourceAggregate && out.Path != ref.Path:
		files = "shards " + files + " … " + rel(out.Path)
	case source == history.SourceAggregate:
		files = "shard " + files
	case out.Path != ref.Path:
		files += " ↔ " + rel(out.Path)
	}
	if weights.Path != "" {
		files += " (" + rel(weights.Path) + ")"
	}
	return "dataset " + strconv.Itoa(cases) + " cases: " + files
}

// runFiles describes a run's inputs in a list, a pair's or a dataset's.
func (a *app) runFiles(s *history.Summary) string {
	if s.Cases > 0 {
		return a.datasetFiles(s.Source, s.Cases, s.Reference, s.Output, s.Weights)
	}
	return a.files(s.Reference, s.Output, s.Weights)
}

// runHead is the first line `history show` prints of a run: its id, time,
// source, label, tags and sightings.
func runHead(run *history.Run) string {
	var b strings.Builder
	fmt.Fprintf(&b, "run %s  %s  %s", run.ID, run.Time.Local().Format(time.DateTime), run.Source)
	if run.Label != "" {
		fmt.Fprintf(&b, "  %q", run.Label)
	}
	if len(run.Tags) > 0 {
		tags := make([]string, len(run.Tags))
		for i, t := range run.Tags {
			tags[i] = escape.Text(t)
		}
		fmt.Fprintf(&b, "  tags: %s", strings.Join(tags, ", "))
	}
	if run.Count > 1 {
		fmt.Fprintf(&b, "  seen %d times, last %s", run.Count, run.LastSeen.Local().Format(time.DateTime))
	}
	return b.String()
}

// datasetHeader is the header of a dataset run's figures, its files as
// `score` names them: relative to the working directory when shorter.
func datasetHeader(run *history.Run) dataset.Header {
	h := run.DatasetHeader()
	h.Reference, h.Output, h.Weights, h.Rules = relPath(h.Reference), relPath(h.Output), relPath(h.Weights), relPath(h.Rules)
	return h
}

// showDataset prints a dataset run's figures as `score` printed them, in
// format.
func (a *app) showDataset(run *history.Run, format string) error {
	figs, err := run.DatasetFigures()
	if err != nil {
		return storeError(err)
	}
	if format == "html" {
		hc := htmlreport.NewCases(0)
		if err := recordedCases(run, figs, hc); err != nil {
			return storeError(err)
		}
		m := htmlMeta(run.Time, recordedFiles(run)...)
		m.Facts = runFacts(run)
		return writeDatasetHTML(a.stdout, m, datasetHeader(run), figs, run.Dataset.GroupBy, hc)
	}
	if format != "json" && format != "markdown" {
		fmt.Fprintln(a.stdout, runHead(run))
	}
	return a.writeDataset(a.stdout, datasetHeader(run), figs, format, run.Dataset.GroupBy)
}

// showCase prints one case of a dataset run as `score --case` printed it:
// with the values when the dataset's files are as the run read them.
func (a *app) showCase(run *history.Run, id, format string) error {
	if run.Dataset == nil {
		return badInput(fmt.Errorf("--case: run %s is of a pair, not of a dataset: it has no cases", run.ID))
	}
	c, err := run.Case(id)
	if errors.Is(err, history.ErrNotFound) {
		return badInput(err)
	}
	if err != nil {
		return storeError(err)
	}
	rep, why := caseWithValues(context.Background(), run, c)
	rep.Weights, rep.Rules = relPath(rep.Weights), relPath(rep.Rules)
	if rep.Output == "" {
		rep.Output = "(none)"
	}
	if format == "html" {
		m := htmlMeta(run.Time, recordedFiles(run)...)
		m.Facts = append(runFacts(run), htmlreport.Fact{Name: "case", Value: c.ID + " (" + c.Status.String() + ")"})
		return htmlreport.WritePair(a.stdout, m, htmlreport.Pair{Report: rep})
	}
	switch c.Status {
	case dataset.CaseMissing:
		fmt.Fprintf(a.stderr, "jsontui: case %q had no output: every node is missing, the case scores 0\n", c.ID)
	case dataset.CaseInvalid:
		fmt.Fprintf(a.stderr, "jsontui: case %q is invalid: %s; it is scored as if there were no output\n", c.ID, c.ParseError())
	}
	return a.writeShown(rep, why, format, runHead(run)+"  case "+escape.Text(c.ID))
}

// diffDatasets compares two dataset runs (docs/history.md), in format. A run of a
// pair and one of a dataset do not compare: a usage error.
func (a *app) diffDatasets(ra, rb *history.Run, format string, stripExt bool) error {
	if ra.Dataset == nil || rb.Dataset == nil {
		kind := func(r *history.Run) string {
			if r.Dataset != nil {
				return "of a dataset"
			}
			return "of a pair"
		}
		return badInput(fmt.Errorf("run %s is %s and run %s %s: a dataset's runs compare with each other only", ra.ID, kind(ra), rb.ID, kind(rb)))
	}
	fa, err := ra.DatasetFigures()
	if err != nil {
		return storeError(err)
	}
	fb, err := rb.DatasetFigures()
	if err != nil {
		return storeError(err)
	}
	if stripExt {
		fa, fb = dataset.WithoutExt(fa), dataset.WithoutExt(fb)
	} else if n := dataset.StemMatch(fa, fb); n > 0 {
		fmt.Fprintf(a.stderr, "jsontui: the runs share no case id, but %d of A's %d cases match B's without the .json extension (a folder run's ids are file paths, a file of records' are not): give --strip-ext to pair them so\n",
			n, len(fa.Cases))
	}
	c := dataset.Compare(
		dataset.CompareSide{ID: ra.ID, Figures: fa, Rules: history.RulesSum(ra.RulesJSON)},
		dataset.CompareSide{ID: rb.ID, Figures: fb, Rules: history.RulesSum(rb.RulesJSON)})
	if format == "json" {
		return writeJSON(a, c)
	}
	if format == "html" {
		return a.diffHTML(ra, rb, c)
	}
	describe := func(r *history.Run) string {
		s := fmt.Sprintf("%s  %s  %s", r.ID, r.Time.Local().Format(time.DateTime), a.datasetFiles(r.Source, r.Dataset.Cases, r.Reference, r.Output, r.Weights))
		if r.Label != "" {
			s += fmt.Sprintf("  %q", r.Label)
		}
		return s
	}
	opt := dataset.CompareTextOptions{A: describe(ra), B: describe(rb)}
	if format == "markdown" {
		return dataset.WriteComparisonMarkdown(a.stdout, c, opt)
	}
	return dataset.WriteComparisonText(a.stdout, c, opt)
}

// diffHTML writes the comparison of two dataset runs as a page, the most
// regressed and improved cases with their trees in both runs.
func (a *app) diffHTML(ra, rb *history.Run, c *dataset.Comparison) error {
	want := map[string]bool{}
	for _, list := range [][]dataset.CaseDelta{c.MostRegressed, c.MostImproved} {
		for _, d := range list {
			want[d.ID] = true
		}
	}
	cases := map[string][2]*report.Report{}
	for i, run := range []*history.Run{ra, rb} {
		// One pass over each run's cases finds them all.
		for rc, err := range run.Cases() {
			if err != nil {
				return storeError(err)
			}
			if want[rc.ID] {
				reps := cases[rc.ID]
				reps[i] = rc.Report
				cases[rc.ID] = reps
			}
		}
	}
	m := htmlMeta(rb.Time)
	for _, side := range []struct {
		name string
		run  *history.Run
	}{{"A", ra}, {"B", rb}} {
		for _, f := range recordedFiles(side.run) {
			f.Role = side.name + " " + f.Role
			m.Files = append(m.Files, f)
		}
		fact := side.run.ID + ", " + side.run.Time.UTC().Format("2006-01-02 15:04 UTC")
		if side.run.Label != "" {
			fact += ", " + strconv.Quote(side.run.Label)
		}
		m.Facts = append(m.Facts, htmlreport.Fact{Name: "run " + side.name, Value: fact})
	}
	return htmlreport.WriteComparison(a.stdout, m, htmlreport.Comparison{C: c, Cases: cases})
}
