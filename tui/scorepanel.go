package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/jsontui/jsontui/scoring/report"
)

// scorePanel is the box over the tree of a metric that is one number: the
// score, how the metric computed it (its explanation and extra figures),
// and what the explorer cannot show or do with it. It shows nothing for a
// metric with a per-node breakdown.
type scorePanel struct {
	c     *common
	ms    *metricState
	width int
	lines []string
}

// SetWidth sets the panel's width and builds its lines.
func (p *scorePanel) SetWidth(w int) {
	if w == p.width && p.lines != nil {
		return
	}
	p.width = w
	p.lines = p.build()
}

// build writes the text inside the box.
func (p *scorePanel) build() []string {
	if !p.ms.oneNumber {
		return nil
	}
	s := p.c.styles
	inner := max(10, p.width-4)
	res := p.ms.res
	head := "score " + s.Faint.Render("n/a")
	if res.HasScore {
		head = "score " + s.Band(res.Score).Render(fixed5(res.Score))
	}
	keys := make([]string, 0, len(res.Extra))
	for k := range res.Extra {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		head += "   " + k + " " + s.Accent.Render(report.Figure(res.Extra[k]))
	}
	var out []string
	out = append(out, head)
	if ex := p.ms.explanation(); ex != "" {
		out = append(out, wrapWords(ex, inner)...)
	}
	note := s.Muted.Render(fmt.Sprintf("No per-key breakdown: the tree shows the documents' values (= equal, ≠ differ, − only the reference, + only the output); "+
		"%s has no per-key weights (w + - x r R u refuse) and no losses to step through (] [).", p.ms.name))
	out = append(out, wrapWords(note, inner)...)
	return out
}

// Height returns the lines the panel takes in a body of body lines: at
// most half of it.
func (p *scorePanel) Height(body int) int {
	if len(p.lines) == 0 {
		return 0
	}
	return min(len(p.lines)+2, max(3, body/2))
}

// View renders the box in h lines (Height's).
func (p *scorePanel) View(h int) string {
	s := p.c.styles
	w := p.width
	title := " " + p.ms.name + ": one number "
	var b strings.Builder
	b.WriteString(s.Faint.Render("╭─") + s.Title.Render(title) + s.Faint.Render(strings.Repeat("─", max(0, w-3-ansi.StringWidth(title)))+"╮"))
	room := h - 2
	for i := 0; i < room; i++ {
		line := ""
		if i < len(p.lines) {
			line = p.lines[i]
		}
		if i == room-1 && len(p.lines) > room {
			line = s.Faint.Render("… (a taller terminal shows the rest)")
		}
		b.WriteString("\n" + s.Faint.Render("│ ") + fit(line, max(0, w-4)) + s.Faint.Render(" │"))
	}
	b.WriteString("\n" + s.Faint.Render("╰"+strings.Repeat("─", max(0, w-2))+"╯"))
	return b.String()
}
