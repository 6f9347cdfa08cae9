package runspane

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/jsontui/jsontui/themes"
	"github.com/jsontui/jsontui/tui/ports"
)

// scaleRuns returns runs of the scores, listed newest first as the pane
// lists them (scores given oldest first).
func scaleRuns(scores ...float64) []ports.RunSummary {
	t0 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	runs := make([]ports.RunSummary, len(scores))
	for i, s := range scores {
		runs[len(scores)-1-i] = ports.RunSummary{ID: "1hthq0" + string(rune('0'+i)) + "k7m", Time: t0.Add(time.Duration(i) * time.Minute),
			Score: s, HasScore: true, Pair: "p"}
	}
	return runs
}

// plotText draws the runs' plot, 60×12, the newest run selected, ANSI
// stripped.
func plotText(runs []ports.RunSummary) string {
	lines := ScorePlot(themes.MustNew("mono"), runs, 0, 60, 12)
	return ansi.Strip(strings.Join(lines, "\n"))
}

// axisLabels returns the labels left of the axis, top to bottom.
func axisLabels(plot string) []string {
	var out []string
	for _, l := range strings.Split(plot, "\n") {
		if i := strings.IndexAny(l, "┤┼"); i > 0 {
			out = append(out, strings.TrimSpace(l[:i]))
		}
	}
	return out
}

// TestScorePlotScales compares plots with golden files (go test
// ./tui/runspane -update writes them): a change of 0.0031 (a pairing
// hint's 0.9195 → 0.9226) spans the plot's height, and its labels
// differ; a change of 0.00012 too, with more decimals; a flat series is
// a level line on three rows, labelled once each.
func TestScorePlotScales(t *testing.T) {
	cases := []struct {
		name   string
		scores []float64
		rows   int // axis labels expected
	}{
		{"small-range", []float64{0.9195, 0.9195, 0.9226, 0.9210}, 11},
		{"tiny-range", []float64{0.92001, 0.92013, 0.92013}, 11},
		{"flat", []float64{0.50702, 0.50702, 0.50702}, 3},
		{"flat-perfect", []float64{1, 1}, 3},
		{"one-run", []float64{0.87601}, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			plot := plotText(scaleRuns(c.scores...))
			labels := axisLabels(plot)
			if len(labels) != c.rows {
				t.Errorf("%d axis labels, want %d:\n%s", len(labels), c.rows, plot)
			}
			seen := map[string]bool{}
			for _, l := range labels {
				if seen[l] {
					t.Errorf("label %s repeats:\n%s", l, plot)
				}
				seen[l] = true
			}
			golden.RequireEqual(t, []byte(plot))
		})
	}
}

// TestScorePlotStep checks that a small change is drawn as a step from
// the bottom row to the top one, not as a level line.
func TestScorePlotStep(t *testing.T) {
	plot := strings.Split(plotText(scaleRuns(0.92001, 0.92002)), "\n")
	first, last := plot[0], plot[len(plot)-2]
	if !strings.Contains(first, "0.92002") || !strings.Contains(first, "╭") {
		t.Errorf("top row %q: want the label 0.92002 and the step up", first)
	}
	if !strings.Contains(last, "0.92001") || !strings.Contains(last, "┼") || !strings.Contains(last, "╯") {
		t.Errorf("bottom row %q: want the label 0.92001, the first run and the step", last)
	}
}

func TestLabelDigits(t *testing.T) {
	cases := []struct {
		lo, hi float64
		rows   int
		want   int
		ok     bool
	}{
		{0, 1, 10, 3, true},
		{0.9195, 0.9226, 10, 4, true},
		{0.92001, 0.92013, 10, 5, true},
		{0.5, 0.5 + 2e-9, 2, 9, true},
		{0.5, 0.5 + 2e-9, 20, 9, false},
	}
	for _, c := range cases {
		if got, ok := labelDigits(c.lo, c.hi, c.rows); got != c.want || ok != c.ok {
			t.Errorf("labelDigits(%v, %v, %d) = %d, %v; want %d, %v", c.lo, c.hi, c.rows, got, ok, c.want, c.ok)
		}
	}
}
