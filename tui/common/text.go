package common

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/themes"
)

// Fixed5 formats v with 5 decimals, as the explorer shows scores, shares
// and losses: "0.87601". A value below 1 never shows as 1.00000.
func Fixed5(v float64) string { return report.Fixed5(v) }

// ScoreText formats a score for a column: "1", "0", "0.65517", "n/a".
func ScoreText(v float64, ok bool) string { return report.ScoreCell(v, ok) }

// LossText formats a loss: "0" when none, "<1e-5" when tiny.
func LossText(v float64) string { return report.LossCell(v) }

// Trim5 formats v with at most 5 decimals, trailing zeros dropped:
// "1.31148", "2", "0.25".
func Trim5(v float64) string { return report.Trim5(v) }

// Signed formats a change of the total: "+0.01234", "−0.00100", "±0".
func Signed(v float64) string {
	switch {
	case math.Abs(v) < 5e-6:
		return "±0"
	case v > 0:
		return "+" + Fixed5(v)
	}
	return "−" + Fixed5(-v)
}

// WeightText formats a weight as the weights file would.
func WeightText(v float64) string { return report.Figure(v) }

// Pad returns s padded with spaces to w cells, cut with "…" when longer.
func Pad(s string, w int) string { return report.Pad(s, w) }

// PadLeft right-aligns s in w cells.
func PadLeft(s string, w int) string { return report.PadLeft(s, w) }

// Thousands formats n with comma separators.
func Thousands(n int) string { return report.Thousands(n) }

// BytesText formats a byte count: "512 B", "20.0 MB".
func BytesText(n int64) string {
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

// VisibleWidth returns the cells a styled string takes.
func VisibleWidth(s string) int { return ansi.StringWidth(s) }

// Figure5 formats a share or a loss for the detail pane: 5 decimals, or
// for a tiny non-zero value 3 significant digits with an exponent, so
// that nothing real reads as 0.
func Figure5(v float64) string {
	if v != 0 && math.Abs(v) < 0.000005 {
		return strconv.FormatFloat(v, 'e', 2, 64)
	}
	if v == 0 || v == 1 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return Fixed5(v)
}

// Fit cuts or pads a styled line to exactly w cells.
func Fit(line string, w int) string {
	n := ansi.StringWidth(line)
	if n > w {
		line = ansi.Truncate(line, w-1, "") + "…"
		n = w
	}
	return line + strings.Repeat(" ", max(0, w-n))
}

// WrapIndent wraps a styled line at spaces to w cells, indenting the
// continuation lines so a long formula reads as one.
func WrapIndent(line string, w int) []string {
	if ansi.StringWidth(line) <= w {
		return []string{line}
	}
	const indent = "    "
	first := WrapWords(line, w)
	out := []string{first[0]}
	rest := strings.Join(first[1:], " ")
	for _, l := range WrapWords(rest, max(1, w-len(indent))) {
		out = append(out, indent+l)
	}
	return out
}

// WrapWords wraps a styled text at spaces to lines of at most w cells,
// cutting a word longer than a line. (ansi.Wrap may leave a line a cell
// too long where words hold hyphens.)
func WrapWords(text string, w int) []string {
	w = max(1, w)
	var lines []string
	var line strings.Builder
	lw, started := 0, false
	flush := func() {
		lines = append(lines, line.String())
		line.Reset()
		lw, started = 0, false
	}
	for _, word := range strings.Split(text, " ") {
		ww := ansi.StringWidth(word)
		if started && lw+1+ww > w {
			flush()
			if ww == 0 {
				continue // the space at a break
			}
		}
		for ww > w {
			// A word longer than a line: cut it, carrying on below.
			if started {
				flush()
			}
			lines = append(lines, ansi.Truncate(word, w, ""))
			word = ansi.TruncateLeft(word, w, "")
			ww = ansi.StringWidth(word)
		}
		if started {
			line.WriteByte(' ')
			lw++
		}
		line.WriteString(word)
		lw += ww
		started = true
	}
	return append(lines, line.String())
}

// Spread puts left and right at the two ends of a line of w cells; left
// is cut when both do not fit.
func Spread(left, right string, w int) string {
	lw, rw := ansi.StringWidth(left), ansi.StringWidth(right)
	if rw == 0 {
		return Fit(left, w)
	}
	if lw+rw+2 > w {
		left = Fit(left, max(0, w-rw-2))
		lw = ansi.StringWidth(left)
	}
	return left + strings.Repeat(" ", max(1, w-lw-rw)) + right
}

func Plural(n int, suffix string) string {
	if n == 1 {
		return ""
	}
	return suffix
}

// ScoreText5 writes a total with 5 decimals, or n/a.
func ScoreText5(v float64, ok bool) string {
	if !ok {
		return "n/a"
	}
	return Fixed5(v)
}

// Percent formats a share as a percentage: "16.7%".
func Percent(v float64) string {
	t := fmt.Sprintf("%.1f%%", 100*v)
	return strings.Replace(t, ".0%", "%", 1)
}

// PaintDelta formats a change of a score with its sign, coloured: good
// when it rises, bad when it falls, faint when it does not move.
func PaintDelta(s *themes.Styles, v float64) string { return deltaPaint(s, v).Render(Signed(v)) }

// WriteDelta writes a change of a score with its sign, right-aligned in
// w cells, coloured as PaintDelta colours it.
func WriteDelta(b *strings.Builder, s *themes.Styles, v float64, w int) {
	deltaPaint(s, v).Write(b, PadLeft(Signed(v), w))
}

// deltaPaint is the paint of a change: good when it rises, bad when it
// falls, faint when it does not move (to the digits shown).
func deltaPaint(s *themes.Styles, v float64) themes.Paint {
	switch {
	case Signed(v) == "±0":
		return s.Faint
	case v > 0:
		return s.Good
	}
	return s.Bad
}

// ScrollTo returns the first row of a window of h rows over n that keeps
// row cursor in view with a margin of up to 3 rows of context, moving
// the window from offset as little as it can.
func ScrollTo(cursor, offset, h, n int) int {
	margin := min(3, (h-1)/2)
	if cursor < offset+margin {
		offset = cursor - margin
	}
	if cursor > offset+h-1-margin {
		offset = cursor - h + 1 + margin
	}
	return max(0, min(offset, n-h))
}
