package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unsafe"
)

// TextOptions tune WriteText. The zero value prints without colour.
type TextOptions struct {
	// Color, if set, colours a cell's text for a status (called with the
	// padded text; it must not change its width).
	Color func(status, text string) string
	// ValueWidth caps the reference and output columns (default 24); two
	// values that differ and do not fit are cut around their first
	// difference.
	ValueWidth int
	// LabelWidth caps the node column (default 44).
	LabelWidth int
	// NoValues leaves out the reference and output columns: for a report
	// whose nodes carry no values (a run of the history whose files
	// changed since), which would show them empty.
	NoValues bool
}

// Headline returns the one-line summary of a report: metric, total, files.
func Headline(r *Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", r.Metric, ScoreText(r.Score, r.HasScore))
	if r.Approx && r.HasScore {
		fmt.Fprintf(&b, " (approximate: at most %s)", Figure(r.High))
	}
	fmt.Fprintf(&b, "  %s vs %s", EscapeName(r.Reference), EscapeName(r.Output))
	if r.Weights != "" {
		fmt.Fprintf(&b, " (weights: %s)", EscapeName(r.Weights))
	}
	if r.Rules != "" {
		fmt.Fprintf(&b, " (rules: %s)", r.Rules)
	}
	if len(r.Options) > 0 {
		fmt.Fprintf(&b, " [%s]", strings.Join(r.Options, " "))
	}
	return b.String()
}

// ScoreText formats a score, "n/a" when there is none.
func ScoreText(v float64, ok bool) string {
	if !ok {
		return "n/a"
	}
	return Figure(v)
}

// NodeScoreText formats a node's score: "n/a" when it has none, and
// "≥0.117483" when it is approximate (the exact score is at least that).
func NodeScoreText(n *Node) string {
	if n.Approx && n.HasScore {
		return "≥" + Figure(n.Score)
	}
	return ScoreText(n.Score, n.HasScore)
}

var textHeader = [...]string{"node", "reference", "output", "weight", "f", "score", "loss", "status"}

// WriteText writes the report as an aligned tree like the
// table of docs/scoring.md, the total on top. It walks the nodes twice: once to size the
// columns and find each row's last-child flag, once to print. A row is
// laid out in a buffer the walk reuses: rows cost no allocation, however
// many there are (but for the caller's Color).
func WriteText(w io.Writer, r *Report, opt TextOptions) error {
	if opt.ValueWidth <= 0 {
		opt.ValueWidth = 24
	}
	if opt.LabelWidth <= 0 {
		opt.LabelWidth = 44
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	fmt.Fprintln(bw, Headline(r))
	if r.Explanation != "" {
		fmt.Fprintln(bw, r.Explanation)
	}
	for _, k := range sortedKeys(r.Extra) {
		fmt.Fprintf(bw, "%s %s\n", k, Figure(r.Extra[k]))
	}
	if r.Selection != "" {
		fmt.Fprintf(bw, "showing %s\n", r.Selection)
	}
	if r.Nodes == nil {
		return bw.Flush()
	}
	row := textRow{opt: opt, flat: r.Flat}
	row.cut.reuse = true
	// Pass 1: column widths, and which rows are their parent's last child.
	var widths [len(textHeader)]int
	for i, h := range textHeader {
		widths[i] = len(h)
	}
	var notLast []uint64 // bit i: row i has later siblings (a bit a row)
	var lastAt []int     // lastAt[d]: the latest row at depth d, -1 once closed
	at := 0
	for n := range r.Nodes {
		for len(lastAt) <= n.Depth {
			lastAt = append(lastAt, -1)
		}
		if p := lastAt[n.Depth]; p >= 0 {
			notLast[p>>6] |= 1 << (p & 63)
		}
		lastAt[n.Depth] = at
		for d := n.Depth + 1; d < len(lastAt); d++ {
			lastAt[d] = -1
		}
		if at&63 == 0 {
			notLast = append(notLast, 0)
		}
		row.fill(n, nil, false)
		for i, c := range row.cells {
			widths[i] = max(widths[i], Width(c))
		}
		if !r.Flat {
			widths[0] = max(widths[0], min(opt.LabelWidth, 3*n.Depth+Width(n.Label)))
		}
		at++
	}
	widths[0] = min(widths[0], opt.LabelWidth)
	bw.WriteByte('\n')
	row.write(bw, textHeader[:], widths[:], "", nil)
	// Pass 2: the rows.
	var open []bool // open[d]: the ancestor at depth d has later siblings
	at = 0
	for n := range r.Nodes {
		for len(open) <= n.Depth {
			open = append(open, false)
		}
		more := notLast[at>>6]&(1<<(at&63)) != 0
		open[n.Depth] = more
		row.fill(n, open, more)
		row.cells[0] = row.cut.truncate(row.cells[0], widths[0])
		row.write(bw, row.cells[:], widths[:], n.Status, opt.Color)
		at++
	}
	return bw.Flush()
}

// textRow lays out the cells of one row of the text report in buffers it
// reuses from row to row: a row's cells hold until the next fill.
type textRow struct {
	opt   TextOptions
	flat  bool
	cut   cutter // the cells' texts
	ref   bytes.Buffer
	out   bytes.Buffer // the values, compacted
	cells [len(textHeader)]string
}

// fill sets the cells of node n; the node cell is the tree's guide (drawn
// from open, the ancestors that have later siblings, and last, whether n
// is its parent's last child; none when open is nil) and n's label, or in
// a flat list n's path.
func (t *textRow) fill(n *Node, open []bool, notLast bool) {
	t.cut.reset()
	c := &t.cells
	b := &t.cut.buf
	switch {
	case t.flat:
		c[0] = n.Path
	case open == nil:
		c[0] = n.Label
	default:
		for d := 1; d < n.Depth; d++ {
			if open[d] {
				*b = append(*b, "│  "...)
			} else {
				*b = append(*b, "   "...)
			}
		}
		if n.Depth > 0 {
			if notLast {
				*b = append(*b, "├─ "...)
			} else {
				*b = append(*b, "└─ "...)
			}
		}
		*b = append(*b, n.Label...)
		c[0] = t.cut.text(0)
	}
	c[1], c[2] = "", ""
	w := t.opt.ValueWidth
	switch {
	case n.Reference != nil && n.Output != nil:
		// Two values that differ are cut around their first difference.
		r, o := t.cut.pair(compactInto(&t.ref, n.Reference), compactInto(&t.out, n.Output), w, w)
		c[1], c[2] = r.Text, o.Text
	case n.Reference != nil:
		c[1] = t.cut.value(compactInto(&t.ref, n.Reference), w).Text
	case n.Output != nil:
		c[2] = t.cut.value(compactInto(&t.out, n.Output), w).Text
	}
	c[3] = t.figure(n.Weight)
	c[4] = ""
	if n.HasFactor {
		c[4] = t.figure(n.Factor)
	}
	c[5] = t.score(n)
	c[6] = t.figure(n.Loss)
	c[7] = n.Status
}

// figure returns Figure(v), laid out in the row's buffer.
func (t *textRow) figure(v float64) string {
	at := len(t.cut.buf)
	t.cut.buf = appendFigure(t.cut.buf, v)
	return t.cut.text(at)
}

// score returns NodeScoreText(n), laid out in the row's buffer.
func (t *textRow) score(n *Node) string {
	switch {
	case !n.HasScore:
		return "n/a"
	case n.Approx:
		at := len(t.cut.buf)
		t.cut.buf = append(t.cut.buf, "≥"...)
		t.cut.buf = appendFigure(t.cut.buf, n.Score)
		return t.cut.text(at)
	}
	return t.figure(n.Score)
}

// compactInto returns a JSON value on one line: a container compacted
// into buf (reset first), valid until buf changes; a scalar as a view of
// raw's bytes, valid while they are.
func compactInto(buf *bytes.Buffer, raw json.RawMessage) string {
	if len(raw) > 0 && (raw[0] == '{' || raw[0] == '[') {
		buf.Reset()
		if json.Compact(buf, raw) == nil {
			return bytesView(buf.Bytes())
		}
	}
	return bytesView(raw)
}

// bytesView returns b as a string without copying it: b must not change
// while the string is in use.
func bytesView(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// spaces pads the cells.
const spaces = "                                                                "

// write writes the cells padded to widths: text columns left, figures
// right, the reference and output cells left out with NoValues; color,
// when set, colours the score and status cells for the status.
func (t *textRow) write(w *bufio.Writer, cells []string, widths []int, status string, color func(status, text string) string) {
	for i, c := range cells {
		if t.opt.NoValues && (i == 1 || i == 2) {
			continue
		}
		if i > 0 {
			w.WriteString("  ")
		}
		pad := max(0, widths[i]-Width(c))
		if i == len(cells)-1 {
			pad = 0 // the last column is not padded
		}
		if color != nil && (i == 5 || i == 7) {
			at := len(t.cut.buf)
			t.cut.buf = padCell(t.cut.buf, c, pad, i >= 3 && i <= 6)
			w.WriteString(color(status, t.cut.text(at)))
			continue
		}
		if i >= 3 && i <= 6 {
			writePad(w, pad)
			w.WriteString(c)
		} else {
			w.WriteString(c)
			writePad(w, pad)
		}
	}
	w.WriteByte('\n')
}

// padCell appends c padded with n spaces, before it when right.
func padCell(dst []byte, c string, n int, right bool) []byte {
	if !right {
		dst = append(dst, c...)
	}
	for ; n > 0; n -= min(n, len(spaces)) {
		dst = append(dst, spaces[:min(n, len(spaces))]...)
	}
	if right {
		dst = append(dst, c...)
	}
	return dst
}

// writePad writes n spaces.
func writePad(w *bufio.Writer, n int) {
	for ; n > 0; n -= min(n, len(spaces)) {
		w.WriteString(spaces[:min(n, len(spaces))])
	}
}
