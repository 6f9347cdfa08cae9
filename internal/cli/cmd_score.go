package cli

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/htmlreport"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
)

// scoreFlags are the flags of `jsontui score`.
type scoreFlags struct {
	format    string
	quiet     bool
	min       float64
	minSet    bool
	metric    metricFlags
	noHistory bool
	label     string
	tags      []string
	// explain is the path of the node whose calculation to print
	// instead of the breakdown; "" for none.
	explain string
	// onlyLosses prints only the nodes with a loss; top, when above 0,
	// only the top costliest leaves.
	onlyLosses bool
	top        int
	topSet     bool
	dataset    datasetFlags
	labels     labelFlags
	// output is -o: the file to write instead of standard output.
	output string
	// compare is --compare: the recorded dataset run whose case scores
	// the HTML page's Δ column is against.
	compare string
}

func (a *app) scoreCmd() *cobra.Command {
	var f scoreFlags
	cmd := &cobra.Command{
		Use:   "score REF OUT [WEIGHTS] | score DATASET... [WEIGHTS]",
		Short: "Print the score and the per-node breakdown, of a pair or a dataset",
		Long: `Score OUT against REF under the weights in WEIGHTS (every weight 1.0 when
omitted) and print the total and every node's figures: reference and output
values, weight, normalization factor f, score and loss (the points of the
total the node costs). Any file may be - for standard input.

OUT may be wrapped in prose or a code fence (docs/scoring.md). --metric exact and
--metric edit-distance read it as LangChain's evaluators do instead
(parse_json_markdown: truncated JSON is completed, NaN is a number), and
give no score where LangChain raises.

A dataset is a set of cases scored alike, in one of three
forms: one JSON Lines file of records holding both sides (DATA.jsonl), two
files of records paired by id or by line (REF.jsonl OUT.jsonl), or two
directories of JSON files paired by relative path (REF_DIR OUT_DIR). A
directory or a .jsonl/.ndjson file makes a dataset; --dataset makes a .json
array of records one. The fields of a record are found by name (expected,
output, id, ...) or given with --ref-field, --out-field and --id-field.
Output strings are model text: the JSON in them is taken out (a code fence,
or an object in prose). The dataset's score is the mean of the case scores;
the per-path figures say which fields fail across the set and what each
costs. It streams, on every core. --format jsonl prints one line per case,
which 'jsontui aggregate' adds up (score shards anywhere, then aggregate).
A dataset run is recorded with every case's figures ('jsontui history show
ID --case CASE'), and two runs compare case by case ('jsontui history diff
A B': which cases improved, which regressed, and whether the difference is
significant); --case prints one case and records nothing.

Exit codes: 0 ok, 1 score below --min, 2 bad input or usage.`,
		Example: `  jsontui score ref.json out.json weights.json
  jsontui score ref.json out.json --min 0.9 --quiet     # CI gate
  jsontui score ref.json out.json --format json | jq '.nodes[] | select(.loss > 0.01)'
  jsontui score ref.json out.json --format markdown --top 10 >> "$GITHUB_STEP_SUMMARY"
  jsontui score ref.json out.json --only-losses
  jsontui score ref.json out.json weights.json --explain '.fixed_menus[1].pizza'
  jsontui score evals.jsonl weights.json --pass 0.9 --group-by .category
  jsontui score refs.jsonl answers.jsonl --min 0.85 --quiet
  jsontui score refs/ answers/ --format json | jq '.paths[] | select(.loss > 0.01)'
  jsontui score evals.jsonl --case inv-042              # one case, as a pair
  jsontui score evals.jsonl weights.json --format html -o report.html   # one page to share`,
		Args: cobra.RangeArgs(1, 3),
		RunE: func(cmd *cobra.Command, args []string) error { return a.runScore(cmd, args, &f) },
	}
	fl := cmd.Flags()
	fl.StringVar(&f.format, "format", "text", "output format: text, json, markdown or html (one page to share), and jsonl for a dataset: a line per case")
	addOutputFlag(fl, &f.output)
	fl.StringVar(&f.compare, "compare", "", "dataset, --format html: each case's Δ against the recorded dataset run `ID` (an id, or a unique prefix of one)")
	fl.BoolVarP(&f.quiet, "quiet", "q", false, "print only the total")
	fl.Float64Var(&f.min, "min", 0, "exit with code 1 when the score is below `X`")
	addMetricFlags(fl, &f.metric)
	fl.BoolVar(&f.noHistory, "no-history", false, "do not record this run in the history")
	fl.StringVar(&f.label, "label", "", "a label for this run in the history")
	fl.StringArrayVar(&f.tags, "tag", nil, "a tag for this run in the history (repeatable)")
	fl.StringVar(&f.explain, "explain", "", "print how the score of the node at `PATH` is computed (as the explorer's detail pane\n"+
		"shows it) instead of the breakdown; the run is not recorded")
	fl.BoolVar(&f.onlyLosses, "only-losses", false, "print only the nodes with a loss above 0, in document order (the run records every node)")
	fl.IntVar(&f.top, "top", 0, "print only the `N` costliest leaves, largest loss first (the run records every node)")
	addDatasetFlags(fl, &f.dataset, true)
	addLabelFlags(fl, &f.labels)
	cmd.SetFlagErrorFunc(flagError)
	return cmd
}

// runScore runs `score` on a pair or a dataset, as args say.
func (a *app) runScore(cmd *cobra.Command, args []string, f *scoreFlags) error {
	f.minSet = cmd.Flags().Changed("min")
	f.topSet = cmd.Flags().Changed("top")
	f.dataset.changed(cmd.Flags())
	f.labels.seedSet = cmd.Flags().Changed("seed")
	spec, weights, isDataset, err := a.datasetArgs(args, f.dataset.force)
	if err != nil {
		return badInput(err)
	}
	if isDataset {
		if err := checkScoreFormat(f.format, true); err != nil {
			return err
		}
		return a.toFile(f.output, func() error { return a.scoreDataset(spec, weights, f) })
	}
	if name := f.dataset.given(cmd.Flags()); name != "" {
		return badInput(fmt.Errorf("--%s is for datasets; %s is a single pair (a dataset is a directory, a .jsonl file, or --dataset)", name, strings.Join(args, " ")))
	}
	if len(args) < 2 {
		if err := dataset.CheckRegular(args[0]); err != nil {
			return badInput(err) // /dev/zero, a FIFO: say so, not "neither"
		}
		// A usage error: the message is followed by the pointer to --help.
		return fmt.Errorf("score takes REF OUT [WEIGHTS], or a dataset (a directory, a .jsonl file, or --dataset): %s is neither", args[0])
	}
	return a.toFile(f.output, func() error { return a.score(args, f) })
}

// checkScoreFormat checks --format: jsonl is a dataset's only.
func checkScoreFormat(format string, dataset bool) error {
	switch format {
	case "text", "json", "markdown", "html":
		return nil
	case "jsonl":
		if dataset {
			return nil
		}
		return badInput(errors.New("--format jsonl prints a dataset's cases: use text, json, markdown or html for a pair"))
	}
	if dataset {
		return badInput(fmt.Errorf("unknown --format %q: use text, json, jsonl, markdown or html", format))
	}
	return badInput(fmt.Errorf("unknown --format %q: use text, json, markdown or html", format))
}

func (a *app) score(args []string, f *scoreFlags) error {
	if err := checkScoreFormat(f.format, false); err != nil {
		return err
	}
	if f.minSet && !(f.min >= 0 && f.min <= 1) {
		return badInput(fmt.Errorf("--min %v is outside [0, 1]", f.min))
	}
	if err := checkExplain(f); err != nil {
		return badInput(err)
	}
	if err := checkSelection(f); err != nil {
		return badInput(err)
	}
	metric, err := f.metric.metric()
	if err != nil {
		return badInput(err)
	}
	var store *history.Store
	if !f.noHistory {
		if store, err = a.historyStore(); err != nil {
			return err
		}
	}
	var gc gcPolicy
	defer gc.restore()
	rec, err := a.scorePair(args, f, metric, store, &gc)
	if rec != nil {
		// The documents and the tree are out of reach from here on: the
		// run is written without them beside it. The run the user asked
		// for, lost: that fails the command, whatever else it found.
		if lost := rec.finish(); lost != nil {
			return lost
		}
	}
	return err
}

// scorePair scores the pair of args, prints the report and returns the
// verdict of --min, with the recording of the run under way when there is
// one (nil when the run is not recorded, or its inputs did not read). gc
// is settled once scoring is done.
func (a *app) scorePair(args []string, f *scoreFlags, metric scoring.Metric, store *history.Store, gc *gcPolicy) (*scoreRecording, error) {
	weightsName := ""
	if len(args) == 3 {
		weightsName = args[2]
	}
	rules, rulesFile, err := a.readRules(f.metric.rules, args)
	if err != nil {
		return nil, err
	}
	// A metric that reads the output's text as its evaluator does
	// (LangChain's) takes outputs jsontui's own parse refuses.
	in, err := a.loadInputs(args[0], args[1], weightsName, nil, scoring.ReadsText(metric))
	if err != nil {
		return nil, err
	}
	in.rules, in.rulesFile = rules, rulesFile
	record := store != nil && f.explain == ""
	var files func() [3]history.File
	if record {
		files = hashInputs(in) // while scoring
	}
	rep, res, err := a.runMetric(in, &f.metric)
	if err != nil {
		return nil, err
	}
	gc.settle(len(in.files[0].data) + len(in.files[1].data))
	if (f.topSet || f.onlyLosses) && rep.Nodes == nil {
		flag := "--only-losses"
		if f.topSet {
			flag = "--top"
		}
		return nil, badInput(fmt.Errorf("%s: --metric %s is one number, with no per-node breakdown to select from", flag, f.metric.name))
	}
	rep.Reference, rep.Output, rep.Weights = args[0], args[1], weightsName
	if rules != nil {
		rep.Rules = f.metric.rules
	}
	report.SpellSettings(rep.Warnings, flagName)
	a.printNotes(rep)
	var rec *scoreRecording
	if record {
		// Recorded while the report is printed: both only read the tree.
		rec = a.startRecording(store, gc, func() (*history.Prepared, error) {
			return prepareScoreRun(files(), rep, res, in, f)
		})
	}
	switch {
	case f.explain != "":
		err = a.explain(res, f.metric.name, f.explain)
	case f.quiet:
		if rep.HasScore {
			fmt.Fprintln(a.stdout, strconv.FormatFloat(rep.Score, 'f', -1, 64))
		} else {
			fmt.Fprintln(a.stdout, "null")
		}
	case f.format == "json":
		err = report.WriteJSON(a.stdout, selected(rep, f))
	case f.format == "markdown":
		err = report.WriteMarkdown(a.stdout, selected(rep, f))
	case f.format == "html":
		err = htmlreport.WritePair(a.stdout, htmlMeta(time.Now(), pairFiles(in)...), htmlreport.Pair{Report: selected(rep, f), Tree: res.Tree})
	default:
		err = report.WriteText(a.stdout, selected(rep, f), report.TextOptions{Color: a.statusColor()})
	}
	if err != nil {
		return rec, err
	}
	return rec, belowMin(rep, f)
}

// belowMin returns the failure of --min for the report's score; nil when
// it is met or not asked for.
func belowMin(rep *report.Report, f *scoreFlags) error {
	if !f.minSet || (rep.HasScore && rep.Score >= f.min) {
		return nil
	}
	if rep.HasScore && rep.Approx && rep.High >= f.min {
		// The score given is the least the exact one can be.
		return &exitError{code: 1, err: fmt.Errorf("score %s is below --min %s; it is approximate, the exact score lies between %s and %s (see the warnings)",
			report.Figure(rep.Score), report.Figure(f.min), report.Figure(rep.Score), report.Figure(rep.High))}
	}
	return &exitError{code: 1, err: fmt.Errorf("score %s is below --min %s", report.ScoreText(rep.Score, rep.HasScore), report.Figure(f.min))}
}

// checkSelection checks --only-losses and --top against the other flags.
func checkSelection(f *scoreFlags) error {
	switch {
	case f.topSet && f.top < 1:
		return fmt.Errorf("--top %d: N must be at least 1", f.top)
	case f.topSet && f.onlyLosses:
		return errors.New("--top lists leaves with a loss only: drop --only-losses")
	case (f.topSet || f.onlyLosses) && f.explain != "":
		return errors.New("--explain prints one node: drop --only-losses and --top")
	case f.topSet && f.format == "html":
		return errors.New("--top lists leaves, not a tree: the HTML report shows the tree (--only-losses keeps the nodes with a loss)")
	case (f.topSet || f.onlyLosses) && f.quiet:
		return errors.New("--quiet prints only the total: drop --only-losses and --top")
	}
	return nil
}

// selected returns the report to print: rep, or the nodes --only-losses
// or --top select of it (rep itself keeps every node, for the history).
func selected(rep *report.Report, f *scoreFlags) *report.Report {
	switch {
	case f.topSet:
		return report.Top(rep, f.top)
	case f.onlyLosses:
		return report.OnlyLosses(rep)
	}
	return rep
}

// printNotes reports the repairs and warnings on standard error.
func (a *app) printNotes(rep *report.Report) {
	for _, r := range rep.Repairs {
		fmt.Fprintf(a.stderr, "jsontui: %s: %s\n", escape.Name(rep.Output), r)
	}
	for _, w := range rep.Warnings {
		msg := w.Message
		if path := jsondoc.MessagePath(w.Path); !strings.Contains(msg, path) {
			msg = path + ": " + msg
		}
		fmt.Fprintf(a.stderr, "jsontui: warning: %s\n", msg)
	}
	if rep.MoreWarnings > 0 {
		fmt.Fprintf(a.stderr, "jsontui: warning: %s\n", report.MoreWarningsText(rep.MoreWarnings))
	}
}

var errNoTerminal = errors.New("the explorer needs a terminal")
