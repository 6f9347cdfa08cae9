package report

import (
	"strconv"
	"strings"
)

// This file formats figures as the explorer's columns and the score
// explanations show them: fixed 5 decimals, padded to a width.

// Fixed5 formats v with 5 decimals, as the explorer shows scores, shares
// and losses: "0.87601". A value below 1 never shows as 1.00000.
func Fixed5(v float64) string {
	s := strconv.FormatFloat(v, 'f', 5, 64)
	if v < 1 && s == "1.00000" {
		return "0.99999"
	}
	if s == "-0.00000" {
		return "0.00000"
	}
	return s
}

// Trim5 formats v with at most 5 decimals, trailing zeros dropped:
// "1.31148", "2", "0.25".
func Trim5(v float64) string {
	s := strconv.FormatFloat(v, 'f', 5, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}

// ScoreCell formats a score for a column: "1", "0", "0.65517", "n/a".
func ScoreCell(v float64, ok bool) string {
	switch {
	case !ok:
		return "n/a"
	case v == 1:
		return "1"
	case v == 0:
		return "0"
	}
	return Fixed5(v)
}

// LossCell formats a loss for a column: "0" when none, "<1e-5" when tiny.
func LossCell(v float64) string {
	switch {
	case v == 0:
		return "0"
	case v < 0.000005:
		return "<1e-5"
	}
	return Fixed5(v)
}

// Thousands formats n with comma separators: "12,345".
func Thousands(n int) string {
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

// Pad returns s padded with spaces to w cells, cut with "…" when longer.
func Pad(s string, w int) string {
	s, gap := fit(s, w)
	return s + gap
}

// PadLeft right-aligns s in w cells, cut with "…" when longer.
func PadLeft(s string, w int) string {
	s, gap := fit(s, w)
	return gap + s
}

// fit returns s cut with "…" to w cells when longer, and the spaces that
// fill the rest of them ("" and "" for w ≤ 0).
func fit(s string, w int) (string, string) {
	if w <= 0 {
		return "", ""
	}
	n := Width(s)
	if n > w {
		s = Truncate(s, w)
		n = Width(s)
	}
	return s, strings.Repeat(" ", w-n)
}
