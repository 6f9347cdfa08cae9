// Package cli is the jsontui command line: it scores structured output
// against a reference, key by key, in a terminal explorer or headless as a
// CI gate.
package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring/dataset"
)

// version is set at build time with
// -ldflags "-X github.com/jsontui/jsontui/internal/cli.version=v1.2.3".
var version = ""

// app is what every command shares: the standard streams and the
// environment, passed in so tests can run commands in-process.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	// stdoutTTY, stdinTTY and stderrTTY say whether the streams are
	// terminals.
	stdoutTTY, stdinTTY, stderrTTY bool
	// historyPath is the --history flag.
	historyPath historyFlag
	// historyWait bounds the wait for a busy store (0: the default).
	historyWait time.Duration
	// quietHistory is set while the explorer owns the terminal: the store
	// then has no one to warn, and leaves what it would warn about (a
	// pending run that cannot be imported) for a later command.
	quietHistory bool
	// exploreFlags are the explorer's flags on the root command.
	exploreFlags exploreFlags
	// exploreHistory are the explorer's --no-history, --label and --tag.
	exploreHistory historyFlags
	// exploreRules is the explorer's rules file (--rules) as read, which
	// the recovery file names; empty for none.
	exploreRules history.File
	// exploreDatasetFlags are the dataset flags on the root command.
	exploreDatasetFlags datasetFlags
	// exploreLabels are the explorer's --labels and --label-field.
	exploreLabels labelFlags
	// stopScore stops the score of the explorer's inputs that
	// exploreInputs left under way, and waits for it; nil for none.
	stopScore func()
}

// exitError carries the exit code a failure maps to.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// badInput wraps an error about the user's input or usage: exit code 2.
func badInput(err error) error { return &exitError{code: 2, err: err} }

// inputError is err as bad input (exit 2), unless it carries an exit
// code of its own.
func inputError(err error) error {
	var ee *exitError
	if errors.As(err, &ee) {
		return err
	}
	return badInput(err)
}

// Main runs jsontui with the command line args (without the program name)
// on the process's standard streams and environment, and returns the exit
// code.
func Main(args []string) int {
	a := &app{
		stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv,
		stdoutTTY: isTerminal(os.Stdout), stdinTTY: isTerminal(os.Stdin), stderrTTY: isTerminal(os.Stderr),
	}
	return a.run(args)
}

// run executes the command line args and returns the exit code.
func (a *app) run(args []string) int {
	root := a.rootCmd()
	root.SetArgs(args)
	root.SetIn(a.stdin)
	root.SetOut(a.stdout)
	root.SetErr(a.stderr)
	err := root.Execute()
	if err == nil {
		return 0
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != errQuiet {
			fmt.Fprintf(a.stderr, "jsontui: %s\n", errText(ee.err))
		}
		return ee.code
	}
	// Errors from cobra itself: unknown command or flag, wrong arguments.
	fmt.Fprintf(a.stderr, "jsontui: %s\nRun 'jsontui --help' for usage.\n", errText(err))
	return 2
}

// errQuiet marks an exitError whose message has already been printed.
var errQuiet = errors.New("")

func versionString() string {
	info, _ := debug.ReadBuildInfo()
	return describeVersion(version, info)
}

func (a *app) rootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "jsontui REF OUT [WEIGHTS]",
		Short: "Score structured output against a reference, key by key",
		Long: `jsontui compares a JSON output (an LLM's answer, an extraction pipeline's
record) with a reference, under per-key weights. It shows every node's score,
weight, normalization factor and what it costs the total, lets you tune the
weights live, and records every run in a local history.

With REF and OUT it opens the explorer; 'jsontui score' prints the same
figures headless, for scripts and CI. Both take a dataset too (a .jsonl file
of records, two files, or two folders), and 'jsontui history diff' compares
two runs case by case. The manual is docs/index.md in jsontui's repository.`,
		Example: `  jsontui demo                                   # explore the bundled example
  jsontui ref.json out.json weights.json         # explore, tune weights, save
  jsontui score ref.json out.json weights.json --min 0.9   # CI gate
  llm-call | jsontui score ref.json - --format json        # output from stdin
  jsontui weights init ref.json > weights.json   # start a weights file
  jsontui history                                # past runs`,
		Version: versionString(),
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return nil // jsontui alone: the help
			}
			return cobra.RangeArgs(1, 3)(cmd, args)
		},
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmd.Help()
			}
			if err := commandTypo(cmd, args[0], true); err != nil {
				return err
			}
			a.exploreDatasetFlags.changed(cmd.Flags())
			spec, weights, isDataset, err := a.datasetArgs(args, a.exploreDatasetFlags.force)
			if err != nil {
				return badInput(err)
			}
			if isDataset {
				return a.exploreDataset(&a.exploreFlags, &a.exploreDatasetFlags, spec, weights, args)
			}
			if a.exploreLabels.given() {
				return badInput(fmt.Errorf("--labels and --label-field label a dataset's cases; %s is a single pair (a dataset is a directory, a .jsonl file, or --dataset)", strings.Join(args, " ")))
			}
			if name := a.exploreDatasetFlags.given(cmd.Flags()); name != "" {
				return badInput(fmt.Errorf("--%s is for datasets; %s is a single pair (a dataset is a directory, a .jsonl file, or --dataset)", name, strings.Join(args, " ")))
			}
			if len(args) < 2 {
				if err := dataset.CheckRegular(args[0]); err != nil {
					return badInput(err) // /dev/zero, a FIFO: say so, not "neither"
				}
				return fmt.Errorf("the explorer takes REF OUT [WEIGHTS], or a dataset (a directory, a .jsonl file, or --dataset): %s is neither", args[0])
			}
			return a.explore(&a.exploreFlags, args)
		},
	}
	root.SetFlagErrorFunc(flagError)
	root.PersistentFlags().Var(&a.historyPath, "history", "history store `path` (default $JSONTUI_HISTORY, else $XDG_DATA_HOME/jsontui/history.db)")
	addExploreFlags(root, &a.exploreFlags)
	addDatasetFlags(root.Flags(), &a.exploreDatasetFlags, false)
	addExploreLabelFlags(root.Flags(), &a.exploreLabels)
	addHistoryFlags(root, &a.exploreHistory)
	root.AddCommand(a.scoreCmd(), a.weightsCmd(), a.historyCmd(), a.demoCmd())
	root.AddCommand(a.validateCmd(), a.aggregateCmd())
	return root
}
