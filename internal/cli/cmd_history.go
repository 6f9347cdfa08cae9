package cli

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring/report"
)

// shortID is how many characters of a run id lists show; any unique
// prefix is accepted back.
const shortID = 10

func (a *app) historyCmd() *cobra.Command {
	var lf listFlags
	cmd := &cobra.Command{
		Use:   "history",
		Short: "List, show and compare recorded runs",
		Long: `Every scoring run is recorded: 'jsontui score' runs, the explorer's opening
state, every weights save, and its state at quit when that differs. A run
identical to the latest run of its reference/output pair (the same files'
contents, weights, metric, options, rules, label and source) is not added:
that run is seen again, and SEEN says how often and when last ("×3 last
14:05"). The list shows the newest first, with CONFIG, the metric, options and rules
(the first digits of their SHA-256) it was scored with, and Δ, the change
since the previous run of the same pair scored with the same metric,
options and rules ("new config" when the pair has runs, none of them so). Ids may be shortened to any unique prefix,
and a label names the latest run that has it.
A dataset's run is listed as "dataset N cases"; 'history show ID --case
CASE' prints one of its cases, and 'history diff A B' of two dataset runs
says whether B is better than A, case by case, and how surely.

The store is $JSONTUI_HISTORY, else $XDG_DATA_HOME/jsontui/history.db (default
~/.local/share/jsontui/history.db); --history PATH overrides both. Every read
checks the store; 'history check' checks every run too, and 'history repair'
rebuilds a damaged store from the runs that read.`,
		Example: `  jsontui history
  jsontui history --pair ref.json out.json --limit 5
  jsontui history show 01kaq3m2x9
  jsontui history diff 01kaq3m2x9 01kaq3p7tb
  jsontui history rm 01kaq3m2x9
  jsontui history check`,
		Args: cobra.ArbitraryArgs, // historyList refuses what it does not take
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) >= 1 && len(lf.pair) == 0 {
				if err := commandTypo(cmd, args[0], false); err != nil {
					return err // history lst, history shwo ID
				}
			}
			return a.historyList(&lf, args)
		},
	}
	lf.add(cmd)
	cmd.SetFlagErrorFunc(flagError)
	cmd.AddCommand(a.historyListCmd(), a.historyShowCmd(), a.historyDiffCmd(), a.historyRmCmd(), a.historyRestoreCmd(),
		a.historyCheckCmd(), a.historyRepairCmd())
	return cmd
}

// historyListCmd is `history list`, the same as `history`.
func (a *app) historyListCmd() *cobra.Command {
	var lf listFlags
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the recorded runs (as 'jsontui history' does)",
		Args:  cobra.MaximumNArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return a.historyList(&lf, args) },
	}
	lf.add(cmd)
	return cmd
}

// listFlags are the flags of the list.
type listFlags struct {
	format string
	pair   []string
	limit  int
}

func (f *listFlags) add(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.format, "format", "text", "output format: text or json")
	cmd.Flags().StringSliceVar(&f.pair, "pair", nil, "only runs of this reference and output: --pair REF OUT")
	cmd.Flags().IntVar(&f.limit, "limit", 0, "show at most `N` runs (0: all)")
}

// storeFor checks --format (text or json) and opens the history store.
func (a *app) storeFor(format string) (*history.Store, error) {
	if err := checkFormat(format, false); err != nil {
		return nil, err
	}
	return a.historyStore()
}

// checkFormat validates a --format value.
func checkFormat(format string, markdown bool) error {
	switch {
	case format == "text" || format == "json":
		return nil
	case markdown && format == "markdown":
		return nil
	case markdown:
		return badInput(fmt.Errorf("unknown --format %q: use text, json or markdown", format))
	}
	return badInput(fmt.Errorf("unknown --format %q: use text or json", format))
}

// storeError maps a history error to the command's failure: exit code 2,
// with what to do about a store that is damaged or not a store. Only
// usage errors are followed by the pointer to --help.
func storeError(err error) error {
	if err == nil {
		return nil
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return err
	}
	if hint := storeHint(err); hint != "" {
		err = fmt.Errorf("%w\n%s", err, strings.TrimSuffix(hint, "\n"))
	}
	return &exitError{code: 2, err: err}
}

// storeHint says how to recover from a store error, in a line; "" when
// there is nothing to say.
func storeHint(err error) string {
	var damaged *history.DamagedError
	var ns *history.NotStoreError
	switch {
	case errors.As(err, &damaged):
		return "Run 'jsontui history check' for the details, or 'jsontui history repair' to rebuild the store from the runs that read (the damaged file is kept).\n"
	case errors.As(err, &ns):
		return "Move the file away, or choose another store with --history PATH; 'jsontui history repair' recovers the runs it may hold.\n"
	}
	return ""
}

func (a *app) historyList(lf *listFlags, args []string) error {
	if err := checkFormat(lf.format, false); err != nil {
		return err
	}
	// --pair REF OUT: the flag takes REF, OUT is left as an argument.
	pair := lf.pair
	if len(pair) == 1 && len(args) == 1 {
		pair, args = append(pair, args[0]), nil
	}
	if len(args) > 0 {
		return badInput(fmt.Errorf("unexpected argument %q; did you mean 'jsontui history show %s'?", args[0], args[0]))
	}
	if lf.limit < 0 {
		return badInput(fmt.Errorf("--limit %d is negative", lf.limit))
	}
	opts := history.ListOptions{Limit: lf.limit}
	switch len(pair) {
	case 0:
	case 2:
		opts.Reference = history.NewFile(pair[0], nil).Path
		opts.Output = history.NewFile(pair[1], nil).Path
	default:
		return badInput(errors.New("--pair takes two files: --pair REF OUT"))
	}
	store, err := a.historyStore()
	if err != nil {
		return err
	}
	// On a damaged store, what could be read is listed, then the damage
	// reported.
	runs, err := store.List(opts)
	var damaged *history.DamagedError
	if err != nil && !errors.As(err, &damaged) {
		return storeError(err)
	}
	if len(runs) == 0 && opts.Reference != "" && lf.format == "text" && err == nil {
		return a.noRunsOfPair(store, opts)
	}
	if len(runs) == 0 && err != nil && lf.format == "text" {
		// A damaged store that lists nothing is not "no runs recorded
		// yet": the damage is the message.
		return storeError(err)
	}
	if werr := a.writeList(store, runs, lf.format); werr != nil {
		return werr
	}
	return storeError(err)
}

// writeList prints the list, buffered: a list of many runs goes out in a
// few large writes.
func (a *app) writeList(store *history.Store, runs []history.Summary, format string) error {
	if format == "json" {
		if runs == nil {
			runs = []history.Summary{}
		}
		return writeJSON(a, map[string]any{"runs": runs})
	}
	if len(runs) == 0 {
		fmt.Fprintf(a.stdout, "No runs recorded yet in %s.\nRun 'jsontui score REF OUT' or the explorer to record one.\n", report.EscapeName(store.Path()))
		return nil
	}
	bw := bufio.NewWriterSize(a.stdout, 64<<10)
	tw := tabwriter.NewWriter(bw, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tTIME\tSEEN\tLABEL\tSCORE\tΔ\tCONFIG\tSOURCE\tFILES")
	for _, r := range runs {
		delta := ""
		switch {
		case r.HasDelta:
			delta = signed(r.Delta)
		case r.OtherConfig:
			delta = "new config"
		}
		t := r.Time.Local()
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", short(r.ID), t.Format("2006-01-02 15:04"), seenText(r.Count, t, r.LastSeen.Local()),
			report.Truncate(r.Label, 24), report.ScoreText(r.Score, r.HasScore), delta, configText(&r), r.Source, a.runFiles(&r))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	return bw.Flush()
}

// configText says compactly what a run was scored with: its metric, its
// options, and the first 8 digits of its rules' SHA-256 ("?" for a run
// recorded before the index kept its options), cut at 40 characters.
func configText(r *history.Summary) string {
	c, ok := r.Config()
	if !ok {
		return report.EscapeName(c.Metric) + " ?"
	}
	parts := append([]string{c.Metric}, c.Options...)
	if c.Rules != "" {
		parts = append(parts, "rules "+c.Rules[:min(8, len(c.Rules))])
	}
	return report.Truncate(report.EscapeName(strings.Join(parts, " ")), 40)
}

// signed formats a change with its sign.
func signed(v float64) string {
	s := report.Figure(v)
	if v > 0 {
		s = "+" + s
	}
	return s
}

func short(id string) string {
	if len(id) > shortID {
		return id[:shortID]
	}
	return id
}

// files describes a run's inputs compactly, paths relative to the
// working directory when that is shorter.
func (a *app) files(ref, out, weights history.File) string {
	s := rel(ref.Path) + " ↔ " + rel(out.Path)
	if weights.Path != "" {
		s += " (" + rel(weights.Path) + ")"
	}
	return s
}

// rel returns path relative to the working directory when that is
// shorter, escaped for printing (see report.EscapeName).
func rel(path string) string {
	return report.EscapeName(relPath(path))
}

// workDir is the working directory, read once: os.Getwd stats two
// folders a call, and a list of 10,000 runs makes 30,000 calls.
var workDir = sync.OnceValues(os.Getwd)

func relPath(path string) string {
	if path == "-" || path == "" {
		return path
	}
	wd, err := workDir()
	if err != nil {
		return path
	}
	if r, err := filepath.Rel(wd, path); err == nil && len(r) < len(path) {
		return r
	}
	return path
}

func writeJSON(a *app, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(a.stdout, "%s\n", b)
	return err
}

func (a *app) historyRmCmd() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "rm ID",
		Short: "Remove a recorded run",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			store, err := a.storeFor(format)
			if err != nil {
				return err
			}
			s, err := store.Remove(args[0])
			var amb *history.AmbiguousError
			if errors.As(err, &amb) || errors.Is(err, history.ErrNotFound) {
				return badInput(err)
			}
			if err != nil {
				return storeError(err)
			}
			if format == "json" {
				return writeJSON(a, map[string]any{"removed": s})
			}
			fmt.Fprintf(a.stdout, "removed run %s (%s, score %s)\n", s.ID, s.Time.Local().Format(time.DateTime), report.ScoreText(s.Score, s.HasScore))
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}
