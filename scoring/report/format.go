package report

import (
	"math"
	"strconv"
	"strings"

	"github.com/clipperhouse/displaywidth"
)

// Figure formats a figure for people: at most six decimals, trailing zeros
// dropped ("0.876013", "1", "0.25"). Tiny non-zero values keep an exponent.
func Figure(v float64) string {
	if v != 0 && math.Abs(v) < 5e-7 {
		return strconv.FormatFloat(v, 'e', 2, 64)
	}
	s := strconv.FormatFloat(v, 'f', 6, 64)
	s = strings.TrimRight(s, "0")
	s = strings.TrimSuffix(s, ".")
	if s == "-0" {
		s = "0"
	}
	return s
}

// AppendJSONFloat appends v as encoding/json encodes a float64.
func AppendJSONFloat(dst []byte, v float64) []byte {
	abs := math.Abs(v)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, v, format, -1, 64)
	if format == 'e' {
		// Clean up e-09 to e-9, as encoding/json does.
		n := len(dst)
		if n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst
}

// Truncate shortens s to at most width terminal cells, ending it with "…"
// when cut, and replaces control characters so a value never breaks a row.
func Truncate(s string, width int) string {
	if width <= 0 {
		return ""
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f {
			s = strings.Map(func(r rune) rune {
				if r < 0x20 || r == 0x7f {
					return ' '
				}
				return r
			}, s)
			break
		}
	}
	return displaywidth.TruncateString(s, width, "…")
}

// Width returns the number of terminal cells s takes.
func Width(s string) int { return displaywidth.String(s) }

// Count formats a count for people, with thousands separators: "9,980".
func Count(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// Plural counts n of a thing: "1 run", "2 runs"; with two forms given,
// the second is the plural ("1 page is", "2 pages are").
func Plural(n int, forms ...string) string {
	one, many := forms[0], forms[0]+"s"
	if len(forms) > 1 {
		many = forms[1]
	}
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// ListFirst lists items joined by ", ", the first five of them and how
// many more there are ("a, b, c, d, e and 3 more").
func ListFirst(items []string) string {
	const show = 5
	if len(items) <= show {
		return strings.Join(items, ", ")
	}
	return strings.Join(items[:show], ", ") + " and " + strconv.Itoa(len(items)-show) + " more"
}
