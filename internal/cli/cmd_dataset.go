package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/htmlreport"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
)

// datasetFlags are the flags that read and figure a dataset (docs/datasets.md).
type datasetFlags struct {
	force                       bool
	refField, outField, idField string
	groupBy                     string
	pass                        float64
	passSet                     bool
	threshold                   float64
	thresholdSet                bool
	caseID                      string
}

// addDatasetFlags defines the dataset flags on fl.
func addDatasetFlags(fl *pflag.FlagSet, f *datasetFlags, withCase bool) {
	fl.BoolVar(&f.force, "dataset", false, "read .json files as datasets (a JSON array of records), and - as one")
	fl.StringVar(&f.refField, "ref-field", "", "dataset: the reference's field in a record, as a `PATH` (default: the first of .expected, .reference, .expected_output, .ideal, .ideal_response, .ground_truth)")
	fl.StringVar(&f.outField, "out-field", "", "dataset: the output's field in a record, as a `PATH` (default: the first of .output, .actual_output, .response, .predicted, .prediction)")
	fl.StringVar(&f.idField, "id-field", "", "dataset: the case id's field in a record, as a `PATH` (default: the first of .id, .doc_id, .case_id, .name)")
	fl.StringVar(&f.groupBy, "group-by", "", "dataset: group the cases by the value of the record's field at `PATH` (reference side first)")
	fl.Float64Var(&f.pass, "pass", 0, "dataset: report the share of cases scoring at least `X`")
	fl.Float64Var(&f.threshold, "match-threshold", 1, "dataset: a leaf counts as found (TP) from this score `X` up, else as wrong (FD)")
	if withCase {
		fl.StringVar(&f.caseID, "case", "", "dataset: print the case `ID` alone, as a single pair")
	}
}

// changed notes which of the flags were given.
func (f *datasetFlags) changed(fl *pflag.FlagSet) {
	f.passSet = fl.Changed("pass")
	f.thresholdSet = fl.Changed("match-threshold")
}

// given reports whether a flag that only a dataset takes was given.
func (f *datasetFlags) given(fl *pflag.FlagSet) string {
	for _, name := range []string{"ref-field", "out-field", "id-field", "group-by", "pass", "match-threshold", "case", "labels", "label-field", "seed"} {
		if fl.Lookup(name) != nil && fl.Changed(name) {
			return name
		}
	}
	return ""
}

// datasetArgs tells whether args (REF OUT [WEIGHTS], or a dataset's)
// name a dataset (docs/datasets.md): a directory or a .jsonl/.ndjson file selects
// one, and --dataset makes a .json array of records (or -) one. Standard
// input (-) beside a dataset is a file of records where nothing else can
// be: `- OUT.jsonl` (the references) and `REF.jsonl - WEIGHTS` (the
// outputs); `DATA.jsonl -` reads the weights from it unless --dataset. It
// returns the dataset and the weights file ("" for none).
func (a *app) datasetArgs(args []string, force bool) (spec dataset.Spec, weights string, ok bool, err error) {
	is := func(name string) bool {
		if dataset.IsDatasetPath(name) {
			return true
		}
		if !force {
			return false
		}
		return name == "-" || strings.HasSuffix(strings.ToLower(name), ".json") && holdsArray(name)
	}
	switch {
	case len(args) == 0:
		return spec, "", false, nil
	case args[0] == "-" && len(args) > 1 && is(args[1]):
		// - OUT [WEIGHTS]: the references from standard input.
	case !is(args[0]):
		if len(args) > 1 && is(args[1]) {
			return spec, "", false, fmt.Errorf("%s is a dataset but %s is not: pair a file of records with a file of records, a directory with a directory (--dataset reads .json arrays of records)", args[1], args[0])
		}
		return spec, "", false, nil
	}
	spec = dataset.Spec{Ref: args[0], Array: force, Stdin: a.stdin}
	rest := args[1:]
	if len(rest) > 0 && (is(rest[0]) || rest[0] == "-" && len(rest) == 2) {
		spec.Out, rest = rest[0], rest[1:]
	}
	if len(rest) > 1 {
		return spec, "", true, fmt.Errorf("a dataset takes DATA [WEIGHTS], REF OUT [WEIGHTS] or REF_DIR OUT_DIR [WEIGHTS]: %q is one argument too many", rest[1])
	}
	if len(rest) == 1 {
		weights = rest[0]
	}
	if weights == "-" && (spec.Ref == "-" || spec.Out == "-") {
		return spec, "", true, errors.New("only one file argument may be - (standard input)")
	}
	return spec, weights, true, nil
}

// oneSide returns the argument check of a command that reads one side
// of a dataset, or one file (validate: the outputs; weights init: the
// references): given both sides, it says which to give alone. cmd is the
// command's name, arg its argument's, side the side it reads (0: the
// references, 1: the outputs), other what else a second argument may be
// meant as ("" for nothing).
func oneSide(cmd, arg string, side int, other func(extra string) string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		switch {
		case len(args) == 0:
			return fmt.Errorf("%s takes one %s", cmd, arg)
		case len(args) == 1:
			return nil
		case len(args) == 2 && dataset.IsDatasetPath(args[0]) && dataset.IsDatasetPath(args[1]):
			sides := [2]string{"references", "outputs"}
			return fmt.Errorf("%s reads a dataset's %s alone: jsontui %s %s (the %s play no part)", cmd, sides[side], cmd, args[side], sides[1-side])
		case len(args) == 2 && other != nil:
			if msg := other(args[1]); msg != "" {
				return errors.New(msg)
			}
		}
		return fmt.Errorf("%s takes one %s, not %d arguments", cmd, arg, len(args))
	}
}

// writeDataset writes a dataset's figures in format (text, json or
// markdown), as score prints them; groupBy names the groups' field.
func (a *app) writeDataset(w io.Writer, h dataset.Header, figs *dataset.Figures, format, groupBy string) error {
	return a.writeSelected(w, h, figs, format, dataset.TextOptions{GroupBy: groupBy})
}

// writeSelected writes a dataset's figures in format, with opt (the
// groups' field, the selection of paths).
func (a *app) writeSelected(w io.Writer, h dataset.Header, figs *dataset.Figures, format string, opt dataset.TextOptions) error {
	switch format {
	case "json":
		return dataset.WriteJSON(w, h, figs)
	case "markdown":
		return dataset.WriteMarkdown(w, h, figs, opt)
	}
	opt.Color = a.statusColor()
	return dataset.WriteText(w, h, figs, opt)
}

// selectPaths returns the figures to print and how: every path, those
// with a loss (--only-losses), or the --top N costliest leaf paths.
func selectPaths(figs *dataset.Figures, f *scoreFlags) (*dataset.Figures, dataset.TextOptions) {
	opt := dataset.TextOptions{GroupBy: f.dataset.groupBy}
	switch {
	case f.topSet:
		opt.Flat, opt.Selection = true, dataset.TopSelection(f.top)
		return dataset.TopPaths(figs, f.top), opt
	case f.onlyLosses:
		opt.Selection = "the paths with a loss"
		return dataset.OnlyLosses(figs), opt
	}
	return figs, opt
}

// datasetConfig returns the dataset flags as a run's configuration, and
// the weights and rules files it read (for the history; empty for none).
// spec is the dataset the weights are for. Its errors carry their exit
// code (2, bad input, unless they say otherwise).
func (a *app) datasetConfig(spec *dataset.Spec, f *datasetFlags, m *metricFlags, weightsName string) (cfg dataset.Config, weights, rules inputFile, err error) {
	defer func() {
		if err != nil {
			err = inputError(err)
		}
	}()
	metric, err := m.metric()
	if err != nil {
		return cfg, weights, rules, err
	}
	cfg.Metric, cfg.Options = metric, m.opt
	if f.passSet {
		if !(f.pass >= 0 && f.pass <= 1) {
			return cfg, weights, rules, fmt.Errorf("--pass %v is outside [0, 1]", f.pass)
		}
		cfg.Pass = &f.pass
	}
	if f.thresholdSet {
		cfg.MatchThreshold = &f.threshold
	}
	if cfg.Rules, rules, err = a.readRules(m.rules, nil); err != nil {
		return cfg, weights, rules, err
	}
	if weightsName != "" {
		if weights, err = a.readInput(weightsName); err != nil {
			return cfg, weights, rules, err
		}
		if cfg.Weights, err = scoring.ParseWeights(displayName(weightsName), weights.data); err != nil {
			if weightsName == "-" && spec.Out == "" && !f.force {
				// DATA.jsonl -: the outputs were likely meant.
				err = fmt.Errorf("%w\n(- after %s is read as the weights file; to read the outputs from standard input, give --dataset)", err, spec.Ref)
			}
			return cfg, weights, rules, err
		}
	}
	return cfg, weights, rules, nil
}

// openDataset opens the dataset of spec with the field flags.
func openDataset(spec dataset.Spec, f *datasetFlags) (*dataset.Source, error) {
	return dataset.Open(datasetSpec(spec, f))
}

// datasetSpec returns spec with the field flags.
func datasetSpec(spec dataset.Spec, f *datasetFlags) dataset.Spec {
	spec.RefField, spec.OutField, spec.IDField, spec.GroupBy = f.refField, f.outField, f.idField, f.groupBy
	return spec
}

// scoreEnd ends `score` on a dataset whose figures are out (err says how
// writing them went): the run is kept before the command ends, whatever
// else it found (a run the user asked for, lost, fails it), then --min
// applies.
func (a *app) scoreEnd(rec *datasetRecording, res *dataset.Result, f *scoreFlags, err error) error {
	if rec != nil {
		if lost := rec.finish(a, res, f); lost != nil {
			return lost
		}
	}
	if err != nil {
		return err
	}
	return minGate(f, res.Figures.Score, res.Figures.HasScore)
}

// countCases makes cfg count each case on prog's line, before the Cases
// it had, if any.
func countCases(cfg *dataset.Config, prog *progress) {
	next := cfg.Cases
	cfg.Cases = func(c *dataset.Case) error {
		prog.onCase()
		if next != nil {
			return next(c)
		}
		return nil
	}
}

// pageSides returns, for a dataset's HTML page (--format html, not
// --case nor --quiet), the SHA-256s of its files, hashed while the cases
// are scored, and has cfg keep the cases (the heat map's cells and the
// lowest cases' trees); nil otherwise.
func pageSides(f *scoreFlags, spec dataset.Spec, cfg *dataset.Config) func() [2]history.File {
	if f.format != "html" || f.dataset.caseID != "" || f.quiet {
		return nil
	}
	cfg.Keep = true
	sides := datasetHasher(spec.Ref, spec.Out)
	go sides()
	return sides
}

// scoreRecording starts the recording of the run `score` makes of a
// dataset; nil with --no-history, or for one case printed as a pair
// (--case, --explain), which is not a run of the dataset.
func (a *app) scoreRecording(f *scoreFlags, spec *dataset.Spec, cfg *dataset.Config, weightsFile, rulesFile inputFile) (*datasetRecording, error) {
	if f.noHistory || f.dataset.caseID != "" {
		return nil, nil
	}
	store, err := a.historyStore()
	if err != nil {
		return nil, err
	}
	return startDatasetRecording(store, spec, cfg, weightsFile, rulesFile), nil
}

// scoreFailed ends a dataset's scoring that failed with err: the case
// lines out so far (--format jsonl) end with one that says they are not
// all, and the recording is abandoned.
func scoreFailed(out *bufio.Writer, format string, rec *datasetRecording, err error) error {
	if format == "jsonl" {
		out.Write(dataset.AppendUnfinished(nil, err))
	}
	out.Flush()
	rec.abandon()
	return badInput(err)
}

// writeCaseLines makes cfg write each case's line to out (--format
// jsonl), before the recorder's Cases, if any, sees it.
func writeCaseLines(cfg *dataset.Config, out io.Writer) {
	cfg.Lines = true
	lines := cfg.Cases
	cfg.Cases = func(c *dataset.Case) error {
		if _, err := out.Write(c.Line); err != nil {
			return err
		}
		if lines != nil {
			return lines(c)
		}
		return nil
	}
}

// writeDatasetPage writes the dataset's HTML page, with a Δ column
// against the compared run (nil for none) whose rules sum is rules.
func writeDatasetPage(ctx context.Context, out io.Writer, h dataset.Header, res *dataset.Result, spec dataset.Spec, groupBy string,
	compared *dataset.CompareSide, rules string, sides func() [2]history.File, labelled *htmlreport.Labelled) error {
	page := scoredPage(ctx, h, res, groupBy)
	page.Labelled = labelled
	if compared != nil {
		page.Compared = dataset.Compare(*compared, dataset.CompareSide{Figures: res.Figures, Rules: rules})
	}
	return htmlreport.WriteDataset(out, htmlMeta(time.Now(), datasetFilesHTML(h, spec, sides)...), page)
}

// minGate is --min on a score.
func minGate(f *scoreFlags, score float64, has bool) error {
	if f.minSet && (!has || score < f.min) {
		return &exitError{code: 1, err: fmt.Errorf("score %s is below --min %s", report.ScoreText(score, has), report.Figure(f.min))}
	}
	return nil
}

func displayNameOrEmpty(name string) string {
	if name == "" {
		return ""
	}
	return displayName(name)
}

// printDatasetNotes reports on standard error how the dataset was read
// (not under --quiet, which leaves standard error to what is wrong), how
// many outputs were repaired or do not parse, and the warnings.
func (a *app) printDatasetNotes(h dataset.Header, f *dataset.Figures, quiet bool) {
	st := f.Stats
	if !quiet {
		what := strconv.Itoa(st.Cases) + " cases"
		if st.Extra > 0 {
			what += fmt.Sprintf(" and %d output(s) with no reference (extra)", st.Extra)
		}
		fmt.Fprintf(a.stderr, "jsontui: %s: %s; %s\n", escape.Name(displayName(h.Reference)), what, dataset.DescribeFields(h.Fields, h.Pairing))
	}
	repaired := 0
	for _, c := range f.Cases {
		if len(c.Repairs()) > 0 {
			repaired++
		}
	}
	if repaired > 0 {
		fmt.Fprintf(a.stderr, "jsontui: %d output(s) were model text: the JSON was taken out of it (each case's repairs are in --format json and jsonl)\n", repaired)
	}
	if st.Invalid > 0 {
		fmt.Fprintf(a.stderr, "jsontui: %d output(s) do not parse: those cases are invalid and score 0 (their errors are in --format json and jsonl)\n", st.Invalid)
	}
	for _, w := range f.Warnings {
		msg := w.Message
		if path := jsondoc.MessagePath(w.Path); w.Path != "." && !strings.Contains(msg, path) {
			msg = path + ": " + msg
		}
		fmt.Fprintf(a.stderr, "jsontui: warning: %s\n", msg)
	}
}
