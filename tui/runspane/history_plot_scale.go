package runspane

import (
	"math"
	"strconv"
	"strings"

	"github.com/guptarohit/asciigraph"

	"github.com/jsontui/jsontui/tui/ports"
)

// The scale of the history plot: the range it spans, the decimals of its
// axis labels, and the chart drawn to fit its box.

// plotBounds returns the range the plot spans: that of the scores of the
// runs at, so that any change between them shows as a step; for scores
// all alike (within flatSpan), a range of flatRows label steps around
// their value (kept within [0, 1]), which draws a level line.
func plotBounds(runs []ports.RunSummary, at []int) (lo, hi float64, flat bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, i := range at {
		lo, hi = min(lo, runs[i].Score), max(hi, runs[i].Score)
	}
	if hi-lo >= flatSpan {
		return lo, hi, false
	}
	v := (lo + hi) / 2
	step := math.Pow10(-minLabelDigits)
	switch {
	case v-step < 0:
		return v, v + 2*step, true
	case v+step > 1:
		return v - 2*step, v, true
	}
	return v - step, v + step, true
}

// flatSpan is the score range below which the runs count as scoring the
// same: the plot draws them as a level line. Cases count as changed
// beyond 1e-9 too.
const flatSpan = 1e-9

// minLabelDigits and maxLabelDigits bound the decimals of the axis
// labels: enough for no two labels to read the same (a small range
// needs more), and no more.
const (
	minLabelDigits = 3
	maxLabelDigits = 9
)

// labelDigits returns the fewest decimals (from minLabelDigits) with
// which the labels of a plot of rows+1 rows from hi down to lo all
// differ, as asciigraph writes them; ok is false when maxLabelDigits are
// not enough (too many rows for the range).
func labelDigits(lo, hi float64, rows int) (digits int, ok bool) {
	seen := make(map[string]bool, rows+1)
	for digits = minLabelDigits; digits <= maxLabelDigits; digits++ {
		clear(seen)
		distinct := true
		for y := 0; y <= rows && distinct; y++ {
			l := strconv.FormatFloat(hi-float64(y)*(hi-lo)/float64(max(1, rows)), 'f', digits, 64)
			distinct = !seen[l]
			seen[l] = true
		}
		if distinct {
			return digits, true
		}
	}
	return maxLabelDigits, false
}

// chartRows returns how many rows past the first asciigraph draws for a
// height between lo and hi (its rounding may add or drop one).
func chartRows(lo, hi float64, height int) int {
	ratio := float64(height) / (hi - lo)
	return int(math.Abs(math.Round(hi*ratio) - math.Round(lo*ratio)))
}

// asciigraphPrecision returns the precision to give asciigraph for labels
// of digits decimals between lo and hi: it adds decimals of its own to
// the labels of small numbers.
func asciigraphPrecision(lo, hi float64, digits int) uint {
	logMax := math.Log10(math.Max(math.Abs(hi), math.Abs(lo)))
	if lo == 0 && hi == 0 {
		logMax = -1
	}
	extra := 0
	switch {
	case logMax < 0 && math.Mod(logMax, 1) != 0:
		extra = int(math.Abs(logMax))
	case logMax < 0:
		extra = int(math.Abs(logMax) - 1)
	}
	return uint(max(0, digits-extra))
}

// fitChart draws the series all between lo and hi in at most w×(h-1)
// cells: the chart's lines, the column of its axis, its plot width, and
// the drawing with that geometry, for other series. The labels' width is
// known once drawn: draw, measure, draw again to fit. asciigraph's height
// is approximate: lower it until the chart fits above the marker line.
// The labels have the decimals they need to differ; a plot with more
// rows than its range has labels for is made lower. A flat series draws
// on three rows: its value's, and one label step above and below.
// The width puts every run on a column of its own (asciigraph resamples
// the series to the width: a run between two columns would lose its
// peak).
func fitChart(all []float64, w, h int, lo, hi float64, flat bool) (lines []string, axis, pw int, plot func([]float64) []string) {
	n := len(all)
	fitWidth := func(room int) int {
		if n < 2 {
			return max(2, room)
		}
		step := max(1, (room-1)/(n-1))
		return step*(n-1) + 1
	}
	pw = fitWidth(w - 10)
	ph := h - 2
	if flat {
		ph = min(ph, 2)
	}
	var prec uint
	plot = func(data []float64) []string {
		g := asciigraph.Plot(data, asciigraph.Height(ph), asciigraph.Width(pw),
			asciigraph.LowerBound(lo), asciigraph.UpperBound(hi), asciigraph.Precision(prec))
		return strings.Split(g, "\n")
	}
	for tries := 0; tries < 2*h+4; tries++ {
		digits, ok := labelDigits(lo, hi, chartRows(lo, hi, ph))
		if !ok && ph > 1 {
			ph--
			continue
		}
		prec = asciigraphPrecision(lo, hi, digits)
		lines = plot(all)
		axis = AxisColumn(lines)
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
	return lines, axis, pw, plot
}
