package pathtree

import (
	"fmt"
	"strings"

	"github.com/jsontui/jsontui/tui/datasetpage/dsdata"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/common"
	pairdetail "github.com/jsontui/jsontui/tui/pair/detail"
	"github.com/jsontui/jsontui/tui/runspane"
)

// Detail explains the selected path's figures with their numbers in
// (dataset.Scored.ExplainPath, painted as a pair's calculation is). Its
// lines are built when the path, the figures or the size change.
type Detail struct {
	c             *common.Common
	ds            *dsdata.Data
	path          string
	width, height int
	// side is set beside the tree (a left rule), clear below it.
	side  bool
	key   detailKey
	lines []string
	off   int
}

// NewPathDetail returns the pane over ds, no path selected.
func NewPathDetail(c *common.Common, ds *dsdata.Data) *Detail { return &Detail{c: c, ds: ds} }

// Detail keeps the pane contract.
var _ common.Pane = (*Detail)(nil)

type detailKey struct {
	path string
	// d and version are the dataset and its weights' version: scored
	// again or re-weighted, its figures change.
	d       *dataset.Scored
	version int
	width   int
	cmp     *dsdata.Comparison
	styles  any
}

// SelectPath tells the pane which path to explain.
func (p *Detail) SelectPath(path string) { p.path = path }

// SetSize sets the pane's size, its rule included.
func (p *Detail) SetSize(w, h int) { p.width, p.height = w, h }

// Size returns the pane's size, its rule included.
func (p *Detail) Size() (w, h int) { return p.width, p.height }

// SetSide places the pane beside the tree (a left rule) or below it.
func (p *Detail) SetSide(side bool) { p.side = side }

// Beside reports whether the pane is beside the tree.
func (p *Detail) Beside() bool { return p.side }

// ShortHelp returns the pane's scrolling keys.
func (p *Detail) ShortHelp() []key.Binding {
	k := p.c.Keys
	return []key.Binding{k.DetailDown, k.DetailUp}
}

// FullHelp returns the pane's keys.
func (p *Detail) FullHelp() [][]key.Binding { return [][]key.Binding{p.ShortHelp()} }

// Update scrolls the pane (J/K, the wheel).
func (p *Detail) Update(msg tea.Msg) tea.Cmd {
	if pm, ok := msg.(common.PaneMouseMsg); ok {
		if w, ok := pm.Msg.(tea.MouseWheelMsg); ok {
			p.scrollBy(map[bool]int{true: -1, false: 1}[w.Button == tea.MouseWheelUp] * common.WheelStep)
		}
		return nil
	}
	if km, ok := msg.(tea.KeyPressMsg); ok {
		k := p.c.Keys
		switch {
		case key.Matches(km, k.DetailDown):
			p.scrollBy(max(1, p.rows()/2))
		case key.Matches(km, k.DetailUp):
			p.scrollBy(-max(1, p.rows()/2))
		}
	}
	return nil
}

// inner returns the width available to the text.
func (p *Detail) inner() int {
	if p.side {
		return max(1, p.width-3)
	}
	return max(1, p.width)
}

// rows returns the lines of text the pane shows at once.
func (p *Detail) rows() int {
	if p.side {
		return p.height
	}
	return p.height - 1
}

func (p *Detail) scrollBy(n int) {
	p.off = max(0, min(p.off+n, len(p.lines)-p.rows()))
}

// build writes the lines for the selected path.
func (p *Detail) build() {
	s := p.c.Styles
	w := p.inner()
	var out []string
	add := func(lines ...string) {
		for _, l := range lines {
			out = append(out, common.WrapIndent(l, w)...)
		}
	}
	add(s.Title.Render(p.path))
	for _, l := range p.ds.Scored.ExplainPath(p.path, w) {
		add(pairdetail.PaintLine(s, l))
	}
	if run, ok := p.ds.Cmp.PathScore(p.path); ok {
		i := p.ds.Scored.PathIndex(p.path)
		add("", s.Muted.Render("in "+runspane.RunName(p.ds.Cmp.Run)+": score "+common.ScoreText(run.Score, run.Has)))
		if pf := p.ds.Paths[i]; run.Has && pf.HasScore {
			add(s.Muted.Render("Δ " + common.Signed(pf.Score-run.Score) + " since"))
		}
	}
	k := p.c.Keys
	add("", s.Faint.Render(fmt.Sprintf("%s lists the cases that lose points here · %s opens the heat map", k.FilterCases.Help().Key, k.HeatMap.Help().Key)))
	p.lines = out
}

// View renders the pane.
func (p *Detail) View() string {
	k := detailKey{path: p.path, d: p.ds.Scored, version: p.ds.Sess.Version(), width: p.inner(), cmp: p.ds.Cmp, styles: p.c.Styles}
	if k != p.key {
		if k.path != p.key.path {
			p.off = 0
		}
		p.key = k
		p.build()
	}
	s := p.c.Styles
	var b strings.Builder
	if !p.side {
		b.WriteString(s.Faint.Render("── detail " + strings.Repeat("─", max(0, p.width-10))))
	}
	h := p.rows()
	p.off = max(0, min(p.off, len(p.lines)-h))
	for i := 0; i < h; i++ {
		if i > 0 || !p.side {
			b.WriteByte('\n')
		}
		line := ""
		if j := p.off + i; j < len(p.lines) {
			line = p.lines[j]
		}
		switch {
		case i == 0 && p.off > 0:
			line = s.Faint.Render(fmt.Sprintf("↑ %d more above", p.off+1))
		case i == h-1 && len(p.lines)-p.off > h:
			line = s.Faint.Render(fmt.Sprintf("↓ %d more below · %s/%s scroll", len(p.lines)-p.off-h+1,
				p.c.Keys.DetailDown.Help().Key, p.c.Keys.DetailUp.Help().Key))
		}
		if p.side {
			b.WriteString(s.Faint.Render(" │ "))
		}
		b.WriteString(common.Fit(line, p.inner()))
	}
	return b.String()
}
