package cli

import (
	"path/filepath"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/recovery"
)

// recoveryKeeper returns the keeper of the explorer's unsaved weights for
// files: the recovery file goes beside the weights file the explorer
// saves to (for a pair opened without one, beside the file ctrl+s
// offers, weights.json in the reference's folder), or, where that folder
// cannot be written, in the user's state folder (recoveryDir). The pair
// is identified by the inputs' paths and hashes as the history has them;
// the rules file (--rules) is named as read.
func (a *app) recoveryKeeper(files ports.Files, rec *explorerRecorder) *recovery.Keeper {
	saveTo := files.SavePath
	if saveTo == "" {
		saveTo = files.DefaultSave
	}
	abs, absErr := filepath.Abs(saveTo)
	pair := func() (recovery.Pair, error) {
		if absErr != nil {
			return recovery.Pair{}, absErr
		}
		in, err := rec.inputs()
		if err != nil {
			return recovery.Pair{}, err
		}
		input := func(f history.File) recovery.Input { return recovery.Input{Path: f.Path, SHA256: f.SHA256} }
		return recovery.Pair{Reference: input(in[0]), Output: input(in[1]), Weights: input(in[2]), Rules: input(a.exploreRules), SaveTo: abs}, nil
	}
	return recovery.New(pair, a.recoveryDir())
}

// recoveryDir is the folder of the recovery files that cannot go beside
// their weights file: $XDG_STATE_HOME/jsontui/recovery when XDG_STATE_HOME
// is an absolute path (the XDG spec ignores a relative one), else
// ~/.local/state/jsontui/recovery; "" when there is no home either.
func (a *app) recoveryDir() string {
	if x := a.getenv("XDG_STATE_HOME"); x != "" && filepath.IsAbs(x) {
		return filepath.Join(x, "jsontui", "recovery")
	}
	if home := a.getenv("HOME"); home != "" && filepath.IsAbs(home) {
		return filepath.Join(home, ".local", "state", "jsontui", "recovery")
	}
	return ""
}

// datasetRecoveryKeeper returns the keeper of a dataset explorer's unsaved
// weights for files, as recoveryKeeper does a pair's: the dataset is
// identified by its files of references and outputs (sides, hashed on
// first use), and weights is the weights file as read.
func (a *app) datasetRecoveryKeeper(files ports.Files, weights inputFile, sides func() [2]history.File) *recovery.Keeper {
	saveTo := files.SavePath
	if saveTo == "" {
		saveTo = files.DefaultSave
	}
	abs, absErr := filepath.Abs(saveTo)
	rules := a.exploreRules
	pair := func() (recovery.Pair, error) {
		if absErr != nil {
			return recovery.Pair{}, absErr
		}
		in := sides()
		input := func(f history.File) recovery.Input { return recovery.Input{Path: f.Path, SHA256: f.SHA256} }
		return recovery.Pair{Reference: input(in[0]), Output: input(in[1]), Dataset: true,
			Weights: input(history.NewFile(weights.name, weights.data)), Rules: input(rules), SaveTo: abs}, nil
	}
	return recovery.New(pair, a.recoveryDir())
}
