package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring/htmlreport"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
)

// getRun reads a run. On a damaged store it returns the run when it
// reads, with the damage (as storeError gives it) to report after it.
func (a *app) getRun(id string) (*history.Run, error) {
	store, err := a.historyStore()
	if err != nil {
		return nil, err
	}
	run, err := store.Get(id)
	var amb *history.AmbiguousError
	if errors.As(err, &amb) || errors.Is(err, history.ErrNotFound) {
		// Not an id, nor a unique prefix of one: a label names the
		// latest run that has it.
		if byLabel, ok, lerr := latestLabeled(store, id); ok || lerr != nil {
			if lerr != nil {
				return nil, storeError(lerr)
			}
			run, err = store.Get(byLabel)
			return run, storeError(err)
		}
		if errors.Is(err, history.ErrNotFound) {
			err = fmt.Errorf("%w: %s (no run has it as its id, an id prefix or its label)", history.ErrNotFound, jsondoc.AppendQuoted(nil, id))
		}
		return nil, badInput(err)
	}
	return run, storeError(err)
}

// latestLabeled returns the id of the newest run labeled label, and
// whether there is one.
func latestLabeled(store *history.Store, label string) (string, bool, error) {
	runs, err := store.List(history.ListOptions{})
	var damaged *history.DamagedError
	if err != nil && !errors.As(err, &damaged) {
		return "", false, err
	}
	for _, r := range runs { // newest first
		if r.Label == label {
			return r.ID, true, nil
		}
	}
	return "", false, nil
}

func (a *app) historyShowCmd() *cobra.Command {
	var format, caseID, output string
	cmd := &cobra.Command{
		Use:   "show ID",
		Short: "Print a recorded run's figures, like score does",
		Long: `Print a recorded run's figures as 'jsontui score' printed them: a pair's
per-node breakdown, or a dataset's summary, per-path figures, groups and
lowest cases. --case CASE prints one case of a dataset run as 'score
--case' does (its per-node figures, without the values).`,
		Example: `  jsontui history show 01kaq3m2x9
  jsontui history show 01kaq3m2x9 --format json
  jsontui history show 01kaq3m2x9 --case inv-042`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "html" {
				if err := checkFormat(format, true); err != nil {
					return err
				}
			}
			run, err := a.getRun(args[0])
			if run == nil {
				return err
			}
			werr := a.toFile(output, func() error {
				switch {
				case cmd.Flags().Changed("case"):
					return a.showCase(run, caseID, format)
				case run.Dataset != nil:
					return a.showDataset(run, format)
				}
				return a.showRun(run, format)
			})
			if werr != nil {
				return werr
			}
			return err
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text, json, markdown or html (one page to share)")
	addOutputFlag(cmd.Flags(), &output)
	cmd.Flags().StringVar(&caseID, "case", "", "a dataset run: print the case `ID` alone, as a pair's run")
	cmd.SetFlagErrorFunc(flagError)
	return cmd
}

// showRun prints a run's figures, like score does.
func (a *app) showRun(run *history.Run, format string) error {
	rep, why := withValues(run)
	rep.Reference, rep.Output, rep.Weights, rep.Rules = relPath(rep.Reference), relPath(rep.Output), relPath(rep.Weights), relPath(rep.Rules)
	if format == "html" {
		m := htmlMeta(run.Time, recordedFiles(run)...)
		m.Facts = runFacts(run)
		if why != "" {
			m.Facts = append(m.Facts, htmlreport.Fact{Name: "values", Value: valuesNote(why)})
		}
		return htmlreport.WritePair(a.stdout, m, htmlreport.Pair{Report: rep})
	}
	return a.writeShown(rep, why, format, runHead(run))
}

// writeShown prints a recorded pair's (or case's) report in format, as
// score printed it: text under head; why, when not "", says why the
// values are not shown.
func (a *app) writeShown(rep *report.Report, why, format, head string) error {
	switch format {
	case "json":
		return report.WriteJSON(a.stdout, rep)
	case "markdown":
		if why != "" {
			fmt.Fprintf(a.stdout, "> %s\n\n", valuesNote(why))
		}
		return report.WriteMarkdown(a.stdout, rep)
	}
	fmt.Fprintln(a.stdout, head)
	if why != "" {
		fmt.Fprintln(a.stdout, valuesNote(why))
	}
	return report.WriteText(a.stdout, rep, report.TextOptions{Color: a.statusColor(), NoValues: why != ""})
}
