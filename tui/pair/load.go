package pair

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/shell"
)

// loadState tracks the background load: bytes parsed so far, and how to
// stop it.
type loadState struct {
	done, total atomic.Int64
	start       time.Time
	cancel      context.CancelFunc
}

// loadTickMsg asks the loading screen to show the progress again.
type loadTickMsg struct{}

// loadedMsg carries the loaded comparison, or why it failed.
type loadedMsg struct {
	loaded ports.Loaded
	err    error
}

// LoadTick is how often the loading screen updates.
const LoadTick = 100 * time.Millisecond

func tickLoad(c *common.Common) tea.Cmd {
	return c.Tick(LoadTick, func(time.Time) tea.Msg { return loadTickMsg{} })
}

// startLoad runs the loader in the background.
func startLoad(c *common.Common, load ports.Loader) (*loadState, tea.Cmd) {
	ctx, cancel := context.WithCancel(context.Background())
	ls := &loadState{start: time.Now(), cancel: cancel}
	cmd := c.Bg.Run(func() tea.Msg {
		loaded, err := load(ctx, func(done, total int64) {
			ls.done.Store(done)
			ls.total.Store(total)
		})
		return loadedMsg{loaded, err}
	})
	return ls, tea.Batch(cmd, tickLoad(c))
}

// loadView renders the loading screen: the files, a progress bar of the
// bytes parsed, and how to quit.
func (m *Model) loadView() string {
	s := m.C.Styles
	ls := m.load
	w, h := m.C.Width, m.C.Height
	done, total := ls.done.Load(), ls.total.Load()
	barW := max(10, min(60, w-10))
	var lines []string
	lines = append(lines, s.Title.Render("jsontui"), "",
		fmt.Sprintf("loading %s and %s", escape.Text(m.opts.Files.Reference), escape.Text(m.opts.Files.Output)), "")
	frac := 0.0
	if total > 0 {
		frac = float64(done) / float64(total)
	}
	filled := int(frac * float64(barW))
	lines = append(lines, s.Good.Render(strings.Repeat("█", filled))+s.Faint.Render(strings.Repeat("░", barW-filled)))
	elapsed := time.Since(ls.start).Round(100 * time.Millisecond)
	switch {
	case total == 0:
		lines = append(lines, fmt.Sprintf("reading… %s", elapsed))
	case done >= total:
		lines = append(lines, fmt.Sprintf("parsed %s · scoring… %s", common.BytesText(total), elapsed))
	default:
		lines = append(lines, fmt.Sprintf("%s of %s parsed (%d%%) · %s", common.BytesText(done), common.BytesText(total), int(frac*100), elapsed))
	}
	quit := m.QuitHint()
	lines = append(lines, "", s.Faint.Render(quit))
	return shell.Centred(lines, barW, w, h)
}
