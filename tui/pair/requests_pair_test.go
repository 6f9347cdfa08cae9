package pair

import (
	"testing"

	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/shell"
)

// TestQuitRightAfterClosingThePane: esc closes the history pane, and a q
// typed at once quits the explorer (it went to the pane still open, and
// closed it again).
func TestQuitRightAfterClosingThePane(t *testing.T) {
	opts, _ := pizzaWithHistory(t)
	d := newDriver(t, opts, 100, 30)
	d.keys("H")
	if d.m.Mode != shell.ModeHistory {
		t.Fatal("H does not open the history pane")
	}
	d.m.Update(tuitest.KeyMsg("esc")) // its command not run yet
	d.m.Update(tuitest.KeyMsg("q"))
	if d.m.Phase != shell.PhaseClosing {
		t.Errorf("esc then q: mode %v, phase %v; want the explorer quitting", d.m.Mode, d.m.Phase)
	}
}
