package cli

import (
	"context"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
)

func (a *app) weightsCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "weights",
		Short: "Work with weights files",
	}
	var d datasetFlags
	initCmd := &cobra.Command{
		Use:   "init REF",
		Short: "Print a weights file for REF (or a dataset's references): every key 1.0, loopbacks in place",
		Long: `Print a weights file mirroring REF's shape: every key weighs 1.0; a key with
keys below it (an object, or an array of objects) holds an object whose
"__<key>" loopback entry is the key's own weight; any other key holds a
number.

The file is indented two spaces a level down to ` + strconv.Itoa(scoring.MaxIndentDepth) + ` levels; the members of
deeper objects are written on their parent's line, so that the file stays
about the size of REF however deep REF is nested. REF may be - for standard
input.

REF may be a dataset's references (docs/datasets.md): a file of records (a .jsonl
file, or a .json array with --dataset), each record's reference field (found
by name, or --ref-field) or the record itself, or a directory of JSON files.
The weights file then holds the union of the references' keys.`,
		Example: `  jsontui weights init ref.json > weights.json
  jsontui weights init evals.jsonl > weights.json     # every case's keys`,
		Args: oneSide("weights init", "REF", 0, nil),
		RunE: func(cmd *cobra.Command, args []string) error {
			spec, _, isDataset, err := a.datasetArgs(args, d.force)
			if err != nil {
				return badInput(err)
			}
			if isDataset {
				spec.RefField = d.refField
				out, err := dataset.InitWeights(context.Background(), spec)
				if err != nil {
					return badInput(err)
				}
				_, err = a.stdout.Write(out)
				return err
			}
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
	}
	fl := initCmd.Flags()
	fl.BoolVar(&d.force, "dataset", false, "read REF as a dataset: a .json array of records, or - as one")
	fl.StringVar(&d.refField, "ref-field", "", "dataset: the reference's field in a record, as a `PATH`")
	initCmd.SetFlagErrorFunc(flagError)
	cmd.AddCommand(initCmd, a.weightsFitCmd())
	return cmd
}
