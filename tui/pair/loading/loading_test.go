package loading

import (
	"context"
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
)

// TestLoadingScreen loads in the background a pair whose loader stops
// halfway: the screen shows the bytes parsed of the total, the DoneMsg
// carries the loader's error, and a tick asks for the next.
func TestLoadingScreen(t *testing.T) {
	c := common.New("dark")
	c.Width, c.Height = 80, 12
	var timers []tea.Msg
	c.Tick = tuitest.InstantTick
	halfway := errors.New("halfway")
	load := func(ctx context.Context, progress func(done, total int64)) (ports.Loaded, error) {
		progress(2048, 4096)
		return ports.Loaded{}, halfway
	}
	s := New(c, ports.Files{Reference: "ref.json", Output: "out\x1b[2J.json"})
	if screen := tuitest.StripANSI(s.View("q quits")); !strings.Contains(screen, "reading…") {
		t.Errorf("before its load starts the screen shows\n%s", screen)
	}
	cmd := s.Run(load)
	var done []tea.Msg
	tuitest.RunCmd(cmd, &timers, func(msg tea.Msg) { done = append(done, msg) })
	if len(done) != 1 || done[0].(DoneMsg).Err != halfway || len(timers) != 1 {
		t.Fatalf("messages %v, timers %v", done, timers)
	}
	screen := tuitest.StripANSI(s.View("q quits"))
	for _, want := range []string{"loading ref.json and out\\x1b[2J.json", "2.0 KB of 4.0 KB parsed (50%)", "q quits"} {
		if !strings.Contains(screen, want) {
			t.Errorf("no %q in\n%s", want, screen)
		}
	}
	if s.Update(TickMsg{}) == nil {
		t.Error("a tick asked for no next tick")
	}
}
