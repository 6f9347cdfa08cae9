package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
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

// WriteText writes the report as an aligned tree like SPEC section 5's
// table, the total on top. It walks the nodes twice: once to size the
// columns and find each row's last-child flag, once to print.
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
	// Pass 1: column widths, and which rows are their parent's last child.
	var widths [len(textHeader)]int
	for i, h := range textHeader {
		widths[i] = len(h)
	}
	var notLast []bool
	var lastAt []int // lastAt[d]: the latest row at depth d, -1 once closed
	row := 0
	for n := range r.Nodes {
		for len(lastAt) <= n.Depth {
			lastAt = append(lastAt, -1)
		}
		if p := lastAt[n.Depth]; p >= 0 {
			notLast[p] = true
		}
		lastAt[n.Depth] = row
		for d := n.Depth + 1; d < len(lastAt); d++ {
			lastAt[d] = -1
		}
		notLast = append(notLast, false)
		cells := textCells(n, opt, "", r.Flat)
		for i, c := range cells {
			widths[i] = max(widths[i], Width(c))
		}
		if !r.Flat {
			widths[0] = max(widths[0], min(opt.LabelWidth, 3*n.Depth+Width(n.Label)))
		}
		row++
	}
	widths[0] = min(widths[0], opt.LabelWidth)
	fmt.Fprintln(bw)
	writeRow(bw, textHeader[:], widths[:], nil, "", opt.NoValues)
	// Pass 2: the rows.
	var open []bool // open[d]: the ancestor at depth d has later siblings
	row = 0
	for n := range r.Nodes {
		for len(open) <= n.Depth {
			open = append(open, false)
		}
		open[n.Depth] = notLast[row]
		var guide strings.Builder
		for d := 1; d < n.Depth && !r.Flat; d++ {
			if open[d] {
				guide.WriteString("│  ")
			} else {
				guide.WriteString("   ")
			}
		}
		if n.Depth > 0 && !r.Flat {
			if notLast[row] {
				guide.WriteString("├─ ")
			} else {
				guide.WriteString("└─ ")
			}
		}
		cells := textCells(n, opt, guide.String(), r.Flat)
		cells[0] = Truncate(cells[0], widths[0])
		writeRow(bw, cells[:], widths[:], opt.Color, n.Status, opt.NoValues)
		row++
	}
	return bw.Flush()
}

// textCells returns the cells of a row; the node cell is guide + label,
// or in a flat list the node's path.
func textCells(n *Node, opt TextOptions, guide string, flat bool) [len(textHeader)]string {
	var c [len(textHeader)]string
	c[0] = guide + n.Label
	if flat {
		c[0] = n.Path
	}
	switch {
	case n.Reference != nil && n.Output != nil:
		// Two values that differ are cut around their first difference.
		r, o := CutPair(compactValue(n.Reference), compactValue(n.Output), opt.ValueWidth, opt.ValueWidth)
		c[1], c[2] = r.Text, o.Text
	case n.Reference != nil:
		c[1] = CutValue(compactValue(n.Reference), opt.ValueWidth).Text
	case n.Output != nil:
		c[2] = CutValue(compactValue(n.Output), opt.ValueWidth).Text
	}
	c[3] = Figure(n.Weight)
	if n.HasFactor {
		c[4] = Figure(n.Factor)
	}
	c[5] = NodeScoreText(n)
	c[6] = Figure(n.Loss)
	c[7] = n.Status
	return c
}

// compactValue returns a JSON value on one line.
func compactValue(raw json.RawMessage) string {
	if len(raw) > 0 && (raw[0] == '{' || raw[0] == '[') {
		var b bytes.Buffer
		if json.Compact(&b, raw) == nil {
			return b.String()
		}
	}
	return string(raw)
}

// writeRow pads the cells: text columns left, figures right; noValues
// leaves out the reference and output cells.
func writeRow(w *bufio.Writer, cells []string, widths []int, color func(status, text string) string, status string, noValues bool) {
	for i, c := range cells {
		if noValues && (i == 1 || i == 2) {
			continue
		}
		pad := strings.Repeat(" ", max(0, widths[i]-Width(c)))
		if i >= 3 && i <= 6 {
			c = pad + c
		} else if i < len(cells)-1 {
			c += pad
		}
		if color != nil && (i == 5 || i == 7) {
			c = color(status, c)
		}
		if i > 0 {
			w.WriteString("  ")
		}
		w.WriteString(c)
	}
	w.WriteByte('\n')
}
