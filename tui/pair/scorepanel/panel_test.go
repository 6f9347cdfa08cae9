package scorepanel

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/pair/metricstate"
)

// TestPanel checks the panel of a metric that is one number: its box
// takes at most half the body, names the metric, shows the score and
// the extra figures in name order; and a metric with a per-node
// breakdown takes no line.
func TestPanel(t *testing.T) {
	p := New(common.New("mono"))
	res := &scoring.Result{Score: 0.75, HasScore: true, Extra: map[string]float64{"recall": 0.5, "precision": 1}}
	p.Update(ShownMsg{State: &metricstate.State{Name: "lynxius", Res: res, OneNumber: true}})
	p.SetSize(60, 40)
	if h := p.Height(); h != 7 {
		t.Errorf("height %d, want 7 (the score, the note in 4 lines, the box)", h)
	}
	lines := strings.Split(ansi.Strip(p.View()), "\n")
	if len(lines) != p.Height() || !strings.HasPrefix(lines[0], "╭─ lynxius: one number ") {
		t.Fatalf("box:\n%s", strings.Join(lines, "\n"))
	}
	if want := "│ score 0.75000   precision 1   recall 0.5"; !strings.HasPrefix(lines[1], want) {
		t.Errorf("head %q, want %q…", lines[1], want)
	}
	for _, l := range lines {
		if w := ansi.StringWidth(l); w != 60 {
			t.Errorf("line %d cells wide: %q", w, l)
		}
	}
	p.SetSize(60, 6)
	if h := p.Height(); h != 3 {
		t.Errorf("in a body of 6: height %d, want 3", h)
	}
	p.Update(ShownMsg{State: &metricstate.State{Name: "jsondiff"}})
	if h := p.Height(); h != 0 {
		t.Errorf("a metric with a breakdown: height %d", h)
	}
}
