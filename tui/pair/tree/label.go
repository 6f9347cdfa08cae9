package tree

import (
	"strings"

	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/themes"
	"github.com/jsontui/jsontui/tui/common"
)

// The key column of a row is written alike by the pair's tree and the
// dataset's per-path tree: guides, the expand marker, a glyph, then the
// label with its child count. The pieces here are that shared part.

// WriteGuides writes the faint depth guides of a row at depth d in a key
// column of labelW cells and returns the cells written.
func WriteGuides(b *strings.Builder, s *themes.Styles, d, labelW int) int {
	if d <= 0 {
		return 0
	}
	g := Guides(d, labelW-8)
	s.Faint.Write(b, g)
	return report.Width(g)
}

// Marker is the expand marker of a row, two cells: "▾ " open, "▸ "
// closed, blank for a row without children.
func Marker(hasChildren, open bool) string {
	switch {
	case !hasChildren:
		return "  "
	case open:
		return "▾ "
	}
	return "▸ "
}

// ChildCount is the faint suffix that counts a container's children:
// " [n]" for an array, " {n}" for an object, empty for none.
func ChildCount(n int, array bool) string {
	switch {
	case n <= 0:
		return ""
	case array:
		return " [" + common.Thousands(n) + "]"
	}
	return " {" + common.Thousands(n) + "}"
}

// WriteLabel writes an (escaped) label in paint p, cut to room cells,
// then suffix in faint where it fits whole, padded with spaces to room.
func WriteLabel(b *strings.Builder, s *themes.Styles, p themes.Paint, label, suffix string, room int) {
	lab := report.Truncate(label, max(1, room))
	p.Write(b, lab)
	w := report.Width(lab)
	if suffix != "" && w+len(suffix) <= room {
		s.Faint.Write(b, suffix)
		w += len(suffix)
	}
	b.WriteString(strings.Repeat(" ", max(0, room-w)))
}
