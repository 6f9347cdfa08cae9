package tree

import (
	"strconv"
	"strings"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/themes"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/outline"
	"github.com/jsontui/jsontui/tui/pair/metricstate"
	"github.com/jsontui/jsontui/tui/pair/schemacheck"
	"github.com/jsontui/jsontui/tui/runspane"
)

// rowPainter renders tree rows; it holds what every row of a frame shares.
type rowPainter struct {
	s       *themes.Styles
	t       *scoring.Tree
	ol      *outline.Outline
	changed func(slot int) bool
	matches *outline.Matches
	// Cmp is the run compared with, nil for none.
	cmp  *runspane.Comparison
	cols columns
	// values is set when the rows show the values only (a metric that is
	// one number); schema marks the nodes breaking --schema.
	values bool
	schema *schemacheck.Check
	b      strings.Builder
}

// row renders one row, padded to the pane's width.
func (rp *rowPainter) row(r outline.Row, selected bool) string {
	s, b := rp.s, &rp.b
	b.Reset()
	id := r.ID
	if selected {
		b.WriteString(s.Selected.On())
	}
	st := rp.keyColumn(r)
	rp.cells(id, st)
	rp.figures(id)
	if selected {
		b.WriteString(s.Selected.Off())
	}
	return b.String()
}

// keyColumn writes the key column of row r: guides, marker, glyph,
// label; it returns the node's status.
func (rp *rowPainter) keyColumn(r outline.Row) scoring.Status {
	s, t, b, id := rp.s, rp.t, &rp.b, r.ID
	used := WriteGuides(b, s, int(r.Depth), rp.cols.label)
	s.Muted.Write(b, Marker(rp.ol.HasChildren(id), rp.ol.IsOpen(id)))
	st := t.Status(id)
	if rp.values {
		g, p := metricstate.ValuesGlyph(s, st)
		p.Write(b, g)
	} else {
		s.Status(st).Write(b, s.Glyph(st))
	}
	marked := rp.schema.Has(id)
	if marked {
		s.Bad.Write(b, "!")
	} else {
		b.WriteByte(' ')
	}
	used += 4
	_, n := t.Children(id)
	lp := s.Text
	switch {
	case rp.matches.Has(id):
		lp = s.Match
	case marked:
		lp = s.Bad
	case st == scoring.Extra:
		lp = s.Status(scoring.Extra)
	}
	WriteLabel(b, s, lp, escape.Text(t.Label(id)), ChildCount(n, t.Kind(id) == jsondoc.Array), rp.cols.label-used)
	b.WriteByte(' ')
	return st
}

// figures writes the figures of node id: weight, factor, score, the
// compared run's, loss, in the columns laid out.
func (rp *rowPainter) figures(id scoring.NodeID) {
	s, t, b := rp.s, rp.t, &rp.b
	if rp.cols.weight > 0 {
		b.WriteByte(' ')
		wt := FitFigure(t.Weight(id), rp.cols.weight)
		slot := t.Slot(id)
		switch {
		case slot >= 0 && rp.changed(slot):
			s.Changed.Write(b, common.PadLeft("*"+wt, rp.cols.weight))
		case slot < 0:
			s.Faint.Write(b, common.PadLeft(wt, rp.cols.weight))
		default:
			b.WriteString(common.PadLeft(wt, rp.cols.weight))
		}
	}
	if rp.cols.f > 0 {
		b.WriteByte(' ')
		if f, ok := t.Factor(id); ok {
			b.WriteString(common.PadLeft(common.Trim5(f), rp.cols.f))
		} else {
			b.WriteString(strings.Repeat(" ", rp.cols.f))
		}
	}
	score, has := t.Score(id)
	if rp.cols.score > 0 {
		b.WriteByte(' ')
		st := common.ScoreText(score, has)
		if t.Approximate() && has {
			if _, ok := t.Approx(id); ok {
				// The exact score is at least this: "≥0.1175" fits the
				// column.
				st = "≥" + strconv.FormatFloat(score, 'f', 4, 64)
			}
		}
		txt := common.PadLeft(st, rp.cols.score)
		if has {
			s.Band(score).Write(b, txt)
		} else {
			s.Faint.Write(b, txt)
		}
	}
	if rp.cols.run > 0 {
		rp.compared(id, score, has)
	}
	if rp.cols.loss > 0 {
		b.WriteByte(' ')
		loss := t.Loss(id)
		txt := common.PadLeft(common.LossText(loss), rp.cols.loss)
		if loss == 0 {
			s.Faint.Write(b, txt)
		} else {
			b.WriteString(txt)
		}
	}
}

// compared writes the compared run's score of node id and the change
// since: "—" when the run has no such path.
func (rp *rowPainter) compared(id scoring.NodeID, score float64, has bool) {
	s, b := rp.s, &rp.b
	n, ok := rp.cmp.At(id)
	b.WriteByte(' ')
	if !ok {
		s.Faint.Write(b, common.PadLeft("—", rp.cols.run))
		b.WriteByte(' ')
		b.WriteString(strings.Repeat(" ", rp.cols.delta))
		return
	}
	txt := common.PadLeft(common.ScoreText(n.Score, n.HasScore), rp.cols.run)
	if n.HasScore {
		s.Band(n.Score).Write(b, txt)
	} else {
		s.Faint.Write(b, txt)
	}
	b.WriteByte(' ')
	if !has || !n.HasScore {
		t := ""
		if has != n.HasScore {
			t = "n/a"
		}
		s.Faint.Write(b, common.PadLeft(t, rp.cols.delta))
		return
	}
	common.WriteDelta(b, s, score-n.Score, rp.cols.delta)
}

// cells writes the reference and output cells of node id: a scalar as
// written in the JSON, a container as {…} or […], an absent value as —.
// Two scalars that differ are cut around their first difference, the
// part that differs painted as a character diff's.
func (rp *rowPainter) cells(id scoring.NodeID, st scoring.Status) {
	t := rp.t
	ref, out := t.Ref(), t.Out()
	rv, ov := t.RefValue(id), t.OutValue(id)
	if st != scoring.Match && st != scoring.Ignored && isScalar(ref, rv) && isScalar(out, ov) {
		rc, oc := report.CutPair(ref.RawText(rv), out.RawText(ov), rp.cols.ref, rp.cols.out)
		rp.cut(rc, rp.cols.ref, rp.s.DiffDel)
		rp.b.WriteByte(' ')
		rp.cut(oc, rp.cols.out, rp.s.DiffIns)
		return
	}
	rp.value(ref, rv, rp.cols.ref)
	rp.b.WriteByte(' ')
	rp.value(out, ov, rp.cols.out)
}

// isScalar reports whether v is a value of d that is not a container.
func isScalar(d *jsondoc.Doc, v jsondoc.ID) bool {
	return v != jsondoc.None && !d.Kind(v).IsContainer()
}

// cut writes a cut value padded to w cells, its differing part painted
// with p.
func (rp *rowPainter) cut(c report.Cut, w int, p themes.Paint) {
	if w <= 0 {
		return
	}
	b := &rp.b
	b.WriteString(c.Text[:c.Lo])
	p.Write(b, c.Text[c.Lo:c.Hi])
	b.WriteString(c.Text[c.Hi:])
	b.WriteString(strings.Repeat(" ", max(0, w-report.Width(c.Text))))
}

// value writes a value cell, cut at its end.
func (rp *rowPainter) value(d *jsondoc.Doc, v jsondoc.ID, w int) {
	if w <= 0 {
		return
	}
	s := rp.s
	b := &rp.b
	if v == jsondoc.None {
		s.Faint.Write(b, common.Pad("—", w))
		return
	}
	switch d.Kind(v) {
	case jsondoc.Object:
		s.Muted.Write(b, common.Pad("{…}", w))
		return
	case jsondoc.Array:
		s.Muted.Write(b, common.Pad("[…]", w))
		return
	}
	b.WriteString(common.Pad(clip(d.Raw(v), w), w))
}

// FitFigure writes a figure as the weights file would, or, when that is
// wider than w cells (a metric's own weight, such as uipath's 1/11),
// rounded to fit.
func FitFigure(v float64, w int) string {
	t := common.WeightText(v)
	for d := w - 2; len(t) > w && d >= 0; d-- {
		t = strconv.FormatFloat(v, 'f', d, 64)
	}
	return t
}

// clip returns the start of raw, enough to fill w cells, as a string.
func clip(raw []byte, w int) string {
	if n := 4*w + 8; len(raw) > n {
		raw = raw[:n]
	}
	return string(raw)
}

// Guides returns the indentation guides of a row at depth d, within
// room cells: one "│ " per level; one "│" per level when that does not
// fit; for a very deep row, as many as fit and then "…".
func Guides(d, room int) string {
	switch {
	case 2*d <= room:
		return strings.Repeat("│ ", d)
	case d <= room:
		return strings.Repeat("│", d)
	}
	return strings.Repeat("│", max(0, room-1)) + "…"
}
