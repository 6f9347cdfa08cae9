package widgets

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/common"
)

// HelpView is the full help, generated from the key map: one titled
// column per group of bindings, as many side by side as fit, scrolling
// when they do not.
type HelpView struct {
	c      *common.Common
	offset int
	width  int
	height int
	// dataset is set for a dataset's explorer: its own key map columns
	// and notes.
	dataset bool
}

// HelpView keeps the pane contract.
var _ common.Pane = (*HelpView)(nil)

// Update scrolls the help, and closes it on Cancel, Help or Quit.
func (h *HelpView) Update(msg tea.Msg) tea.Cmd {
	km, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	k := h.c.Keys
	switch {
	case key.Matches(km, k.Cancel, k.Help, k.Quit):
		return h.c.Ask(common.ClosePaneMsg{})
	case key.Matches(km, k.Down):
		h.scrollBy(1)
	case key.Matches(km, k.Up):
		h.scrollBy(-1)
	case key.Matches(km, k.PageDown, k.HalfDown):
		h.scrollBy(h.height / 2)
	case key.Matches(km, k.PageUp, k.HalfUp):
		h.scrollBy(-h.height / 2)
	}
	return nil
}

// ShortHelp returns the binding that closes the help.
func (h *HelpView) ShortHelp() []key.Binding { return []key.Binding{h.c.Keys.Cancel} }

// FullHelp returns the columns the help shows.
func (h *HelpView) FullHelp() [][]key.Binding {
	groups, _ := h.groups()
	return groups
}

// groups returns the columns of bindings and their titles.
func (h *HelpView) groups() ([][]key.Binding, []string) {
	k := h.c.Keys
	if h.dataset {
		return k.DatasetHelp(), k.DatasetGroupTitles()
	}
	return k.FullHelp(), k.GroupTitles()
}

// SetSize sets the area the help fills.
func (h *HelpView) SetSize(w, ht int) {
	h.width, h.height = w, ht
	h.scrollBy(0)
}

// lines renders the whole help.
func (h *HelpView) lines() []string {
	s := h.c.Styles
	groups, titles := h.groups()
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
			c.lines = append(c.lines, s.Accent.Render(common.Pad(b.Help().Key, keyW))+"  "+s.Muted.Render(b.Help().Desc))
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
			b.WriteString(common.Fit(cell, colW))
		}
		out = append(out, b.String())
	}
	out = append(out, "")
	for _, l := range h.notes() {
		out = append(out, common.WrapIndent(l, max(20, h.width-2))...)
	}
	return out
}

// notes returns the lines below the keys.
func (h *HelpView) notes() []string {
	s := h.c.Styles
	if h.dataset {
		return []string{
			s.Title.Render("Dataset") + "  the tree is the per-path tree: each schema path's weight, f, score, loss, cases, the bar of its nodes' statuses and precision/recall/F1; tab explains a path's figures",
			s.Title.Render("Cases") + "  c lists the cases, lowest first; f on a path lists those that lose points there; enter opens a case's own tree (everything a pair has), esc comes back",
			s.Title.Render("Heat map") + "  v: a row per path as the tree shows it, a column per case as the cases pane orders them; ·░▒▓█ and the colour say the score, blank has no node",
			s.Title.Render("Weights") + "  re-weight every case at once, live, comparing nothing again; ctrl+s saves the weights file, shape kept",
			s.Title.Render("Metrics") + "  m (a metric, its options), C (a path's rule), p (an array's pairing) score the whole dataset again from its files, as score would, in the background: esc stops; the weights tuned weigh the new figures",
			s.Title.Render("Statuses") + "  " + h.legend(),
			s.Title.Render("Theme") + "  " + s.Name + " (--theme or JSONTUI_THEME: dark, light, high-contrast, colorblind, mono)",
		}
	}
	return []string{
		s.Title.Render("Mouse") + "  wheel scrolls the pane under it (tree or detail) · click selects · click ▸/▾ toggles · --no-mouse turns it off",
		s.Title.Render("Weights") + "  live per key: editing one element's key weighs that key in every element; ctrl+s saves them",
		s.Title.Render("Metrics") + "  m switches: jsondiff, lynxius, uipath and galtea show their own per-node figures (uipath's and galtea's weights are their own: weight keys refuse);" +
			" the others are one number: a panel says how it was computed, the tree shows the values; --metric and its options set it on opening, the header shows them",
		s.Title.Render("Schema") + "  --schema FILE marks the output's nodes that break it with !; the detail pane lists their messages, ! in the header those the tree has no node for",
		s.Title.Render("Statuses") + "  " + h.legend() + "; under a metric that is one number: = equal, ≠ differ, − only the reference, + only the output",
		s.Title.Render("Theme") + "  " + s.Name + " (--theme or JSONTUI_THEME: dark, light, high-contrast, colorblind, mono)",
	}
}

// legend lists the status glyphs.
func (h *HelpView) legend() string {
	s := h.c.Styles
	var parts []string
	for _, st := range scoring.Statuses {
		parts = append(parts, s.Status(st).Render(s.Glyph(st))+" "+st.String())
	}
	return strings.Join(parts, "  ")
}

// scrollBy scrolls by n lines within bounds.
func (h *HelpView) scrollBy(n int) {
	total := len(h.lines())
	h.offset = max(0, min(h.offset+n, total-h.height))
}

// View renders the visible part of the help.
func (h *HelpView) View() string {
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
		b.WriteString(common.Fit(" "+line, h.width))
	}
	return b.String()
}

// Top scrolls the help back to its first line.
func (h *HelpView) Top() { h.offset = 0 }

// NewHelpView returns the help of a pair's explorer, or of a dataset's.
func NewHelpView(c *common.Common, dataset bool) *HelpView {
	return &HelpView{c: c, dataset: dataset}
}
