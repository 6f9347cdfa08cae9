package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
)

// valueLines renders value v of d as JSON in at most max lines of width
// cells: a scalar as written, wrapped; a container pretty-printed with
// two-space indents, each line cut to the width. A value that does not fit
// ends in a line "… N more lines" or "…".
func valueLines(d *jsondoc.Doc, v jsondoc.ID, width, maxLines int) []string {
	if v == jsondoc.None {
		return []string{"—"}
	}
	if !d.Kind(v).IsContainer() {
		raw := d.Raw(v)
		if n := width*maxLines*4 + 8; len(raw) > n {
			raw = raw[:n]
		}
		text := strings.Map(func(r rune) rune {
			if r < 0x20 {
				return ' '
			}
			return r
		}, string(raw))
		lines := strings.Split(ansi.Hardwrap(text, max(1, width), true), "\n")
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

func (pp *prettyPrinter) add(s string) bool {
	if len(pp.lines) >= pp.max {
		pp.cut = true
		return false
	}
	pp.lines = append(pp.lines, report.Truncate(s, pp.width))
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
		if len(raw) > pp.width*4+8 {
			raw = raw[:pp.width*4+8]
		}
		return pp.add(ind + prefix + string(raw) + tail)
	}
	open, close := "{", "}"
	if k == jsondoc.Array {
		open, close = "[", "]"
	}
	c := d.Child(v)
	if c == jsondoc.None {
		return pp.add(ind + prefix + open + close + tail)
	}
	if !pp.add(ind + prefix + open) {
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
	return pp.add(ind + close + tail)
}
