package datasetpage

import (
	"context"
	"fmt"
	"time"

	"github.com/jsontui/jsontui/tui/datasetpage/dsprogress"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/pair"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/shell"
)

// dsLoadState tracks a dataset's background load: how far it went, and
// how to stop it.
type dsLoadState struct {
	*dsprogress.Tracker
	cancel context.CancelFunc
}

// dsLoadTickMsg asks the loading screen to show the progress again.
type dsLoadTickMsg struct{}

// dsLoadedMsg carries the scored dataset, or why it could not be.
type dsLoadedMsg struct {
	res *dataset.Result
	err error
}

func tickDatasetLoad(c *common.Common) tea.Cmd {
	return c.Tick(pair.LoadTick, func(time.Time) tea.Msg { return dsLoadTickMsg{} })
}

// startDatasetLoad runs the loader in the background.
func startDatasetLoad(c *common.Common, load ports.DatasetLoader) (*dsLoadState, tea.Cmd) {
	ctx, cancel := context.WithCancel(context.Background())
	ls := &dsLoadState{Tracker: dsprogress.NewTracker(), cancel: cancel}
	cmd := c.Bg.Run(func() tea.Msg {
		res, err := load(ctx, ls.Report)
		return dsLoadedMsg{res, err}
	})
	return ls, tea.Batch(cmd, tickDatasetLoad(c))
}

// loaded takes the result of the background load.
func (m *Model) loaded(msg dsLoadedMsg) tea.Cmd {
	if m.Phase != shell.PhaseLoading {
		return nil
	}
	if msg.err != nil {
		m.LoadErr = msg.err
		return tea.Quit
	}
	m.ready(msg.res)
	return m.FindUnsaved()
}

// view renders the loading screen of the dataset files names (ls nil
// before the load starts): a progress bar of the bytes of the cases
// scored (or the files, for two directories), the cases scored, and how to quit.
func (ls *dsLoadState) view(c *common.Common, files ports.Files, quit string) string {
	s := c.Styles
	w, h := c.Width, c.Height
	p := ports.DatasetProgress{}
	elapsed := time.Duration(0)
	if ls != nil {
		p = ls.Progress()
		elapsed = time.Since(ls.Start).Round(100 * time.Millisecond)
	}
	barW := max(10, min(60, w-10))
	names := escape.Text(files.Reference)
	if o := files.Output; o != "" && o != files.Reference {
		names += " and " + escape.Text(o)
	}
	lines := []string{s.Title.Render("jsontui"), "", "loading the dataset " + names, ""}
	bar, of := dsprogress.Text(s, p, barW)
	lines = append(lines, bar)
	lines = append(lines, fmt.Sprintf("%s · %s", of, elapsed), "", s.Faint.Render(quit))
	return shell.Centred(lines, barW, w, h)
}
