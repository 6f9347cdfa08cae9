package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/jsontui/jsontui/internal/atomicfile"
	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/calibrate"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/report"
)

// fitFlags are `weights fit`'s flags.
type fitFlags struct {
	dataset   datasetFlags
	metric    metricFlags
	labels    labelFlags
	out       string
	keep      float64
	free      bool
	folds     int
	objective string
	minGain   float64
}

func (a *app) weightsFitCmd() *cobra.Command {
	var f fitFlags
	cmd := &cobra.Command{
		Use:   "fit DATA [WEIGHTS] --labels FILE | --label-field PATH [-o OUT]",
		Short: "Fit the weights that make a dataset's scores agree best with people's labels",
		Long: `Find the weights, each in [0, 1] (every weights entry the references have,
the loopbacks included), under which the case scores agree best with people's
labels of the cases: Kendall's tau-b for grades (numbers in [0, 1]), the ROC
AUC for verdicts (pass or fail). The fit starts from WEIGHTS (every weight 1
without it) and is pulled back towards them (--keep), so that no weight moves
without a gain; a weight of 0 stays 0 unless --free.

The fit minimises a smooth stand-in for the agreement (--objective pairwise:
a logistic loss over the pairs of cases whose labels differ; mse: the squared
difference of score and label) by projected gradient, rounds the weights to
3 decimals, and takes back every change whose own effect on the agreement is
no gain. It is cross-validated: the same fit runs on all folds but one
(--folds, seeded by --seed), and the agreement of the fold held out is
measured before and after, pooled over the folds. A fit whose held-out gain
is below
--min-gain says so, writes nothing and exits 1.

The report goes to standard error: the agreement before and after, on the
cases fitted and held out, and every weight changed with its effect (what
the agreement loses when that weight alone goes back), largest first. The
weights file goes to OUT (-o) or standard output: WEIGHTS's shape and key
order kept. The same inputs give the same file, byte for byte.

Exit codes: 0 fitted, 1 no improvement (nothing written), 2 bad input.`,
		Example: `  jsontui weights fit evals.jsonl weights.json --labels reviews.jsonl -o fitted.json
  jsontui weights fit evals.jsonl --label-field .human_score > fitted.json
  jsontui weights fit refs/ answers/ weights.json --labels verdicts.jsonl --folds 10 -o fitted.json`,
		Args: cobra.RangeArgs(1, 3),
		RunE: func(cmd *cobra.Command, args []string) error {
			f.dataset.changed(cmd.Flags())
			return a.weightsFit(args, &f)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&f.out, "output", "o", "", "write the fitted weights file to `OUT` (default: standard output)")
	def := calibrate.DefaultFitOptions()
	fl.Float64Var(&f.keep, "keep", def.Keep, "the pull towards the start weights: `X`·Σ(w − w0)² is added to the loss")
	fl.BoolVar(&f.free, "free", false, "let weights that start at 0 move too")
	fl.IntVar(&f.folds, "folds", def.Folds, "the cross-validation's `K` folds")
	fl.StringVar(&f.objective, "objective", "", "the smooth loss: pairwise (default: tau-b with grades, the AUC with verdicts) or mse")
	fl.Float64Var(&f.minGain, "min-gain", def.MinGain, "the held-out gain `X` below which the fit writes nothing and exits 1")
	addLabelFlags(fl, &f.labels)
	addMetricFlags(fl, &f.metric)
	addDatasetFlags(fl, &f.dataset, false)
	cmd.SetFlagErrorFunc(flagError)
	return cmd
}

// fitOptions checks the flags and returns them as the fit's options.
func (f *fitFlags) fitOptions() (calibrate.FitOptions, error) {
	opt := calibrate.FitOptions{Keep: f.keep, Free: f.free, Folds: f.folds, MinGain: f.minGain, Seed: f.labels.seed}
	var err error
	switch {
	case !f.labels.given():
		err = errors.New("weights fit needs people's labels: --labels FILE or --label-field PATH")
	case !(f.keep >= 0) || math.IsInf(f.keep, 0):
		err = fmt.Errorf("--keep %v: it is 0 or more", f.keep)
	case f.folds < 2:
		err = fmt.Errorf("--folds %d: it is 2 or more", f.folds)
	case math.IsNaN(f.minGain):
		err = errors.New("--min-gain is not a number")
	}
	if err == nil {
		err = f.labels.check()
	}
	if err == nil {
		opt.Objective, err = calibrate.ParseObjective(f.objective)
	}
	return opt, err
}

// weightsFit is `jsontui weights fit`.
func (a *app) weightsFit(args []string, f *fitFlags) error {
	opt, err := f.fitOptions()
	if err != nil {
		return badInput(err)
	}
	spec, weightsName, isDataset, err := a.datasetArgs(args, f.dataset.force)
	switch {
	case err != nil:
		return badInput(err)
	case !isDataset:
		return badInput(fmt.Errorf("weights fit takes a dataset (a directory, a .jsonl file, or --dataset): %s is not one", escape.Name(args[0])))
	}
	if err := f.labels.checkStdin(spec, weightsName, f.metric.rules); err != nil {
		return badInput(err)
	}
	cfg, _, _, err := a.datasetConfig(&spec, &f.dataset, &f.metric, weightsName)
	if err != nil {
		return err
	}
	cfg.Keep = true
	spec.LabelField = f.labels.field
	src, err := openDataset(spec, &f.dataset)
	if err != nil {
		return badInput(err)
	}
	defer src.Close()
	res, err := dataset.Score(context.Background(), src, cfg)
	if err != nil {
		return badInput(err)
	}
	scoring.SpellSettings(res.Figures.Warnings, flagName)
	a.printDatasetNotes(dataset.HeaderOf(res, displayNameOrEmpty(weightsName)), res.Figures, false)
	labels, paired, err := a.pairLabels(&f.labels, spec, res.Figures.Cases)
	if err != nil {
		return err
	}
	m, err := res.Scored.WeightModel()
	if errors.Is(err, dataset.ErrFixedWeights) {
		return badInput(fmt.Errorf("--metric %s takes no weights: there is nothing to fit", res.Figures.Metric))
	}
	if err != nil {
		return badInput(err)
	}
	fit, err := calibrate.Fit(m, paired, opt)
	if err != nil {
		return badInput(err)
	}
	writeFitReport(a.stderr, fit, labels, len(m.Entries()))
	if !fit.Improved {
		return &exitError{code: 1, err: fmt.Errorf("no improvement: the held-out gain %s is below --min-gain %s; nothing written",
			gainText(fit.Gain), report.Figure(opt.MinGain))}
	}
	return a.writeFitted(res.Scored, fit, f.out)
}

// writeFitted writes the fitted weights file: the dataset's weights file
// with the changed entries set, to out (atomically) or standard output.
func (a *app) writeFitted(d *dataset.Scored, fit *calibrate.FitResult, out string) error {
	ws := make([]dataset.PathWeight, len(fit.Changes))
	for k, c := range fit.Changes {
		ws[k] = dataset.PathWeight{Path: c.Path, Weight: c.To}
	}
	if err := d.SetWeights(ws); err != nil {
		return err
	}
	data, err := d.MarshalWeights()
	if err != nil {
		return err
	}
	if out == "" || out == "-" {
		_, err = a.stdout.Write(data)
		return err
	}
	if err := atomicfile.Write(out, data, 0o644); err != nil {
		return fmt.Errorf("%s: %w", escape.Name(out), err)
	}
	fmt.Fprintf(a.stderr, "jsontui: wrote %s\n", escape.Name(out))
	return nil
}

// gainText is a gain with its sign, 4 decimals; n/a when undefined.
func gainText(v float64) string {
	if math.IsNaN(v) {
		return "n/a"
	}
	s := report.Figure(math.Round(v*1e4) / 1e4)
	if v >= 0 {
		s = "+" + s
	}
	return s
}

// agreeText is an agreement figure, 4 decimals; n/a when undefined.
func agreeText(v float64) string {
	if math.IsNaN(v) {
		return "n/a"
	}
	return report.Figure(math.Round(v*1e4) / 1e4)
}

// writeFitReport prints what the fit found: the agreement before and
// after, on the cases fitted and held out, and the weights it changed.
func writeFitReport(w io.Writer, r *calibrate.FitResult, l *calibrate.Labels, entries int) {
	name := "Kendall's tau-b"
	if r.Kind == calibrate.Verdict {
		name = "ROC AUC"
	}
	fmt.Fprintf(w, "jsontui: fitted %d weights to %d %ss (%s): objective %s, %d folds\n", entries, r.Cases, r.Kind, escape.Name(l.Source), r.Objective, r.Folds)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%s\tbefore\tafter\tgain\t\n", name)
	fmt.Fprintf(tw, "fitted (%d cases)\t%s\t%s\t%s\t\n", r.Cases, agreeText(r.Before), agreeText(r.After), gainText(r.After-r.Before))
	fmt.Fprintf(tw, "held out (%d folds)\t%s\t%s\t%s\t\n", r.Folds, agreeText(r.HeldBefore), agreeText(r.HeldAfter), gainText(r.HeldAfter-r.HeldBefore))
	tw.Flush()
	gains := make([]string, len(r.FoldGains))
	for k, g := range r.FoldGains {
		gains[k] = gainText(g)
	}
	fmt.Fprintf(w, "held-out gain %s (each fold's own: %s)\n", gainText(r.Gain), strings.Join(gains, " "))
	if len(r.Changes) == 0 {
		fmt.Fprintln(w, "no weight changed")
		return
	}
	fmt.Fprintf(w, "weights changed (%d), largest effect first (effect: what the agreement loses when the weight alone goes back)\n", len(r.Changes))
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, c := range r.Changes {
		also := ""
		if len(c.Paths) > 1 {
			also = " (also " + strings.Join(c.Paths[1:], ", ") + ")"
		}
		fmt.Fprintf(tw, "  %s%s\t%s → %s\t%s\n", escape.Name(c.Path), also, report.Figure(c.From), report.Figure(c.To), gainText(c.Effect))
	}
	tw.Flush()
}
