package cli

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/tui/ports"
)

// demoCmd is `jsontui demo`: the explorer on the bundled pizza example.
func (a *app) demoCmd() *cobra.Command {
	var f exploreFlags
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "Explore the bundled example (the pizza menu of docs/scoring.md)",
		Long: `Open the explorer on the example bundled in jsontui: a pizza menu whose
output got one price and one pizza wrong, under a weights file. Nothing is
read from disk; ctrl+s asks where to write the tuned weights.`,
		Example: `  jsontui demo
  jsontui demo --theme colorblind
  jsontui demo --metric uipath          # UiPath's number, and why, node by node`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts, err := a.exploreSettings(&f, nil)
			if err != nil {
				return badInput(err)
			}
			if err := a.needTerminal(nil, f.schema == "-"); err != nil {
				return err
			}
			loaded, err := loadDemo(opts)
			if err != nil {
				return err
			}
			ref, out, w := demoFiles()
			opts.Files = ports.Files{Reference: ref.Name, Output: out.Name, Weights: w.Name, DefaultSave: "weights.json"}
			opts.Loaded = &loaded
			return a.runExplorer(opts)
		},
	}
	cmd.SetFlagErrorFunc(flagError)
	addExploreFlags(cmd, &f)
	return cmd
}

// loadDemo parses and scores the bundled example with the metric of opts.
func loadDemo(opts ports.Options) (ports.Loaded, error) {
	ref, out, w := demoFiles()
	r, err := jsondoc.Parse(ref.Name, ref.Data, nil)
	if err != nil {
		return ports.Loaded{}, err
	}
	o, err := jsondoc.ParseLenient(out.Name, out.Data, nil)
	if err != nil {
		return ports.Loaded{}, err
	}
	weights, err := scoring.ParseWeights(w.Name, w.Data)
	if err != nil {
		return ports.Loaded{}, err
	}
	return scoreExplorer(context.Background(), r, o, weights, opts)
}
