package tuitest

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/shell"
)

// Ender is a page as its tests end it: a model that says why it ended.
type Ender interface {
	tea.Model
	Err() error
}

// CheckQuitWhileLoading presses q on page m while its inputs load (their
// load waits for its cancellation), then hands it ended, the message of
// the canceled load, before the quit is carried out, as may happen: q
// must quit, and the page end with no error (a canceled load is not a
// failed one).
func CheckQuitWhileLoading(t *testing.T, m Ender, ended tea.Msg) {
	t.Helper()
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	_, q := m.Update(KeyMsg("q"))
	if q == nil {
		t.Fatal("q does nothing while loading")
	}
	m.Update(ended)
	if !IsQuit(q) {
		t.Fatal("q does not quit while loading")
	}
	if err := m.Err(); err != nil {
		t.Errorf("the explorer ended with %v", err)
	}
}

// CheckQuitAfterPane opens the history pane of the driven page (whose
// shell is sh), closes it with esc and types q before esc's command runs:
// q must quit the explorer (it went to the pane still open, and closed it
// again).
func (d *Driver) CheckQuitAfterPane(sh *shell.Shell) {
	d.T.Helper()
	d.Keys("H")
	if sh.Mode != shell.ModeHistory {
		d.T.Fatal("H does not open the history pane")
	}
	d.Page.Update(KeyMsg("esc")) // its command not run yet
	d.Page.Update(KeyMsg("q"))
	if sh.Phase != shell.PhaseClosing {
		d.T.Errorf("esc then q: mode %v, phase %v; want the explorer quitting", sh.Mode, sh.Phase)
	}
}
