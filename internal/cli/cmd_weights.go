package cli

import (
	"strconv"

	"github.com/spf13/cobra"

	"github.com/jsontui/jsontui/scoring"
)

func (a *app) weightsCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "weights",
		Short: "Work with weights files",
	}
	cmd.AddCommand(&cobra.Command{
		Use:   "init REF",
		Short: "Print a weights file for REF: every key 1.0, loopbacks in place",
		Long: `Print a weights file mirroring REF's shape: every key weighs 1.0; a key with
keys below it (an object, or an array of objects) holds an object whose
"__<key>" loopback entry is the key's own weight; any other key holds a
number.

The file is indented two spaces a level down to ` + strconv.Itoa(scoring.MaxIndentDepth) + ` levels; the members of
deeper objects are written on their parent's line, so that the file stays
about the size of REF however deep REF is nested. REF may be - for standard
input.`,
		Example: `  jsontui weights init ref.json > weights.json`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			in, err := a.loadInputs(args[0], "", "", nil, false)
			if err != nil {
				return err
			}
			tree, err := scoring.Build(in.ref, in.ref, nil, scoring.Options{})
			if err != nil {
				return badInput(err)
			}
			_, err = a.stdout.Write(tree.InitWeights())
			return err
		},
	})
	return cmd
}
