package detail

import (
	"strings"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/themes"
)

// calcLines returns how node id's score is computed (scoring's
// Tree.Explain, by the rules of the metric in force), painted for the
// detail pane, in w cells.
func (d *Pane) calcLines(t *scoring.Tree, id scoring.NodeID, w int) []string {
	lines := t.Explain(id, scoring.ExplainOptions{
		Width:    w,
		Children: d.ol.Children,
		Metric:   d.metric.Name,
		Note:     d.metric.Explanation(),
	})
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = PaintLine(d.c.Styles, l)
	}
	return out
}

// PaintLine styles an explanation's line by the roles of its spans.
func PaintLine(s *themes.Styles, l scoring.Line) string {
	var b strings.Builder
	for _, sp := range l {
		switch sp.Role {
		case scoring.RoleScore:
			s.Band(sp.Value).Write(&b, sp.Text)
		case scoring.RoleBad:
			s.Bad.Write(&b, sp.Text)
		case scoring.RoleGood:
			s.Good.Write(&b, sp.Text)
		case scoring.RoleNote:
			s.Muted.Write(&b, sp.Text)
		case scoring.RoleAside:
			s.Faint.Write(&b, sp.Text)
		case scoring.RoleDeleted:
			s.DiffDel.Write(&b, sp.Text)
		case scoring.RoleInserted:
			s.DiffIns.Write(&b, sp.Text)
		default:
			b.WriteString(sp.Text)
		}
	}
	return b.String()
}
