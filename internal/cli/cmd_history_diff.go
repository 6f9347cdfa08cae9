package cli

import (
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring/report"
)

func (a *app) historyDiffCmd() *cobra.Command {
	var format, output string
	var stripExt bool
	cmd := &cobra.Command{
		Use:   "diff ID ID",
		Short: "Compare two runs: the total, the paths whose score changed, the weights that changed",
		Long: `Compare run A with run B. For two runs of a pair: the total, the paths
whose score changed, the weights and rules that changed (--format html
writes them as one page, both runs' files with their SHA-256).

For two runs of a dataset (two models' answers, or one model's under two
weights files): the verdict first, whether B is better or worse than A and
how surely; then the cases paired by id, how many improved, regressed or
stayed (|Δ| > 1e-9), the mean change with its 95% interval and the paired
t-test, the sign test over the cases that changed, the cases that changed
most, the per-path changes of score and loss, and the cases only one run
has.`,
		Example: `  jsontui history diff 01kaq3m2x9 01kaq3p7tb
  jsontui history diff 01kaq3m2x9 01kaq3p7tb --format json | jq .delta
  jsontui history diff 01kaq3m2x9 01kaq3p7tb --format html -o diff.html`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "html" {
				if err := checkFormat(format, true); err != nil {
					return err
				}
			}
			ra, err := a.getRun(args[0])
			if ra == nil {
				return err
			}
			rb, err := a.getRun(args[1])
			if rb == nil {
				return err
			}
			if ra.Dataset != nil || rb.Dataset != nil {
				if werr := a.toFile(output, func() error { return a.diffDatasets(ra, rb, format, stripExt) }); werr != nil {
					return werr
				}
				return err
			}
			if !ra.SamePair(rb) {
				fmt.Fprintf(a.stderr, "jsontui: warning: the runs are of two pairs (%s and %s): their scores do not compare path by path\n",
					a.files(ra.Reference, ra.Output, history.File{}), a.files(rb.Reference, rb.Output, history.File{}))
			}
			d := history.Diff(ra, rb)
			if werr := a.toFile(output, func() error {
				switch format {
				case "json":
					return writeJSON(a, d)
				case "markdown":
					return a.writeDiffMarkdown(ra, rb, d)
				case "html":
					return a.writePairDiffHTML(ra, rb, d)
				}
				return a.writeDiff(ra, rb, d)
			}); werr != nil {
				return werr
			}
			return err // the damage of a store that read
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text, json, markdown or html (one page to share)")
	addOutputFlag(cmd.Flags(), &output)
	cmd.Flags().BoolVar(&stripExt, "strip-ext", false, "dataset runs: pair the cases by id without a .json extension (a folder run's ids are file paths)")
	return cmd
}

// writeDiff prints a diff for people.
func (a *app) writeDiff(ra, rb *history.Run, d history.DiffResult) error {
	w := a.stdout
	fmt.Fprintf(w, "A  %s  %s  %s\n", ra.ID, ra.Time.Local().Format(time.DateTime), a.files(ra.Reference, ra.Output, ra.Weights))
	fmt.Fprintf(w, "B  %s  %s  %s\n", rb.ID, rb.Time.Local().Format(time.DateTime), a.files(rb.Reference, rb.Output, rb.Weights))
	fmt.Fprintf(w, "\ntotal  %s → %s", report.ScoreText(ra.Score, ra.HasScore), report.ScoreText(rb.Score, rb.HasScore))
	if ra.HasScore && rb.HasScore {
		fmt.Fprintf(w, "  (%s)", signed(rb.Score-ra.Score))
	}
	fmt.Fprintln(w)
	if ra.Metric != rb.Metric || strings.Join(ra.Options, " ") != strings.Join(rb.Options, " ") {
		fmt.Fprintf(w, "metric %s %s → %s %s\n", ra.Metric, strings.Join(ra.Options, " "), rb.Metric, strings.Join(rb.Options, " "))
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if len(d.Weights) > 0 {
		fmt.Fprintf(tw, "\nweights changed (%d)\n", len(d.Weights))
		for _, c := range d.Weights {
			fmt.Fprintf(tw, "  %s\t%s\t→ %s\n", c.Path, weightText(c.Old), weightText(c.New))
		}
	}
	rules := rulesChanges(ra.RulesJSON, rb.RulesJSON)
	if len(rules) > 0 {
		fmt.Fprintf(tw, "\nrules changed (%d)\n", len(rules))
		for _, c := range rules {
			fmt.Fprintf(tw, "  %s\t%s\t→ %s\n", c[0], c[1], c[2])
		}
	}
	tw.Flush()
	if len(d.Changed) > 0 {
		fmt.Fprintf(w, "\nscores changed (%d)\n", len(d.Changed))
		pw := len("path")
		for _, c := range d.Changed {
			pw = max(pw, report.Width(c.Path))
		}
		fmt.Fprintf(w, "  %-*s  %10s  %10s  %10s\n", pw, "path", "A", "B", "Δ")
		for _, c := range d.Changed {
			delta := ""
			if v, ok := c.Delta(); ok {
				delta = signed(v)
			}
			fmt.Fprintf(w, "  %s%s  %10s  %10s  %10s\n", c.Path, strings.Repeat(" ", pw-report.Width(c.Path)),
				report.ScoreText(c.Old, c.HasOld), report.ScoreText(c.New, c.HasNew), delta)
		}
	}
	for _, part := range []struct {
		name  string
		paths []history.ScoreChange
	}{{"only in A", d.OnlyA}, {"only in B", d.OnlyB}} {
		if len(part.paths) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s (%d)\n", part.name, len(part.paths))
		for _, c := range part.paths {
			fmt.Fprintf(w, "  %s\n", c.Path)
		}
	}
	if len(d.Changed)+len(d.OnlyA)+len(d.OnlyB)+len(d.Weights)+len(rules) == 0 {
		fmt.Fprintln(w, "\nno score or weight changed")
	}
	return nil
}

func weightText(raw json.RawMessage) string {
	if raw == nil {
		return "1 (no entry)"
	}
	return string(raw)
}
