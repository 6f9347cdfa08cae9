package heatmap

import (
	"fmt"
	"math"
	"strings"

	"github.com/jsontui/jsontui/tui/datasetpage/casespane"
	"github.com/jsontui/jsontui/tui/datasetpage/dsdata"
	"github.com/jsontui/jsontui/tui/datasetpage/pathtree"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/themes"
	"github.com/jsontui/jsontui/tui/common"
)

// Pane is a dataset's heat map: a row per path as the tree shows it,
// a column per case in the cases pane's order, each cell the case's score
// at the path (the mean of its nodes there) drawn with a glyph ramp and
// the colour of its band, so that it reads without colour; blank where
// the case has no node there. The cursor names the case, the path and
// the score; enter opens the case at the path. It scrolls both ways and
// computes the cells on screen only.
type Pane struct {
	c     *common.Common
	ds    *dsdata.Data
	ol    *pathtree.Outline
	order *casespane.Order
	// row and col are the cursor (a row of the outline, a place in the
	// cases' order); top and left the window's corner.
	row, col  int
	top, left int
	width     int
	height    int
	// cells caches the per-path scores of the cases on screen, for the
	// figures in force.
	cells map[int][]float64
}

// Pane keeps the pane contract.
var _ common.Pane = (*Pane)(nil)

// New returns the heat map of ds: its rows those of ol (the tree's),
// its columns the cases of order.
func New(c *common.Common, ds *dsdata.Data, ol *pathtree.Outline, order *casespane.Order) *Pane {
	return &Pane{c: c, ds: ds, ol: ol, order: order, cells: map[int][]float64{}}
}

// heatGlyphs is the ramp of the cells, from a perfect score to 0.
var heatGlyphs = []string{"·", "░", "▒", "▓", "█"}

// heatGlyph returns the glyph of a score: · perfect, then ░ ▒ ▓ █ as it
// falls by quarters; blank for no score.
func heatGlyph(v float64) string {
	switch {
	case math.IsNaN(v):
		return " "
	case v >= 1:
		return heatGlyphs[0]
	case v >= 0.75:
		return heatGlyphs[1]
	case v >= 0.5:
		return heatGlyphs[2]
	case v >= 0.25:
		return heatGlyphs[3]
	}
	return heatGlyphs[4]
}

// SetSize sets the pane's size.
func (p *Pane) SetSize(w, h int) {
	p.width, p.height = w, h
	p.scroll()
}

// ShortHelp returns the bindings the status line shows in the heat map.
func (p *Pane) ShortHelp() []key.Binding { return p.c.Keys.HeatHelp() }

// FullHelp returns the heat map's bindings.
func (p *Pane) FullHelp() [][]key.Binding { return [][]key.Binding{p.c.Keys.HeatHelp()} }

// keyWidth is the width of the paths' column.
func (p *Pane) keyWidth() int { return max(12, min(28, p.width/4)) }

// rowsShown returns how many path rows the window shows: below the
// title, the cursor's line and the ruler.
func (p *Pane) rowsShown() int { return max(1, p.height-3) }

// cellWidth returns the cells a case's column takes: two when every case
// fits so, else one.
func (p *Pane) cellWidth() int {
	if room := p.width - p.keyWidth() - 1; 2*len(p.order.Cases()) <= room {
		return 2
	}
	return 1
}

// colsShown returns how many cases the window shows.
func (p *Pane) colsShown() int { return max(1, (p.width-p.keyWidth()-1)/p.cellWidth()) }

// scroll keeps the cursor in range and in the window.
func (p *Pane) scroll() {
	nr, nc := p.ol.Len(), len(p.order.Cases())
	p.row = max(0, min(p.row, nr-1))
	p.col = max(0, min(p.col, nc-1))
	h, w := p.rowsShown(), p.colsShown()
	if p.row < p.top {
		p.top = p.row
	}
	if p.row >= p.top+h {
		p.top = p.row - h + 1
	}
	p.top = max(0, min(p.top, nr-h))
	if p.col < p.left {
		p.left = p.col
	}
	if p.col >= p.left+w {
		p.left = p.col - w + 1
	}
	p.left = max(0, min(p.left, nc-w))
}

// page moves the window and the cursor n cases on (back, when n < 0),
// the cursor keeping its column where the window can move.
func (p *Pane) page(n int) {
	nc, w := len(p.order.Cases()), p.colsShown()
	p.left = max(0, min(p.left+n, nc-w))
	p.col += n
}

// Cursor returns the cursor: a row of the outline, a place in the
// cases' order.
func (p *Pane) Cursor() (row, col int) { return p.row, p.col }

// path returns the place in the figures of the cursor's path.
func (p *Pane) path() int {
	if p.ol.Len() == 0 {
		return 0
	}
	return p.ol.Row(min(p.row, p.ol.Len()-1)).Index
}

// Update runs the heat map's keys and takes the figures' changes.
func (p *Pane) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case dsdata.ChangedMsg, dsdata.ReplacedMsg:
		clear(p.cells) // the cases' order is made again when it shows

	case dsdata.SelectPathMsg:
		if r := p.ol.Reveal(msg.Index); r >= 0 {
			p.row = r
		}
		p.scroll()
	case tea.KeyPressMsg:
		return p.key(msg)
	}
	return nil
}

// key runs a key of the heat map.
func (p *Pane) key(msg tea.KeyPressMsg) tea.Cmd {
	k := p.c.Keys
	hk := k.Heat
	path := p.ds.Paths[p.path()].Path
	switch {
	case key.Matches(msg, k.Up):
		p.row--
	case key.Matches(msg, k.Down):
		p.row++
	case key.Matches(msg, k.Top):
		p.row = 0
	case key.Matches(msg, k.Bottom):
		p.row = p.ol.Len() - 1
	case key.Matches(msg, hk.Left):
		p.col--
	case key.Matches(msg, hk.Right):
		p.col++
	case key.Matches(msg, k.HalfDown, k.PageDown):
		p.page(p.colsShown())
	case key.Matches(msg, k.HalfUp, k.PageUp):
		p.page(-p.colsShown())
	case key.Matches(msg, k.ExpandAll, k.CollapseAll, k.Depth):
		i := p.path()
		switch {
		case key.Matches(msg, k.ExpandAll):
			p.ol.ExpandAll()
		case key.Matches(msg, k.CollapseAll):
			p.ol.ExpandTo(1)
		default:
			p.ol.ExpandTo(int(msg.String()[0] - '0'))
		}
		if r := p.ol.Nearest(i); r >= 0 {
			p.row = r
		}
	case key.Matches(msg, hk.Open):
		cs := p.order.Cases()
		if len(cs) == 0 {
			return common.StatusCmd(common.Info("no case listed"))
		}
		return p.c.Ask(dsdata.OpenCaseMsg{Case: cs[p.col], Path: path})
	case key.Matches(msg, hk.Close):
		return p.c.Ask(dsdata.SelectPathMsg{Index: p.path()}, dsdata.ShowViewMsg{View: dsdata.ViewTree})
	case key.Matches(msg, k.Cases):
		return p.c.Ask(dsdata.ShowViewMsg{View: dsdata.ViewCases})
	case key.Matches(msg, k.EditWeight, k.Raise, k.Lower, k.ToggleZero, k.Reset):
		return p.c.Ask(dsdata.WeightKeyMsg{Path: path, Key: msg})
	}
	p.scroll()
	return nil
}

// scoresOf returns case k's score at every path, cached.
func (p *Pane) scoresOf(k int) []float64 {
	if v, ok := p.cells[k]; ok {
		return v
	}
	if len(p.cells) > 4*p.colsShown()+64 {
		clear(p.cells) // the window moved far: start over
	}
	v := p.ds.Scored.CasePathScores(k, nil)
	p.cells[k] = v
	return v
}

// View renders the heat map: the title, the cursor's case, path and
// score, a ruler of the cases' places, and the rows on screen.
func (p *Pane) View() string {
	p.scroll()
	s := p.c.Styles
	cs := p.order.Cases()
	kw, cw := p.keyWidth(), p.colsShown()
	from, to := p.left, min(len(cs), p.left+cw)
	var lines []string
	what := "every case"
	if p.order.FilterPath() != "" {
		what = "the cases losing points at " + p.order.FilterPath()
	}
	title := s.Title.Render("Heat map") + "  " + s.Muted.Render(fmt.Sprintf("paths × %s, %s", what, casespane.SortNames[p.order.InForce()]))
	span := ""
	if len(cs) > 0 {
		text := fmt.Sprintf("cases %s–%s of %s", common.Thousands(from+1), common.Thousands(to), common.Thousands(len(cs)))
		if m, i := p.order.Hidden(); m+i > 0 {
			text += fmt.Sprintf(" (+%s not listed)", common.Thousands(m+i)) // the missing and invalid, as in the cases pane
		}
		span = s.Faint.Render(text)
	}
	lines = append(lines, common.Spread(title, span, p.width), p.cursorLine(cs))
	lines = append(lines, p.ruler(kw, from, to))
	rows := p.ol.Window(p.top, p.top+p.rowsShown())
	cols := make([][]float64, to-from)
	for j := range cols {
		cols[j] = p.scoresOf(cs[from+j])
	}
	for r, row := range rows {
		lines = append(lines, p.heatRow(s, row, p.top+r == p.row, kw, from, cols))
	}
	for len(lines) < p.height {
		lines = append(lines, strings.Repeat(" ", p.width))
	}
	return strings.Join(lines[:p.height], "\n")
}

// cursorLine names the cursor's case, path and score.
func (p *Pane) cursorLine(cs []int) string {
	s := p.c.Styles
	if len(cs) == 0 || p.ol.Len() == 0 {
		return common.Fit(s.Faint.Render("no case listed"), p.width)
	}
	k := cs[p.col]
	i := p.path()
	v := p.scoresOf(k)[i]
	score := s.Faint.Render("no node there")
	if !math.IsNaN(v) {
		score = "score " + s.Band(v).Render(common.ScoreText(v, true))
	}
	line := fmt.Sprintf("case %s · %s · %s", s.Accent.Render(p.ds.Scored.CaseID(k)), p.ds.Paths[i].Path, score)
	legend := s.Faint.Render("· 1  ░ ≥.75  ▒ ≥.5  ▓ ≥.25  █ <.25")
	if common.VisibleWidth(line)+common.VisibleWidth(legend)+2 > p.width {
		return common.Fit(line, p.width)
	}
	return common.Spread(line, legend, p.width)
}

// ruler marks the first case's place and every tenth one above the
// columns.
func (p *Pane) ruler(kw, from, to int) string {
	cw := p.cellWidth()
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", kw+1))
	end := to * cw
	for x := from * cw; x < end; {
		j := x / cw
		if x%cw == 0 && ((j+1)%10 == 0 || j == from) {
			lab := report.Thousands(j + 1)
			if x+len(lab) <= end {
				b.WriteString(lab)
				x += len(lab)
				continue
			}
		}
		b.WriteByte(' ')
		x++
	}
	return p.c.Styles.Faint.Render(common.Fit(b.String(), p.width))
}

// heatRow renders the row of path row.i: its key, then a cell per case.
func (p *Pane) heatRow(s *themes.Styles, row pathtree.Row, selected bool, kw, from int, cols [][]float64) string {
	var b strings.Builder
	label := strings.Repeat(" ", min(row.Depth, kw/3)) + escape.Text(p.ds.Scored.PathLabel(row.Index))
	lab := common.Pad(report.Truncate(label, kw), kw)
	if selected {
		s.Selected.Write(&b, lab)
	} else {
		b.WriteString(lab)
	}
	b.WriteByte(' ')
	cw := p.cellWidth()
	for j, sc := range cols {
		v := sc[row.Index]
		g := strings.Repeat(heatGlyph(v), cw)
		switch {
		case selected && from+j == p.col:
			s.Selected.Write(&b, g)
		case math.IsNaN(v):
			b.WriteString(g)
		case v >= 1:
			s.Faint.Write(&b, g)
		default:
			s.Band(v).Write(&b, g)
		}
	}
	return common.Fit(b.String(), p.width)
}
