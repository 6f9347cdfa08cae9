package widgets

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/tui/common"
)

// ValueLines renders value v of d as JSON in at most max lines of width
// cells: a scalar as written, wrapped; a container pretty-printed with
// two-space indents, a line longer than the width wrapped below itself,
// indented two more. A value that does not fit ends in a line "…".
func ValueLines(d *jsondoc.Doc, v jsondoc.ID, width, maxLines int) []string {
	if v == jsondoc.None {
		return []string{"—"}
	}
	if !d.Kind(v).IsContainer() {
		raw := d.Raw(v)
		if n := width*maxLines*4 + 8; len(raw) > n {
			raw = raw[:n]
		}
		text := spaced(string(raw))
		lines := common.WrapWords(text, max(1, width))
		if len(lines) > maxLines {
			lines = lines[:maxLines]
			lines[maxLines-1] = report.Truncate(lines[maxLines-1]+"…", width)
			if !strings.HasSuffix(lines[maxLines-1], "…") {
				lines[maxLines-1] += "…"
			}
		}
		return lines
	}
	pp := prettyPrinter{d: d, width: width, max: maxLines}
	pp.value(v, 0, "", false)
	if pp.cut {
		if len(pp.lines) == maxLines {
			pp.lines[maxLines-1] = "…"
		} else {
			pp.lines = append(pp.lines, "…")
		}
	}
	return pp.lines
}

type prettyPrinter struct {
	d     *jsondoc.Doc
	width int
	max   int
	lines []string
	cut   bool
}

// add appends the line head+body at depth, wrapped to the width: when it
// is too long, a key (head) stands on its own line and its value (body)
// goes on below, indented two more than the key, wrapped at spaces (a
// word longer than a line cut where it must).
func (pp *prettyPrinter) add(head, body string, depth int) bool {
	line := spaced(head + body)
	if ansi.StringWidth(line) <= pp.width {
		return pp.push(line)
	}
	cont := strings.Repeat("  ", depth+1)
	if len(cont) > pp.width/2 {
		cont = ""
	}
	rest := line
	if key := strings.TrimRight(spaced(head), " "); strings.TrimSpace(key) != "" {
		// The key on its line (cut when even it is too long), the value
		// below.
		if ansi.StringWidth(key) > pp.width {
			key = ansi.Truncate(strings.TrimSuffix(key, ":"), pp.width-1, "…") + ":"
		}
		if !pp.push(key) {
			return false
		}
		rest = spaced(body)
	}
	for _, l := range common.WrapWords(rest, max(1, pp.width-len(cont))) {
		if !pp.push(cont + l) {
			return false
		}
	}
	return true
}

// push appends a line, unless the lines are full.
func (pp *prettyPrinter) push(line string) bool {
	if len(pp.lines) >= pp.max {
		pp.cut = true
		return false
	}
	pp.lines = append(pp.lines, line)
	return true
}

// value prints v at depth with the given key prefix; comma marks a value
// followed by a sibling.
func (pp *prettyPrinter) value(v jsondoc.ID, depth int, prefix string, comma bool) bool {
	d := pp.d
	ind := strings.Repeat("  ", depth)
	tail := ""
	if comma {
		tail = ","
	}
	k := d.Kind(v)
	if !k.IsContainer() {
		raw := d.Raw(v)
		// No more than the lines left can show.
		if n := pp.width*4*(pp.max-len(pp.lines)) + 8; len(raw) > n {
			raw = raw[:n]
		}
		return pp.add(ind+prefix, string(raw)+tail, depth)
	}
	open, close := "{", "}"
	if k == jsondoc.Array {
		open, close = "[", "]"
	}
	c := d.Child(v)
	if c == jsondoc.None {
		return pp.add(ind+prefix, open+close+tail, depth)
	}
	if !pp.add(ind+prefix, open, depth) {
		return false
	}
	for ; c != jsondoc.None; c = d.Next(c) {
		p := ""
		if k == jsondoc.Object {
			p = string(jsondoc.AppendQuoted(nil, d.Key(c))) + ": "
		}
		if !pp.value(c, depth+1, p, d.Next(c) != jsondoc.None) {
			return false
		}
	}
	return pp.add(ind, close+tail, depth)
}

// spaced returns s with its control characters as spaces.
func spaced(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, s)
}
