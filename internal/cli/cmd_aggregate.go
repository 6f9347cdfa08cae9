package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/htmlreport"
	"github.com/jsontui/jsontui/scoring/report"
)

// aggregateFlags are the flags of `jsontui aggregate`.
type aggregateFlags struct {
	format  string
	quiet   bool
	min     float64
	minSet  bool
	metric  string
	dataset datasetFlags
	output  string
	// The history: whether to record the run, and its label and tags.
	noHistory bool
	label     string
	tags      []string
}

func (a *app) aggregateCmd() *cobra.Command {
	var f aggregateFlags
	cmd := &cobra.Command{
		Use:   "aggregate SHARD.jsonl...",
		Short: "Add up a dataset scored in pieces: its figures from the per-case lines",
		Long: `Read the per-case lines that 'jsontui score DATASET --format jsonl' prints,
from any number of shards in any order (- is standard input), and print
the dataset's figures: the very ones scoring the whole dataset in one
process gives, to the last bit (the cases are placed by the file and
record their lines name). Score the shards anywhere (a cluster's map step,
xargs -P); this is the reduce step. Lines scored under other settings, a
case met twice, a line no score writes and a shard that an unfinished run
wrote are refused. The run is recorded in the history (--no-history not to).

--format jsonl prints the case lines themselves, each checked as for the
figures: shard by shard in the order given, each shard's lines in their
order.

Exit codes: 0 ok, 1 score below --min, 2 bad input or usage.`,
		Example: `  split -n l/8 -d --additional-suffix .jsonl evals.jsonl shard-
  ls shard-*.jsonl | xargs -P 8 -I{} sh -c 'jsontui score {} weights.json --format jsonl --no-history > {}.cases'
  jsontui aggregate shard-*.jsonl.cases --min 0.9`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f.minSet = cmd.Flags().Changed("min")
			f.dataset.changed(cmd.Flags())
			return a.toFile(f.output, func() error { return a.aggregate(args, &f) })
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.format, "format", "text", "output format: text, json, markdown, html (one page to share) or jsonl (the case lines, shard by shard in the order given)")
	addOutputFlag(fl, &f.output)
	fl.BoolVarP(&f.quiet, "quiet", "q", false, "print only the dataset's score")
	fl.Float64Var(&f.min, "min", 0, "exit with code 1 when the score is below `X`")
	fl.StringVar(&f.metric, "metric", "", "the metric the shards were scored with: the lines name it, and one that names another is an error (lines that name none, of older versions, are jsondiff's unless this says)")
	fl.BoolVar(&f.noHistory, "no-history", false, "do not record this run in the history")
	fl.StringVar(&f.label, "label", "", "a label for this run in the history")
	fl.StringArrayVar(&f.tags, "tag", nil, "a tag for this run in the history (repeatable)")
	fl.Float64Var(&f.dataset.pass, "pass", 0, "report the share of cases scoring at least `X`")
	fl.Float64Var(&f.dataset.threshold, "match-threshold", 1, "a leaf counts as found (TP) from this score `X` up, else as wrong (FD)")
	cmd.SetFlagErrorFunc(flagError)
	return cmd
}

// aggregate is `jsontui aggregate`: the figures of the case lines of the
// shards args names.
func (a *app) aggregate(args []string, f *aggregateFlags) error {
	if err := checkAggregateFlags(f); err != nil {
		return badInput(err)
	}
	stdins := 0
	var shards []dataset.Shard
	seen := map[string]os.FileInfo{}
	for _, name := range args {
		if name == "-" {
			if stdins++; stdins > 1 {
				return badInput(errors.New("only one file argument may be - (standard input)"))
			}
			shards = append(shards, dataset.Shard{Name: "<stdin>", R: a.stdin})
			continue
		}
		if err := dataset.CheckRegular(name); err != nil {
			return badInput(err) // a FIFO or /dev/zero as a shard: never opened
		}
		file, err := os.Open(name)
		if err != nil {
			return badInput(err)
		}
		defer file.Close()
		if err := shardOnce(seen, name, file); err != nil {
			return badInput(err)
		}
		shards = append(shards, dataset.Shard{Name: name, R: file})
	}
	cfg := dataset.AggregateConfig{Metric: f.metric}
	if f.dataset.passSet {
		cfg.Pass = &f.dataset.pass
	}
	out := bufio.NewWriterSize(a.stdout, 256<<10)
	defer out.Flush()
	lines := aggregateLines(&cfg, f, out)
	var gc gcPolicy
	gc.raiseForReduce()
	figs, err := dataset.Aggregate(context.Background(), shards, cfg)
	gc.restore()
	if err != nil {
		out.Flush()
		return badInput(err)
	}
	h := dataset.Header{Shards: args}
	for _, w := range figs.Warnings {
		fmt.Fprintf(a.stderr, "jsontui: warning: %s\n", w.Message)
	}
	switch {
	case f.quiet:
		fmt.Fprintln(out, quietScore(figs.Score, figs.HasScore))
	case f.format == "html":
		hc, herr := aggregatedCases(figs, *lines)
		if herr != nil {
			return herr
		}
		err = writeDatasetHTML(out, htmlMeta(time.Now(), shardFiles(args)...), h, figs, "", hc)
	case f.format != "jsonl": // the case lines are out
		err = a.writeDataset(out, h, figs, f.format, "")
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		return err
	}
	if !f.noHistory {
		if err := a.recordAggregate(figs, args, f); err != nil {
			return err
		}
	}
	if f.minSet && (!figs.HasScore || figs.Score < f.min) {
		return &exitError{code: 1, err: fmt.Errorf("score %s is below --min %s", report.ScoreText(figs.Score, figs.HasScore), report.Figure(f.min))}
	}
	return nil
}

// checkAggregateFlags refuses aggregate's flags that are wrong before any
// shard is read.
func checkAggregateFlags(f *aggregateFlags) error {
	switch f.format {
	case "text", "json", "markdown", "jsonl", "html":
	default:
		return fmt.Errorf("unknown --format %q: use text, json, markdown, html or jsonl", f.format)
	}
	if f.minSet && !(f.min >= 0 && f.min <= 1) {
		return fmt.Errorf("--min %v is outside [0, 1]", f.min)
	}
	if f.metric != "" {
		if _, err := scoring.LookupMetric(f.metric); err != nil {
			return err
		}
	}
	return nil
}

// aggregateLines sets what cfg does with each case line: with --format
// jsonl it streams to out, as score's do; with --format html it is kept,
// in the slice returned, for the page's cases.
func aggregateLines(cfg *dataset.AggregateConfig, f *aggregateFlags, out *bufio.Writer) *[]caseLineKept {
	var lines []caseLineKept
	switch {
	case f.quiet:
	case f.format == "jsonl":
		cfg.CaseLines = func(line []byte) error {
			if _, err := out.Write(line); err != nil {
				return err
			}
			return out.WriteByte('\n')
		}
	case f.format == "html":
		cfg.CaseLines = func(line []byte) error {
			kept, err := keepLine(line)
			if err == nil && kept != nil {
				lines = append(lines, *kept)
			}
			return err
		}
	}
	return &lines
}

// shardFiles names the shards for the HTML page, with their SHA-256s.
func shardFiles(names []string) []htmlreport.File {
	files := make([]htmlreport.File, len(names))
	for i, name := range names {
		files[i] = htmlreport.File{Role: "shard", Name: name, SHA256: hashDatasetSide(name).SHA256}
	}
	return files
}

// shardOnce refuses a shard file given before, under this name or
// another (a link, ./x and x): its cases would count twice. seen holds
// the files given so far, by name.
func shardOnce(seen map[string]os.FileInfo, name string, file *os.File) error {
	st, err := file.Stat()
	if err != nil {
		return fmt.Errorf("%s: %w", escape.Name(name), err)
	}
	for prev, pst := range seen {
		if os.SameFile(st, pst) {
			if prev == name {
				return fmt.Errorf("%s is given twice: aggregate each shard once", escape.Name(name))
			}
			return fmt.Errorf("%s is the file %s given before: aggregate each shard once", escape.Name(name), escape.Name(prev))
		}
	}
	seen[name] = st
	return nil
}
