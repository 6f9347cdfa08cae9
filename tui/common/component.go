package common

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Pane is the contract every pane of the explorer keeps, as the
// components of soft-serve's pkg/ui do: a model of its own that
// takes the messages meant for it — its keys among them — in Update,
// says which bindings it answers to (ShortHelp for the status line,
// FullHelp for the help screen), is told its size by the root's layout,
// the one place that decides where things go (SetSize), and renders its
// visible part only (View). A pane tells the root what it wants done
// through typed messages (runActionMsg, openCaseMsg, closePaneMsg, …) it
// asks for with Common.Ask, and the status line through the commands it
// returns (statusMsg); the root routes messages to panes through Update
// and does not reach into their fields.
type Pane interface {
	Update(msg tea.Msg) tea.Cmd
	View() string
	SetSize(width, height int)
	ShortHelp() []key.Binding
	FullHelp() [][]key.Binding
}

// Ask asks the root for what msgs say (open a case, close the pane, run
// a weight key, …): the root handles them, in order, as soon as the
// Update under way is done, before any other message. A command carrying
// them would reach the root only after the keys typed meanwhile (the
// program runs commands on goroutines of their own): a key typed right
// after, by a fast typist or a paste, would overtake the request (ctrl+s
// saving the weights before the change typed just before it). ask
// returns no command, for the pane to return.
func (c *Common) Ask(msgs ...tea.Msg) tea.Cmd {
	c.Asked = append(c.Asked, msgs...)
	return nil
}

// cmdOf returns a command that delivers msg.
func cmdOf(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }

// StatusCmd returns a command that sets the status line.
func StatusCmd(m StatusMsg) tea.Cmd { return cmdOf(m) }

// PaneMouseMsg is a mouse event over a pane, at line y of it.
type PaneMouseMsg struct {
	Msg tea.MouseMsg
	Y   int
}

// LeftClick returns where a left click over the pane fell: x, and y,
// the pane's line; ok is false for any other mouse event.
func (m PaneMouseMsg) LeftClick() (x, y int, ok bool) {
	c, isClick := m.Msg.(tea.MouseClickMsg)
	if !isClick || c.Button != tea.MouseLeft {
		return 0, 0, false
	}
	return c.Mouse().X, m.Y, true
}

// ClosePaneMsg asks the root to close the pane that sent it and go back
// to the view below it.
type ClosePaneMsg struct{}

// OpenHelpMsg asks the root for the help screen.
type OpenHelpMsg struct{}

// SaveMsg asks the root to save what is unsaved (ctrl+s in a pane).
type SaveMsg struct{}

// WheelStep is how many rows a wheel notch scrolls.
const WheelStep = 3
