package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/themes"
	"github.com/jsontui/jsontui/tui/keys"
)

// common is what every component shares: the screen size, the theme's
// styles, the key map and the background jobs. The root owns it;
// components hold a pointer, so a theme switch reaches them all at once.
type common struct {
	width, height int
	styles        *themes.Styles
	keys          *keys.KeyMap
	// autoTheme is set when the theme follows the terminal's background.
	autoTheme bool
	// tick is how the explorer sets a timer: tea.Tick (tests replace it
	// so that nothing waits).
	tick func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd
	// bg runs the background jobs, which the explorer waits for before it
	// ends (a case opened in a dataset's explorer shares the dataset's).
	bg *background
	// asked holds what the panes asked the root for (ask), which the
	// root's Update handles before it returns.
	asked []tea.Msg
}

// statusKind is the tone of a status line message.
type statusKind int

const (
	statusInfo statusKind = iota
	statusOK
	statusWarn
	statusError
)

// statusMsg sets the status line.
type statusMsg struct {
	kind statusKind
	text string
}

func info(text string) statusMsg    { return statusMsg{statusInfo, text} }
func success(text string) statusMsg { return statusMsg{statusOK, text} }
func warn(text string) statusMsg    { return statusMsg{statusWarn, text} }
func failure(err error) statusMsg   { return statusMsg{statusError, err.Error()} }
