package common

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/themes"
	"github.com/jsontui/jsontui/tui/keys"
)

// Common is what every component shares: the screen size, the theme's
// styles, the key map and the background jobs. The root owns it;
// components hold a pointer, so a theme switch reaches them all at once.
type Common struct {
	Width, Height int
	Styles        *themes.Styles
	Keys          *keys.KeyMap
	// AutoTheme is set when the theme follows the terminal's background.
	AutoTheme bool
	// Tick is how the explorer sets a timer: tea.Tick (tests replace it
	// so that nothing waits).
	Tick func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd
	// Bg runs the background jobs, which the explorer waits for before it
	// ends (a case opened in a dataset's explorer shares the dataset's).
	Bg *Background
	// Asked holds what the panes asked the root for (ask), which the
	// root's Update handles before it returns.
	Asked []tea.Msg
}

// statusKind is the tone of a status line message.
type statusKind int

const (
	statusInfo statusKind = iota
	StatusOK
	StatusWarn
	StatusError
)

// StatusMsg sets the status line.
type StatusMsg struct {
	Kind statusKind
	Text string
}

func Info(text string) StatusMsg    { return StatusMsg{statusInfo, text} }
func Success(text string) StatusMsg { return StatusMsg{StatusOK, text} }
func Warn(text string) StatusMsg    { return StatusMsg{StatusWarn, text} }
func Failure(err error) StatusMsg   { return StatusMsg{StatusError, err.Error()} }

// New returns the Common of an explorer in the named theme ("" follows
// the terminal's background, dark until it says; an unknown name is
// dark), with the default key map, tea's clock and a ledger of
// background jobs of its own.
func New(theme string) *Common {
	c := &Common{Keys: keys.Default(), Tick: tea.Tick, Bg: &Background{}}
	name := theme
	if name == "" {
		name, c.AutoTheme = themes.Dark, true
	}
	st, err := themes.New(name)
	if err != nil {
		st = themes.MustNew(themes.Dark)
	}
	c.Styles = st
	return c
}
