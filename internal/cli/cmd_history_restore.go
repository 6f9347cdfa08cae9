package cli

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/jsontui/jsontui/internal/atomicfile"
	"github.com/jsontui/jsontui/internal/escape"
)

// historyRestoreCmd is `history restore ID [-o FILE]`: a run's weights
// in force, as a weights file, on the command line (the explorer's R).
func (a *app) historyRestoreCmd() *cobra.Command {
	var out, rulesOut string
	cmd := &cobra.Command{
		Use:   "restore ID",
		Short: "Write the weights (and rules) a recorded run used, as a weights file",
		Long: `Print the weights in force in run ID as a weights file, or write them to
FILE with -o (atomically: a reader sees the old file or the new one). A
run whose weights were all 1.0 gives {}. --rules-out FILE writes the
run's per-key rules as a rules file too. ID is an id, a unique prefix of
one, or a label (the latest run with it).`,
		Example: `  jsontui history restore 01kaq3m2x9 > weights.json
  jsontui history restore model-b -o weights.json --rules-out rules.json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			run, err := a.getRun(args[0])
			if run == nil {
				return err
			}
			weights := []byte(run.WeightsJSON)
			if len(weights) == 0 {
				weights = []byte("{}")
			}
			if weights[len(weights)-1] != '\n' {
				weights = append(weights, '\n')
			}
			if rulesOut != "" {
				if len(run.RulesJSON) == 0 {
					return badInput(fmt.Errorf("--rules-out: run %s used no rules", run.ID))
				}
				if werr := writeRestored(rulesOut, append([]byte(run.RulesJSON), '\n')); werr != nil {
					return werr
				}
			} else if len(run.RulesJSON) > 0 {
				fmt.Fprintf(a.stderr, "jsontui: run %s also used per-key rules (%s): --rules-out FILE writes them\n", run.ID, escape.Name(run.Rules.Path))
			}
			if out == "" || out == "-" {
				if _, werr := a.stdout.Write(weights); werr != nil {
					return werr
				}
				return err
			}
			if werr := writeRestored(out, weights); werr != nil {
				return werr
			}
			fmt.Fprintf(a.stderr, "jsontui: wrote the weights of run %s to %s\n", run.ID, escape.Name(out))
			return err // the damage of a store that read
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "write the weights to `FILE` instead of standard output")
	cmd.Flags().StringVar(&rulesOut, "rules-out", "", "write the run's per-key rules to `FILE` too")
	return cmd
}

// writeRestored writes data to the file name atomically, keeping the mode
// of a file it replaces (0644 for a new one).
func writeRestored(name string, data []byte) error {
	mode := os.FileMode(0o644)
	if st, err := os.Stat(name); err == nil {
		if !st.Mode().IsRegular() {
			return badInput(fmt.Errorf("%s is not a regular file: jsontui does not write it", escape.Name(name)))
		}
		mode = st.Mode().Perm()
	} else if !errors.Is(err, os.ErrNotExist) {
		return badInput(fmt.Errorf("%s: %w", escape.Name(name), err))
	}
	if err := atomicfile.Write(name, data, mode); err != nil {
		return badInput(fmt.Errorf("writing %s: %w", escape.Name(name), err))
	}
	return nil
}
