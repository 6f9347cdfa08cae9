package datasetpage

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/themes"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/pair"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/shell"
)

// dsLoadState tracks a dataset's background load: how far it went, and
// how to stop it.
type dsLoadState struct {
	mu     sync.Mutex
	p      ports.DatasetProgress
	start  time.Time
	cancel context.CancelFunc
}

func (ls *dsLoadState) progress() ports.DatasetProgress {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	return ls.p
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
	ls := &dsLoadState{start: time.Now(), cancel: cancel}
	cmd := c.Bg.Run(func() tea.Msg {
		res, err := load(ctx, func(p ports.DatasetProgress) {
			ls.mu.Lock()
			ls.p = p
			ls.mu.Unlock()
		})
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

// progressText returns the bar of a dataset's scoring, barW cells wide,
// and what it counts: the cases scored of the files there are (two
// directories), or with the bytes read of the total (and the cases that
// makes in all, about).
func progressText(s *themes.Styles, p ports.DatasetProgress, barW int) (bar, of string) {
	frac := 0.0
	switch {
	case p.Files > 0:
		frac = float64(p.Cases) / float64(p.Files)
		of = fmt.Sprintf("%s of %s cases scored", common.Thousands(p.Cases), common.Thousands(p.Files))
	case p.Total > 0:
		frac = float64(p.Read) / float64(p.Total)
		of = fmt.Sprintf("%s cases scored · %s of %s read", common.Thousands(p.Cases), common.BytesText(p.Read), common.BytesText(p.Total))
		if p.Cases > 0 && p.Read > 0 {
			est := int(float64(p.Cases) * float64(p.Total) / float64(p.Read))
			of += fmt.Sprintf(" (about %s cases in all)", common.Thousands(max(est, p.Cases)))
		}
	default:
		of = fmt.Sprintf("%s cases scored · %s read", common.Thousands(p.Cases), common.BytesText(p.Read))
	}
	frac = min(1, frac)
	filled := int(frac * float64(barW))
	bar = s.Good.Render(strings.Repeat("█", filled)) + s.Faint.Render(strings.Repeat("░", barW-filled))
	return bar, of
}

// loadView renders the loading screen: the dataset, a progress bar of
// the bytes read (or the files, for two directories), the cases scored,
// and how to quit.
func (m *Model) loadView() string {
	s := m.C.Styles
	w, h := m.C.Width, m.C.Height
	p := ports.DatasetProgress{}
	elapsed := time.Duration(0)
	if m.load != nil {
		p = m.load.progress()
		elapsed = time.Since(m.load.start).Round(100 * time.Millisecond)
	}
	barW := max(10, min(60, w-10))
	files := escape.Text(m.opts.Files.Reference)
	if o := m.opts.Files.Output; o != "" && o != m.opts.Files.Reference {
		files += " and " + escape.Text(o)
	}
	lines := []string{s.Title.Render("jsontui"), "", "loading the dataset " + files, ""}
	bar, of := progressText(s, p, barW)
	lines = append(lines, bar)
	quit := m.QuitHint()
	lines = append(lines, fmt.Sprintf("%s · %s", of, elapsed), "", s.Faint.Render(quit))
	return shell.Centred(lines, barW, w, h)
}
