package tui

import (
	"math"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/jsontui/jsontui/scoring/report"
)

// fixed5 formats v with 5 decimals, as the explorer shows scores, shares
// and losses: "0.87601". A value below 1 never shows as 1.00000.
func fixed5(v float64) string {
	s := strconv.FormatFloat(v, 'f', 5, 64)
	if v < 1 && s == "1.00000" {
		return "0.99999"
	}
	if s == "-0.00000" {
		return "0.00000"
	}
	return s
}

// scoreText formats a score for a column: "1", "0", "0.65517", "n/a".
func scoreText(v float64, ok bool) string {
	switch {
	case !ok:
		return "n/a"
	case v == 1:
		return "1"
	case v == 0:
		return "0"
	}
	return fixed5(v)
}

// lossText formats a loss: "0" when none, "<1e-5" when tiny.
func lossText(v float64) string {
	switch {
	case v == 0:
		return "0"
	case v < 0.000005:
		return "<1e-5"
	}
	return fixed5(v)
}

// trim5 formats v with at most 5 decimals, trailing zeros dropped:
// "1.31148", "2", "0.25".
func trim5(v float64) string {
	s := strconv.FormatFloat(v, 'f', 5, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}

// signed formats a change of the total: "+0.01234", "−0.00100", "±0".
func signed(v float64) string {
	switch {
	case math.Abs(v) < 5e-6:
		return "±0"
	case v > 0:
		return "+" + fixed5(v)
	}
	return "−" + fixed5(-v)
}

// weightText formats a weight as the weights file would.
func weightText(v float64) string { return report.Figure(v) }

// pad returns s padded with spaces to w cells, cut with "…" when longer.
func pad(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := report.Width(s)
	if n > w {
		s = report.Truncate(s, w)
		n = report.Width(s)
	}
	return s + strings.Repeat(" ", w-n)
}

// padLeft right-aligns s in w cells.
func padLeft(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := report.Width(s)
	if n > w {
		s = report.Truncate(s, w)
		n = report.Width(s)
	}
	return strings.Repeat(" ", w-n) + s
}

// thousands formats n with comma separators.
func thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		return "-" + s
	}
	return s
}

// bytesText formats a byte count: "512 B", "20.0 MB".
func bytesText(n int64) string {
	switch {
	case n < 1<<10:
		return strconv.FormatInt(n, 10) + " B"
	case n < 1<<20:
		return strconv.FormatFloat(float64(n)/(1<<10), 'f', 1, 64) + " KB"
	case n < 1<<30:
		return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MB"
	}
	return strconv.FormatFloat(float64(n)/(1<<30), 'f', 2, 64) + " GB"
}

// visibleWidth returns the cells a styled string takes.
func visibleWidth(s string) int { return ansi.StringWidth(s) }

// figure5 formats a share or a loss for the detail pane: 5 decimals, or
// for a tiny non-zero value 3 significant digits with an exponent, so
// that nothing real reads as 0.
func figure5(v float64) string {
	if v != 0 && math.Abs(v) < 0.000005 {
		return strconv.FormatFloat(v, 'e', 2, 64)
	}
	if v == 0 || v == 1 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return fixed5(v)
}
