package pathtree

import (
	"strconv"
	"strings"

	"github.com/jsontui/jsontui/tui/datasetpage/dsdata"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/themes"
	"github.com/jsontui/jsontui/tui/common"
	pairtree "github.com/jsontui/jsontui/tui/pair/tree"
)

// pathCol is one figure column of a dataset's tree.
type pathCol int

const (
	colWeight pathCol = iota
	colF
	colScore
	colRun // a compared run's score
	colDelta
	colLoss
	colCases
	colBar // the bar of the statuses
	colPrec
	colRec
	colF1
	nPathCols
)

// pathColHeads and pathColWidths name the columns and give their widths.
var (
	pathColHeads  = [nPathCols]string{"weight", "f", "score", "run", "Δ", "loss", "cases", "statuses", "prec", "rec", "f1"}
	pathColWidths = [nPathCols]int{6, 7, 7, 7, 8, 7, 7, 10, 5, 5, 5}
)

// pathColDrop is the order in which the figures give way on a narrow
// screen: f first, then precision and recall, the bar, the cases, F1,
// the compared run's score, weight; loss and score stay (never loss
// before weight).
var pathColDrop = []pathCol{colF, colPrec, colRec, colBar, colCases, colF1, colRun, colWeight}

// pathCols are the widths of a dataset tree's columns; 0 hides one.
type pathCols struct {
	label int
	w     [nPathCols]int
	total int
}

// minPathKey is the least the key column takes before figures give way.
const minPathKey = 16

// layoutPathCols fits the columns into w cells for rows whose key cells
// need need cells, with a compared run's columns when compare is set.
func layoutPathCols(w, need int, compare bool) pathCols {
	c := pathCols{total: w}
	for k := range c.w {
		c.w[k] = pathColWidths[k]
	}
	if !compare {
		c.w[colRun], c.w[colDelta] = 0, 0
	}
	key := max(minPathKey, min(need, 40))
	for _, drop := range pathColDrop {
		if key+c.figures() <= w {
			break
		}
		c.w[drop] = 0
	}
	c.label = max(minPathKey, w-c.figures())
	return c
}

// figures returns the cells the figure columns take, a space before each.
func (c pathCols) figures() int {
	n := 0
	for _, w := range c.w {
		if w > 0 {
			n += w + 1
		}
	}
	return n
}

// header renders the column heads.
func (c pathCols) header(s *themes.Styles) string {
	var b strings.Builder
	b.WriteString(common.Pad("key", c.label))
	for k, w := range c.w {
		if w == 0 {
			continue
		}
		b.WriteByte(' ')
		if pathCol(k) == colBar {
			b.WriteString(common.Pad(pathColHeads[k], w))
		} else {
			b.WriteString(common.PadLeft(pathColHeads[k], w))
		}
	}
	return s.Muted.Render(common.Fit(b.String(), c.total))
}

// pathStatus is the status glyph of a path as a whole: match when every
// node there matches, mismatch when all score 0, ignored without a
// score, extra when only outputs have it, else partial.
func pathStatus(p *dataset.PathFigures) scoring.Status {
	switch {
	case p.Nodes > 0 && p.Status(scoring.Extra) == p.Nodes:
		return scoring.Extra
	case !p.HasScore:
		return scoring.Ignored
	case p.Score >= 1:
		return scoring.Match
	case p.Score <= 0:
		return scoring.Mismatch
	}
	return scoring.Partial
}

// statusBar draws the statuses of a path's nodes in w cells, each status
// as many cells of its glyph as shareCells gives it, in its colour, so
// that the bar reads without colour too.
func statusBar(s *themes.Styles, counts [7]int, w int) string {
	cells, ok := shareCells(counts, w)
	if !ok {
		return strings.Repeat(" ", max(0, w))
	}
	var b strings.Builder
	for st, n := range cells {
		if n > 0 {
			s.Status(scoring.Status(st)).Write(&b, strings.Repeat(s.Glyph(scoring.Status(st)), n))
		}
	}
	return b.String()
}

// ratioText writes a precision, recall or F1 in w cells: "n/a" without.
func ratioText(v float64, has bool, w int) string {
	if !has {
		return common.PadLeft("n/a", w)
	}
	t := strconv.FormatFloat(v, 'f', 3, 64)
	if v == 1 {
		t = "1"
	}
	return common.PadLeft(t, w)
}

// pathRowPainter renders rows of a dataset's tree.
type pathRowPainter struct {
	s       *themes.Styles
	ds      *dsdata.Data
	ol      *Outline
	cols    pathCols
	matches []bool
	b       strings.Builder
}

// row renders row r, padded to the pane's width.
func (rp *pathRowPainter) row(r Row, selected bool) string {
	s, ds := rp.s, rp.ds
	b := &rp.b
	b.Reset()
	p := &ds.Paths[r.Index]
	if selected {
		b.WriteString(s.Selected.On())
	}
	used := pairtree.WriteGuides(b, s, r.Depth, rp.cols.label)
	s.Muted.Write(b, pairtree.Marker(rp.ol.hasChildren(r.Index), rp.ol.open[r.Index]))
	st := pathStatus(p)
	s.Status(st).Write(b, s.Glyph(st))
	b.WriteByte(' ')
	used += 4
	suffix := ""
	if p.Kind == "object" {
		suffix = pairtree.ChildCount(len(rp.ol.kids[r.Index]), false)
	}
	lp := s.Text
	switch {
	case r.Index < len(rp.matches) && rp.matches[r.Index]:
		lp = s.Match
	case st == scoring.Extra:
		lp = s.Status(scoring.Extra)
	}
	pairtree.WriteLabel(b, s, lp, escape.Text(ds.Scored.PathLabel(r.Index)), suffix, rp.cols.label-used)
	rp.figures(r.Index, p)
	if selected {
		b.WriteString(s.Selected.Off())
	}
	return b.String()
}

// figures writes the figure cells of path i.
func (rp *pathRowPainter) figures(i int, p *dataset.PathFigures) {
	s, b, c := rp.s, &rp.b, rp.cols.w
	cell := func(k pathCol) bool {
		if c[k] == 0 {
			return false
		}
		b.WriteByte(' ')
		return true
	}
	if cell(colWeight) {
		wt := pairtree.FitFigure(p.Weight, c[colWeight])
		switch {
		case rp.ds.Sess.Changed(p.Path):
			s.Changed.Write(b, common.PadLeft("*"+wt, c[colWeight]))
		case !rp.ds.Scored.Weighs(p.Path):
			s.Faint.Write(b, common.PadLeft(wt, c[colWeight]))
		default:
			b.WriteString(common.PadLeft(wt, c[colWeight]))
		}
	}
	if cell(colF) {
		if f, ok := rp.ds.Factor(i); ok {
			b.WriteString(common.PadLeft(common.Trim5(f), c[colF]))
		} else {
			b.WriteString(strings.Repeat(" ", c[colF]))
		}
	}
	if cell(colScore) {
		txt := common.PadLeft(common.ScoreText(p.Score, p.HasScore), c[colScore])
		if p.HasScore {
			s.Band(p.Score).Write(b, txt)
		} else {
			s.Faint.Write(b, txt)
		}
	}
	if c[colRun] > 0 {
		rp.compared(p)
	}
	if cell(colLoss) {
		txt := common.PadLeft(common.LossText(p.Loss), c[colLoss])
		if p.Loss == 0 {
			s.Faint.Write(b, txt)
		} else {
			b.WriteString(txt)
		}
	}
	if cell(colCases) {
		b.WriteString(common.PadLeft(common.Thousands(p.Cases), c[colCases]))
	}
	if cell(colBar) {
		b.WriteString(statusBar(s, p.StatusCounts(), c[colBar]))
	}
	for _, k := range []pathCol{colPrec, colRec, colF1} {
		if !cell(k) {
			continue
		}
		v, has := p.Precision, p.HasPrecision
		switch k {
		case colRec:
			v, has = p.Recall, p.HasRecall
		case colF1:
			v, has = p.F1, p.HasF1
		}
		txt := ratioText(v, has, c[k])
		if has {
			s.Band(v).Write(b, txt)
		} else {
			s.Faint.Write(b, txt)
		}
	}
}

// compared writes the compared run's score of a path and the change
// since: "—" when the run has no such path.
func (rp *pathRowPainter) compared(p *dataset.PathFigures) {
	s, b, c := rp.s, &rp.b, rp.cols.w
	b.WriteByte(' ')
	run, ok := rp.ds.Cmp.PathScore(p.Path)
	if !ok {
		s.Faint.Write(b, common.PadLeft("—", c[colRun]))
		b.WriteByte(' ')
		s.Faint.Write(b, common.PadLeft("", c[colDelta]))
		return
	}
	s.Muted.Write(b, common.PadLeft(common.ScoreText(run.Score, run.Has), c[colRun]))
	b.WriteByte(' ')
	if !run.Has || !p.HasScore {
		s.Faint.Write(b, common.PadLeft("", c[colDelta]))
		return
	}
	common.WriteDelta(b, s, rp.ds.Cmp.Delta(p.Score, run.Score), c[colDelta])
}

// keyNeed returns the cells the key cell of row r asks for: guides,
// marker, glyph and label.
func (rp *pathRowPainter) keyNeed(r Row) int {
	return 2*r.Depth + 4 + report.Width(escape.Text(rp.ds.Scored.PathLabel(r.Index))) + 1
}
