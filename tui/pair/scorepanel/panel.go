// Package scorepanel is the box over a pair's tree for a metric that is
// one number: its score, how the metric computed it, and what the
// explorer cannot show or do with it.
package scorepanel

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/pair/metricstate"
)

// Panel is the box over the tree of a metric that is one number: the
// score, how the metric computed it (its explanation and extra figures),
// and what the explorer cannot show or do with it. It shows nothing for a
// Metric with a per-node breakdown. It is a pane with no keys of its own:
// the root tells it the metric shown (ShownMsg) and the body it may
// take half of (SetSize), and asks how many lines it takes (Height).
type Panel struct {
	c     *common.Common
	ms    *metricstate.State
	width int
	body  int
	lines []string
}

// Panel keeps the pane contract.
var _ common.Pane = (*Panel)(nil)

// New returns an empty panel drawn with c's styles; it shows nothing
// until it is told the metric shown.
func New(c *common.Common) *Panel { return &Panel{c: c} }

// ShownMsg tells the panel the metric whose figures now show.
type ShownMsg struct{ State *metricstate.State }

// Update takes the metric shown.
func (p *Panel) Update(msg tea.Msg) tea.Cmd {
	if msg, ok := msg.(ShownMsg); ok {
		p.ms, p.lines = msg.State, nil
		if p.width > 0 {
			p.lines = p.build()
		}
	}
	return nil
}

// SetSize sets the panel's width, builds its lines, and the height of the
// body it takes a part of.
func (p *Panel) SetSize(w, body int) {
	p.body = body
	if w == p.width && p.lines != nil {
		return
	}
	p.width = w
	p.lines = p.build()
}

// ShortHelp returns no keys: the panel has none.
func (p *Panel) ShortHelp() []key.Binding { return nil }

// FullHelp returns no keys.
func (p *Panel) FullHelp() [][]key.Binding { return nil }

// build writes the text inside the box.
func (p *Panel) build() []string {
	if !p.ms.OneNumber {
		return nil
	}
	s := p.c.Styles
	inner := max(10, p.width-4)
	res := p.ms.Res
	head := "score " + s.Faint.Render("n/a")
	if res.HasScore {
		head = "score " + s.Band(res.Score).Render(common.Fixed5(res.Score))
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
	if ex := p.ms.Explanation(); ex != "" {
		out = append(out, common.WrapWords(ex, inner)...)
	}
	note := s.Muted.Render(fmt.Sprintf("No per-key breakdown: the tree shows the documents' values (= equal, ≠ differ, − only the reference, + only the output); "+
		"%s has no per-key weights (w + - x r R u refuse) and no losses to step through (] [).", p.ms.Name))
	out = append(out, common.WrapWords(note, inner)...)
	return out
}

// Height returns the lines the panel takes in the body it was sized
// with: at most half of it, none for a metric with a per-node breakdown.
func (p *Panel) Height() int {
	if len(p.lines) == 0 {
		return 0
	}
	return min(len(p.lines)+2, max(3, p.body/2))
}

// View renders the box in its Height.
func (p *Panel) View() string {
	s := p.c.Styles
	h := p.Height()
	w := p.width
	title := " " + p.ms.Name + ": one number "
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
		b.WriteString("\n" + s.Faint.Render("│ ") + common.Fit(line, max(0, w-4)) + s.Faint.Render(" │"))
	}
	b.WriteString("\n" + s.Faint.Render("╰"+strings.Repeat("─", max(0, w-2))+"╯"))
	return b.String()
}
