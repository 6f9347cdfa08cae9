package runspane

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/jsontui/jsontui/themes"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
)

// plotRuns returns five scored runs, newest first, 17 minutes apart.
func plotRuns() []ports.RunSummary {
	scores := []float64{0.98068, 0.97266, 0.93750, 0.96875, 0.89286}
	t0 := time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)
	var runs []ports.RunSummary
	for i, s := range scores {
		runs = append(runs, ports.RunSummary{ID: fmt.Sprintf("1hthq%02dk7m2p9a4r8z6w", 4-i),
			Time: t0.Add(time.Duration(4-i) * 17 * time.Minute), Score: s, HasScore: true})
	}
	return runs
}

// TestScorePlot: the chart fits its box, the newest run is its last
// column and the oldest its axis, the selected run marked below; one run
// draws a level line, and no scored run says so.
func TestScorePlot(t *testing.T) {
	st := themes.MustNew("dark")
	runs := plotRuns()
	for _, sel := range []int{0, 2, 4} {
		lines := ScorePlot(st, runs, sel, 60, 10)
		if len(lines) > 10 || len(lines) < 3 {
			t.Fatalf("%d lines", len(lines))
		}
		for i := range lines {
			lines[i] = ansi.Strip(lines[i])
		}
		axis := AxisColumn(lines)
		last := lines[len(lines)-1]
		x := strings.Index(last, "▲")
		if x < 0 {
			t.Fatalf("no marker: %q", last)
		}
		x = len([]rune(last[:x]))
		right := 0
		for _, l := range lines[:len(lines)-1] {
			right = max(right, common.VisibleWidth(l)-1)
		}
		switch sel {
		case 0:
			if x != right {
				t.Errorf("newest marked at %d, the last column is %d", x, right)
			}
		case 4:
			if x != axis {
				t.Errorf("oldest marked at %d, the axis is at %d", x, axis)
			}
		}
		for _, l := range lines {
			if common.VisibleWidth(l) > 60 {
				t.Errorf("line wider than 60: %q", l)
			}
		}
	}
	if lines := ScorePlot(st, runs[:1], 0, 60, 10); len(lines) < 2 || !strings.Contains(ansi.Strip(lines[len(lines)-1]), "▲") {
		t.Errorf("one run: %q", lines)
	}
	unscored := []ports.RunSummary{{ID: "1hthq01k7m2p9a4r8z6w"}}
	if lines := ScorePlot(st, unscored, 0, 60, 10); len(lines) != 1 || !strings.Contains(lines[0], "no run has a score") {
		t.Errorf("no score: %q", lines)
	}
}
