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
	var buf [32]byte
	return string(appendFigure(buf[:0], v))
}

// appendFigure appends v formatted as Figure formats it.
func appendFigure(dst []byte, v float64) []byte {
	if v == math.Trunc(v) && math.Abs(v) < 1<<53 {
		// A whole number (the weights, scores and losses of 1 and 0 most
		// rows have) is written as the digits strconv would keep.
		return strconv.AppendInt(dst, int64(v), 10)
	}
	if math.Abs(v) < 5e-7 {
		return strconv.AppendFloat(dst, v, 'e', 2, 64)
	}
	at := len(dst)
	dst = strconv.AppendFloat(dst, v, 'f', 6, 64)
	// 'f' with 6 decimals always writes a point, which the zeros stop at.
	for len(dst) > at && dst[len(dst)-1] == '0' {
		dst = dst[:len(dst)-1]
	}
	if len(dst) > at && dst[len(dst)-1] == '.' {
		dst = dst[:len(dst)-1]
	}
	if string(dst[at:]) == "-0" {
		dst = append(dst[:at], '0')
	}
	return dst
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
	var c cutter
	return c.truncate(s, width)
}

// ellipsis ends a cut text.
const ellipsis = "…"

// ellipsisWidth is the cells ellipsis takes.
var ellipsisWidth = displaywidth.String(ellipsis)

// truncateAt returns where displaywidth.TruncateString(s, width, "…")
// cuts s (the length of what it keeps of it), and whether it does.
func truncateAt(s string, width int) (int, bool) {
	ascii := 0
	for ascii < len(s) && s[ascii] >= 0x20 && s[ascii] < 0x7f {
		ascii++
	}
	if ascii == len(s) {
		// Printable ASCII: a byte is a character of one cell.
		if len(s) <= width {
			return len(s), false
		}
		return max(0, width-ellipsisWidth), true
	}
	keep := width - ellipsisWidth
	n, total := 0, 0
	g := displaywidth.StringGraphemes(s)
	for g.Next() {
		gw := g.Width()
		if total+gw <= keep {
			n += len(g.Value())
		}
		total += gw
		if total > width {
			return n, true
		}
	}
	return len(s), false
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
