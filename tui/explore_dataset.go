package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/datasetpage"
	"github.com/jsontui/jsontui/tui/ports"
)

// ExploreDataset opens the dataset explorer and returns when the user
// quits. Its error is the program's, or why the dataset could not be
// loaded (the caller reports it as `score` would), or an *Interrupted
// when a signal ended it.
//
// SIGINT, SIGTERM and SIGHUP end it as they end a pair's explorer
// (Explore): as `q` does, without asking, the weights tuned in a case
// open carried to the dataset, the state at quit recorded, the unsaved
// weights kept in the recovery file (DatasetOptions.Recovery), and the
// records under way waited for. A second signal stops the waiting; a
// third one ends the process at once.
func ExploreDataset(opts ports.DatasetOptions, progOpts ...tea.ProgramOption) error {
	return runExplorer(datasetpage.New(opts), progOpts)
}
