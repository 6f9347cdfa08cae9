package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/spf13/cobra"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/validate"
	"github.com/jsontui/jsontui/themes"
	"github.com/jsontui/jsontui/tui"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/shell"
)

// syncLoadLimit is the input size up to which the explorer loads before
// it starts (errors then read as `score`'s do); larger inputs load in the
// background behind a progress bar.
const syncLoadLimit = 8 << 20

// exploreFlags are the explorer's flags (the root command's and demo's).
type exploreFlags struct {
	theme   string
	noMouse bool
	metric  metricFlags
	schema  string
	// allowFileRefs lets the schema's "$ref"s read any local file.
	allowFileRefs bool
}

// addExploreFlags defines the explorer's flags on cmd, which set f: the
// theme, the mouse, the metric and its options (as `score` has them) and
// --schema.
func addExploreFlags(cmd *cobra.Command, f *exploreFlags) {
	fl := cmd.Flags()
	fl.StringVar(&f.theme, "theme", "", "colour `theme`: "+strings.Join(themes.Names(), ", ")+
		" (default $JSONTUI_THEME; mono when $NO_COLOR is set; else dark or light from the terminal)")
	fl.BoolVar(&f.noMouse, "no-mouse", false, "turn mouse support off")
	addMetricFlags(fl, &f.metric)
	fl.StringVar(&f.schema, "schema", "", "mark the output's nodes that break the JSON Schema in `FILE` (as jsontui validate --schema)")
	fl.BoolVar(&f.allowFileRefs, "schema-allow-file-refs", false, `let the schema's "$ref"s read any local file, not only those in its folder`)
}

// exploreSettings turns the explorer's flags and environment into options:
// the theme, the metric and its options, checked as `score` checks them,
// and the schema, compiled. args are the file arguments. Its errors are
// bad input.
func (a *app) exploreSettings(f *exploreFlags, args []string) (ports.Options, error) {
	var opts ports.Options
	theme, err := themes.Select(f.theme, a.getenv)
	if err != nil {
		return opts, err
	}
	opts.Theme = theme
	opts.NoMouse = f.noMouse
	metric, err := f.metric.metric()
	if err != nil {
		return opts, err
	}
	opts.Metric, opts.MetricOptions = metric.Name(), f.metric.opt
	opts.Metrics = ports.ChoicesOf(scoring.Metrics())
	opts.Rescore = ports.RunMetric
	var rulesFile inputFile
	if opts.Rules, rulesFile, err = a.readRules(f.metric.rules, args); err != nil {
		return opts, err
	}
	a.exploreRules = history.NewFile(rulesFile.name, rulesFile.data)
	if err := scoring.CheckRules(metric, opts.Rules); err != nil {
		return opts, err
	}
	if name := f.metric.rules; name != "" {
		opts.Files.Rules = name
		if name != "-" {
			opts.Files.RulesSavePath = name
		}
	}
	if name := f.schema; name != "" {
		if name == "-" && slices.Contains(args, "-") {
			return opts, errors.New("only one file argument may be - (standard input): --schema and a file both are")
		}
		src, err := a.readInput(name)
		if err != nil {
			return opts, fmt.Errorf("--schema %w", err)
		}
		if opts.Schema, err = validate.Compile(name, src.data, &validate.Options{AllowFileRefs: f.allowFileRefs}); err != nil {
			return opts, fmt.Errorf("--schema %w", err)
		}
	}
	return opts, nil
}

// scoreExplorer scores the documents with the explorer's metric and
// options, as `score` does, and makes what the explorer loads. It stops
// with ctx's error when ctx is cancelled; its other errors are bad input.
func scoreExplorer(ctx context.Context, ref, out *jsondoc.Doc, w *scoring.Weights, opts ports.Options) (ports.Loaded, error) {
	name := opts.Metric
	if name == "" {
		name = scoring.DefaultMetric
	}
	res, err := scoring.RunNamed(name, &scoring.Input{Ref: ref, Out: out, Weights: w, Opt: opts.MetricOptions, Rules: opts.Rules, Context: ctx})
	if err == nil {
		var l ports.Loaded
		if l, err = ports.NewLoaded(ctx, res, ref, out, w); err == nil {
			return l, nil
		}
	}
	if ctx.Err() != nil {
		return ports.Loaded{}, context.Cause(ctx)
	}
	return ports.Loaded{}, badInput(err)
}

// needTerminal refuses to start the explorer without a terminal. Standard
// input may be a pipe when a file argument reads it (-), or --schema does
// (stdinRead): the explorer then takes its keys from the terminal itself.
func (a *app) needTerminal(args []string, stdinRead bool) error {
	dash := stdinRead
	for _, x := range args {
		dash = dash || x == "-"
	}
	stream := ""
	switch {
	case !a.stdoutTTY:
		stream = "standard output"
	case !a.stdinTTY && !dash:
		stream = "standard input"
	default:
		return nil
	}
	what := "jsontui score " + joinArgs(args)
	if len(args) == 0 {
		what = "jsontui score REF OUT [WEIGHTS]"
	}
	return badInput(fmt.Errorf("%w (%s is not one); for headless scoring use: %s", errNoTerminal, stream, what))
}

// explore opens the explorer on REF OUT [WEIGHTS].
func (a *app) explore(f *exploreFlags, args []string) error {
	opts, err := a.exploreSettings(f, args)
	if err != nil {
		return badInput(err)
	}
	if err := a.needTerminal(args, f.schema == "-"); err != nil {
		return err
	}
	ref, out, weights := args[0], args[1], ""
	if len(args) == 3 {
		weights = args[2]
	}
	// The history pane reads the store (and the runs are recorded there):
	// a store path that cannot be one is refused now. Then the explorer
	// owns the terminal: the store's warnings wait for a later command.
	if _, err := a.historyStore(); err != nil {
		return err
	}
	a.quietHistory = true
	if opts, err = a.exploreInputs(opts, ref, out, weights); err != nil {
		return err
	}
	defer a.stopExploreScore()
	return a.runExplorer(opts)
}

// stopExploreScore stops the score of the explorer's inputs, if it is
// still under way, and waits for it: the explorer's load stops it, but
// an explorer that ended first never started its load.
func (a *app) stopExploreScore() {
	if a.stopScore != nil {
		a.stopScore()
		a.stopScore = nil
	}
}

// exploreInputs completes the explorer's options for REF OUT [WEIGHTS]:
// the files, the history (recording unless --no-history), and the inputs
// loaded now when they are small, else a loader.
func (a *app) exploreInputs(opts ports.Options, ref, out, weights string) (ports.Options, error) {
	opts.Files.Reference, opts.Files.Output, opts.Files.Weights, opts.Files.DefaultSave = ref, out, weights, "weights.json"
	opts.Files.DefaultRulesSave = "rules.json"
	if weights != "" && weights != "-" {
		opts.Files.SavePath = weights
	}
	if ref != "-" {
		opts.Files.DefaultSave = filepath.Join(filepath.Dir(ref), "weights.json")
		opts.Files.DefaultRulesSave = filepath.Join(filepath.Dir(ref), "rules.json")
	}
	// The history pane reads the store even with --no-history, which
	// only stops the recording.
	rec := &explorerRecorder{a: a, flags: a.exploreHistory}
	opts.History = rec
	if !a.exploreHistory.noHistory {
		opts.Recorder = rec
	}
	opts.Recovery = a.recoveryKeeper(opts.Files, rec)
	if inputSize(ref, out, weights) > syncLoadLimit {
		opts.Load = a.loader(ref, out, weights, rec, opts)
		return opts, nil
	}
	in, err := a.loadInputs(ref, out, weights, nil, false)
	if err != nil {
		return opts, err
	}
	rec.setInputs([3]string{ref, out, weights}, [3][]byte{in.files[0].data, in.files[1].data, in.files[2].data})
	// Small inputs parse at once, but their score can still take seconds
	// (long strings): wait for it only briefly, then let it finish behind
	// the loading screen, where q cancels it.
	ctx, cancel := context.WithCancelCause(context.Background())
	scored, finished := make(chan loadResult, 1), make(chan struct{})
	scoreOpts := opts // the goroutine's own copy: opts changes below
	go func() {
		defer close(finished)
		l, err := scoreExplorer(ctx, in.ref, in.out, in.weights, scoreOpts)
		scored <- loadResult{l, err}
	}()
	select {
	case r := <-scored:
		cancel(nil)
		if r.err != nil {
			return opts, r.err
		}
		opts.Loaded = &r.loaded
		return opts, nil
	case <-time.After(syncScoreWait):
	}
	// The explorer's load takes the score over; an explorer that ends
	// before it starts its load (a signal at once) leaves it to
	// stopScore.
	a.stopScore = func() {
		cancel(errLoadCanceled)
		<-finished
	}
	total := int64(len(in.files[0].data) + len(in.files[1].data))
	opts.Load = func(lctx context.Context, progress func(done, total int64)) (ports.Loaded, error) {
		progress(total, total) // parsed: the loading screen says it scores
		defer cancel(nil)
		select {
		case r := <-scored:
			return r.loaded, r.err
		case <-lctx.Done():
			cancel(errLoadCanceled)
			// The score stops within about a millisecond, with the
			// cause; if it had just finished, the load's own error.
			if r := <-scored; r.err != nil {
				return ports.Loaded{}, r.err
			}
			return ports.Loaded{}, lctx.Err()
		}
	}
	return opts, nil
}

// errLoadCanceled is why the score of a load the user quit stopped.
var errLoadCanceled = errors.New("the explorer quit while scoring")

// syncScoreWait is how long the explorer waits, before it starts, for the
// score of inputs small enough to load at once (see exploreInputs).
const syncScoreWait = 50 * time.Millisecond

// loadResult is what a background load gives.
type loadResult struct {
	loaded ports.Loaded
	err    error
}

// runExplorer runs the explorer on the app's terminal.
func (a *app) runExplorer(opts ports.Options) error {
	progOpts := []tea.ProgramOption{tea.WithOutput(a.stdout)}
	if a.stdinTTY {
		progOpts = append(progOpts, tea.WithInput(a.stdin))
	}
	err := tui.Explore(opts, progOpts...)
	var ee *exitError
	var ie *shell.Interrupted
	if errors.As(err, &ie) {
		return &exitError{code: ie.ExitCode(), err: ie}
	}
	if err != nil && !errors.As(err, &ee) {
		return fmt.Errorf("the explorer failed: %w", err)
	}
	return err
}

// inputSize returns the bytes of the named files; standard input counts
// as small (it has been read by the time it is parsed).
func inputSize(names ...string) int64 {
	var n int64
	for _, name := range names {
		if name == "" || name == "-" {
			continue
		}
		if st, err := os.Stat(name); err == nil {
			n += st.Size()
		}
	}
	return n
}

// loader reads, parses (in parallel, reporting the bytes parsed) and
// scores the inputs in the background with the metric of opts. Its
// failures are bad input.
func (a *app) loader(refName, outName, weightsName string, rec *explorerRecorder, opts ports.Options) ports.Loader {
	return func(ctx context.Context, progress func(done, total int64)) (ports.Loaded, error) {
		names := [3]string{refName, outName, weightsName}
		var total atomic.Int64
		for _, name := range names[:2] {
			if st, err := os.Stat(name); err == nil && name != "-" {
				total.Add(st.Size())
			}
		}
		var done [2]atomic.Int64
		opt := func(i int) *jsondoc.Options {
			return &jsondoc.Options{Cancel: ctx.Done(), Progress: func(d, _ int) {
				done[i].Store(int64(d))
				progress(done[0].Load()+done[1].Load(), total.Load())
			}}
		}
		progress(0, total.Load())
		in, err := a.loadInputs(refName, outName, weightsName, opt, false)
		if err != nil {
			return ports.Loaded{}, err
		}
		rec.setInputs(names, [3][]byte{in.files[0].data, in.files[1].data, in.files[2].data})
		total.Store(int64(len(in.files[0].data) + len(in.files[1].data)))
		progress(total.Load(), total.Load())
		return scoreExplorer(ctx, in.ref, in.out, in.weights, opts)
	}
}

func joinArgs(args []string) string { return strings.Join(args, " ") }
