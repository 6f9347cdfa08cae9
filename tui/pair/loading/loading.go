// Package loading is the loading screen of a pair's page: the pair read
// and scored in the background, the bytes parsed so far on a progress
// bar, and how to quit meanwhile.
package loading

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

// Tick is how often the loading screen updates.
const Tick = 100 * time.Millisecond

// Screen is a load in the background and the screen that shows it.
type Screen struct {
	c           *common.Common
	files       ports.Files
	done, total atomic.Int64
	start       time.Time
	cancel      context.CancelFunc
}

// TickMsg asks the loading screen to show the progress again.
type TickMsg struct{}

// DoneMsg carries the loaded comparison, or why it failed.
type DoneMsg struct {
	Loaded ports.Loaded
	Err    error
}

// New returns the loading screen of the files named files, before its
// load starts: it shows no progress yet.
func New(c *common.Common, files ports.Files) *Screen {
	return &Screen{c: c, files: files, start: time.Now(), cancel: func() {}}
}

// Run runs load in the background; its command ends with a DoneMsg, and
// ticks meanwhile. The screen counts its time from now.
func (s *Screen) Run(load ports.Loader) tea.Cmd {
	ctx, cancel := context.WithCancel(context.Background())
	s.start, s.cancel = time.Now(), cancel
	cmd := s.c.Bg.Run(func() tea.Msg {
		loaded, err := load(ctx, func(done, total int64) {
			s.done.Store(done)
			s.total.Store(total)
		})
		return DoneMsg{loaded, err}
	})
	return tea.Batch(cmd, s.tick())
}

func (s *Screen) tick() tea.Cmd {
	return s.c.Tick(Tick, func(time.Time) tea.Msg { return TickMsg{} })
}

// Update takes a tick, and asks for the next.
func (s *Screen) Update(msg tea.Msg) tea.Cmd {
	if _, ok := msg.(TickMsg); ok {
		return s.tick()
	}
	return nil
}

// Stop cancels the load; its DoneMsg comes all the same.
func (s *Screen) Stop() { s.cancel() }

// View renders the loading screen over the whole terminal: the files, a
// progress bar of the bytes parsed, and quit, the hint on quitting.
func (s *Screen) View(quit string) string {
	st := s.c.Styles
	w, h := s.c.Width, s.c.Height
	done, total := s.done.Load(), s.total.Load()
	barW := max(10, min(60, w-10))
	var lines []string
	lines = append(lines, st.Title.Render("jsontui"), "",
		fmt.Sprintf("loading %s and %s", escape.Text(s.files.Reference), escape.Text(s.files.Output)), "")
	frac := 0.0
	if total > 0 {
		frac = float64(done) / float64(total)
	}
	filled := int(frac * float64(barW))
	lines = append(lines, st.Good.Render(strings.Repeat("█", filled))+st.Faint.Render(strings.Repeat("░", barW-filled)))
	elapsed := time.Since(s.start).Round(100 * time.Millisecond)
	switch {
	case total == 0:
		lines = append(lines, fmt.Sprintf("reading… %s", elapsed))
	case done >= total:
		lines = append(lines, fmt.Sprintf("parsed %s · scoring… %s", common.BytesText(total), elapsed))
	default:
		lines = append(lines, fmt.Sprintf("%s of %s parsed (%d%%) · %s", common.BytesText(done), common.BytesText(total), int(frac*100), elapsed))
	}
	lines = append(lines, "", st.Faint.Render(quit))
	return shell.Centred(lines, barW, w, h)
}
