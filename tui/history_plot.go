package tui

import (
	"strings"

	"github.com/guptarohit/asciigraph"

	"github.com/jsontui/jsontui/themes"
)

// minPlotSpan is the smallest score range the plot spans, so that runs of
// one score draw a level line mid-height rather than nothing.
const minPlotSpan = 0.002

// scorePlot draws the scores of runs (listed newest first) from the oldest
// to the newest as a line chart of at most w×h cells, the last line
// marking run sel with ▲ and its id and score. Runs without a score are
// left out; when there are more runs than columns, the newest are drawn.
func scorePlot(s *themes.Styles, runs []RunSummary, sel, w, h int) []string {
	if w < 24 || h < 3 {
		return nil
	}
	var data []float64
	selAt := -1
	for i := len(runs) - 1; i >= 0; i-- {
		if !runs[i].HasScore {
			continue
		}
		if i == sel {
			selAt = len(data)
		}
		data = append(data, runs[i].Score)
	}
	if len(data) == 0 {
		return []string{s.Faint.Render("no run has a score to plot")}
	}
	if room := w - 12; len(data) > room {
		cut := len(data) - room
		data = data[cut:]
		selAt -= cut
	}
	lo, hi := data[0], data[0]
	for _, v := range data {
		lo, hi = min(lo, v), max(hi, v)
	}
	if hi-lo < minPlotSpan {
		mid := (hi + lo) / 2
		lo, hi = mid-minPlotSpan/2, mid+minPlotSpan/2
	}
	// The labels' width is known once drawn: draw, measure, draw again
	// to fit. asciigraph's height is approximate: lower it until the
	// chart fits above the marker line. The width puts every run on a
	// column of its own (asciigraph resamples the series to the width:
	// a run between two columns would lose its peak).
	fitWidth := func(room int) int {
		if len(data) < 2 {
			return max(2, room)
		}
		step := max(1, (room-1)/(len(data)-1))
		return step*(len(data)-1) + 1
	}
	pw := fitWidth(w - 10)
	ph := h - 2
	var lines []string
	axis := 0
	for tries := 0; tries < 2*h+4; tries++ {
		g := asciigraph.Plot(data, asciigraph.Height(ph), asciigraph.Width(pw),
			asciigraph.LowerBound(lo), asciigraph.UpperBound(hi), asciigraph.Precision(3))
		lines = strings.Split(g, "\n")
		axis = axisColumn(lines)
		if axis+pw > w && pw > 2 {
			pw = fitWidth(w - axis - 1)
			continue
		}
		if len(lines) > h-1 && ph > 1 {
			ph--
			continue
		}
		break
	}
	lines = lines[:min(len(lines), h-1)]
	out := make([]string, 0, len(lines)+1)
	for _, l := range lines {
		r := []rune(l)
		cut := min(axis, len(r))
		out = append(out, s.Muted.Render(string(r[:cut]))+s.Accent.Render(string(r[cut:])))
	}
	if selAt >= 0 {
		x := axis
		if len(data) > 1 {
			x += selAt * (pw - 1) / (len(data) - 1)
		}
		out = append(out, plotMarker(s, runs[sel], x, w))
	}
	return out
}

// axisColumn returns the column of the chart's vertical axis.
func axisColumn(lines []string) int {
	for _, l := range lines {
		for i, r := range []rune(l) {
			if r == '┤' || r == '┼' {
				return i
			}
		}
	}
	return 0
}

// plotMarker renders the line under the chart that points at run r in
// column x: "▲ 01kaq3m2x9 0.87601", the text to the left of the arrow
// when it does not fit on its right.
func plotMarker(s *themes.Styles, r RunSummary, x, w int) string {
	text := shortID(r.ID) + " " + scoreText(r.Score, r.HasScore)
	if x+2+len(text) <= w {
		return strings.Repeat(" ", x) + s.Accent.Render("▲") + " " + s.Muted.Render(text)
	}
	left := max(0, x-len(text)-1)
	return strings.Repeat(" ", left) + s.Muted.Render(text) + " " + s.Accent.Render("▲")
}
