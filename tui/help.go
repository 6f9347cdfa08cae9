package tui

import (
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/jsontui/jsontui/scoring"
)

// helpView is the full help, generated from the key map: one titled
// column per group of bindings, as many side by side as fit, scrolling
// when they do not.
type helpView struct {
	c      *common
	offset int
	width  int
	height int
}

// SetSize sets the area the help fills.
func (h *helpView) SetSize(w, ht int) {
	h.width, h.height = w, ht
	h.scrollBy(0)
}

// lines renders the whole help.
func (h *helpView) lines() []string {
	s := h.c.styles
	k := h.c.keys
	groups := k.FullHelp()
	titles := k.GroupTitles()
	keyW, descW := 0, 0
	for _, g := range groups {
		for _, b := range g {
			keyW = max(keyW, lipgloss.Width(b.Help().Key))
			descW = max(descW, lipgloss.Width(b.Help().Desc))
		}
	}
	colW := keyW + 2 + descW
	cols := max(1, min(len(groups), (h.width+3)/(colW+3)))
	// Fill the columns with whole groups, each into the shortest column.
	type column struct{ lines []string }
	columns := make([]column, cols)
	for gi, g := range groups {
		best := 0
		for ci := range columns {
			if len(columns[ci].lines) < len(columns[best].lines) {
				best = ci
			}
		}
		c := &columns[best]
		if len(c.lines) > 0 {
			c.lines = append(c.lines, "")
		}
		c.lines = append(c.lines, s.Title.Render(titles[gi]))
		for _, b := range g {
			c.lines = append(c.lines, s.Accent.Render(pad(b.Help().Key, keyW))+"  "+s.Muted.Render(b.Help().Desc))
		}
	}
	rows := 0
	for _, c := range columns {
		rows = max(rows, len(c.lines))
	}
	out := []string{s.Title.Render("jsontui keys") + s.Faint.Render("  (esc, q or ? closes; j/k scroll)"), ""}
	for r := 0; r < rows; r++ {
		var b strings.Builder
		for ci, c := range columns {
			if ci > 0 {
				b.WriteString("   ")
			}
			cell := ""
			if r < len(c.lines) {
				cell = c.lines[r]
			}
			b.WriteString(fit(cell, colW))
		}
		out = append(out, b.String())
	}
	out = append(out, "")
	for _, l := range []string{
		s.Title.Render("Mouse") + "  wheel scrolls the pane under it (tree or detail) · click selects · click ▸/▾ toggles · --no-mouse turns it off",
		s.Title.Render("Weights") + "  live per key: editing one element's key weighs that key in every element; ctrl+s saves them",
		s.Title.Render("Metrics") + "  m switches: jsondiff, lynxius, uipath and galtea show their own per-node figures (uipath's and galtea's weights are their own: weight keys refuse);" +
			" the others are one number: a panel says how it was computed, the tree shows the values; --metric and its options set it on opening, the header shows them",
		s.Title.Render("Schema") + "  --schema FILE marks the output's nodes that break it with !; the detail pane lists their messages, ! in the header those the tree has no node for",
		s.Title.Render("Statuses") + "  " + h.legend() + "; under a metric that is one number: = equal, ≠ differ, − only the reference, + only the output",
		s.Title.Render("Theme") + "  " + s.Name + " (--theme or JSONTUI_THEME: dark, light, high-contrast, colorblind, mono)",
	} {
		out = append(out, wrapIndent(l, max(20, h.width-2))...)
	}
	return out
}

// legend lists the status glyphs.
func (h *helpView) legend() string {
	s := h.c.styles
	var parts []string
	for _, st := range scoring.Statuses {
		parts = append(parts, s.Status(st).Render(s.Glyph(st))+" "+st.String())
	}
	return strings.Join(parts, "  ")
}

// scrollBy scrolls by n lines within bounds.
func (h *helpView) scrollBy(n int) {
	total := len(h.lines())
	h.offset = max(0, min(h.offset+n, total-h.height))
}

// View renders the visible part of the help.
func (h *helpView) View() string {
	lines := h.lines()
	var b strings.Builder
	for i := 0; i < h.height; i++ {
		if i > 0 {
			b.WriteByte('\n')
		}
		line := ""
		if h.offset+i < len(lines) {
			line = lines[h.offset+i]
		}
		b.WriteString(fit(" "+line, h.width))
	}
	return b.String()
}
