// Command jsontui-beam scores a dataset with an Apache Beam pipeline: it
// reads the records with Beam's file I/O, scores each case with jsontui's
// scoring packages into its case line (what jsontui score --format jsonl
// writes), adds the lines up with a combiner whose accumulator is exact
// (dataset.Partial), and writes the dataset's --format json result: the
// very bytes jsontui score writes for the same records, whatever the
// runner, workers and bundles. docs/distributed.md is its manual.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/setting"

	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"   // gs:// files
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local files
)

// flags are the command's flags, beside Beam's own (--runner, ...).
type flags struct {
	input, ref, out, weights, rules, output, cases, pairing string
	s                                                       settings
	pass, threshold                                         float64
	shards                                                  int
}

// define defines the flags on fl.
func define(fl *flag.FlagSet, f *flags) {
	fl.StringVar(&f.input, "input", "", "the dataset: one `FILE` of records, each holding the reference and the output")
	fl.StringVar(&f.ref, "ref", "", "the references: a `FILE` of records (with --out)")
	fl.StringVar(&f.out, "out", "", "the outputs: a `FILE` of records (with --ref), paired by id, else by line")
	fl.StringVar(&f.pairing, "pairing", "", "pair --ref and --out by `MODE`: id or line (default: by id when the first records of both have one, as score decides)")
	fl.StringVar(&f.weights, "weights", "", "the weights `FILE`")
	fl.StringVar(&f.output, "output", "", "where to write the --format json result (`FILE`, or a URL such as gs://...)")
	fl.StringVar(&f.cases, "cases", "", "also write each case's line (score --format jsonl) to `FILE`, in no particular order")
	fl.StringVar(&f.s.RefField, "ref-field", "", "the reference's field in a record (`PATH`, such as .expected)")
	fl.StringVar(&f.s.OutField, "out-field", "", "the output's field in a record (`PATH`)")
	fl.StringVar(&f.s.IDField, "id-field", "", "the id's field in a record (`PATH`)")
	fl.StringVar(&f.s.GroupBy, "group-by", "", "group the cases by the value of this `PATH` of the record")
	fl.StringVar(&f.s.Metric, "metric", scoring.DefaultMetric, "the metric `NAME`: one of jsontui score's")
	fl.StringVar(&f.rules, "rules", "", "compare the leaves at some paths by the rules in `FILE` (jsondiff)")
	fl.Float64Var(&f.threshold, "match-threshold", 1, "a leaf scoring at least `X` counts as a true positive")
	fl.Float64Var(&f.pass, "pass", 0, "a case passes at a score of at least `X`")
	fl.IntVar(&f.shards, "shards", 1, "add the case lines up into `K` partial results, then merge them (any K gives the same bits)")
	for _, name := range optionNames {
		fl.Var(&optionFlag{name: name, opts: &f.s.Options, bool: name == scoring.OptStrictFields}, name,
			"the metric option --"+name+", as jsontui score takes it (options: "+describeOptions()+")")
	}
}

// usageError is bad input or usage: exit 2.
type usageError struct{ error }

// prepare checks the flags and reads the settings files, on the launcher.
func prepare(fl *flag.FlagSet, f *flags) (*job, error) {
	bad := func(format string, a ...any) error { return usageError{fmt.Errorf(format, a...)} }
	given := map[string]bool{}
	fl.Visit(func(fl *flag.Flag) { given[fl.Name] = true })
	j := &job{S: f.s, Output: f.output, Cases: f.cases, Shards: f.shards}
	switch {
	case f.input != "" && (f.ref != "" || f.out != ""):
		return nil, bad("give --input FILE, or --ref FILE and --out FILE, not both")
	case f.input != "":
		j.S.Ref, j.S.Pairing = f.input, string(dataset.PairRecord)
	case f.ref != "" && f.out != "":
		j.S.Ref, j.S.Out = f.ref, f.out
	default:
		return nil, bad("give the dataset: --input FILE (one file of records), or --ref FILE and --out FILE")
	}
	if f.output == "" {
		return nil, bad("give --output FILE for the result")
	}
	if f.shards < 1 {
		return nil, bad("--shards %d: give 1 or more", f.shards)
	}
	if given["pass"] {
		if !(f.pass >= 0 && f.pass <= 1) {
			return nil, bad("--pass %v is outside [0, 1]", f.pass)
		}
		j.Pass = &f.pass
	}
	j.S.Threshold, j.S.HasThreshold = f.threshold, given["match-threshold"]
	var err error
	if j.S.Weights, err = readText("weights", f.weights); err != nil {
		return nil, usageError{err}
	}
	if j.S.Rules, err = readText("rules", f.rules); err != nil {
		return nil, usageError{err}
	}
	j.S.WeightsName, j.S.RulesName = f.weights, f.rules
	if j.S.Out != "" {
		if j.S.Pairing, err = pairing(f.pairing, j.S.spec()); err != nil {
			return nil, usageError{err}
		}
	}
	if _, err := j.S.scorer(); err != nil { // the settings, checked once here
		return nil, usageError{err}
	}
	return j, nil
}

// pairing returns how two files pair: as given, or as score decides.
func pairing(given string, spec dataset.Spec) (string, error) {
	switch given {
	case "id", "line":
		return given, nil
	case "":
	default:
		return "", fmt.Errorf("--pairing %q: give id or line", given)
	}
	src, err := dataset.Open(spec)
	if err != nil {
		return "", fmt.Errorf("%v (give --pairing when the launcher cannot read the files)", err)
	}
	defer src.Close()
	return string(src.Pairing()), nil
}

// run parses the arguments, runs the pipeline and returns the exit code.
func run(ctx context.Context, args []string, stderr io.Writer) int {
	fl := flag.CommandLine // Beam's flags are there too
	var f flags
	define(fl, &f)
	if err := fl.Parse(args); err != nil {
		return 2
	}
	beam.Init() // a worker runs here and does not return
	j, err := prepare(fl, &f)
	if err != nil {
		fmt.Fprintln(stderr, "jsontui-beam:", setting.Text(err, flagName))
		return 2
	}
	if err := beamx.Run(ctx, build(j)); err != nil {
		fmt.Fprintln(stderr, "jsontui-beam:", setting.Text(err, flagName))
		return 1
	}
	return 0
}

// flagName is the flag for an engine setting: the flags are named as the
// settings are, as jsontui's own.
func flagName(name string) string { return "--" + name }

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stderr))
}
