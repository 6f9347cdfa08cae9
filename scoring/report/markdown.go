package report

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
)

// WriteMarkdown writes the report as a Markdown heading, a note of the
// files, and a table with one row per node (share included), ready to
// paste into a pull request or an issue.
func WriteMarkdown(w io.Writer, r *Report) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	fmt.Fprintf(bw, "### %s score: %s", r.Metric, ScoreText(r.Score, r.HasScore))
	if r.Approx && r.HasScore {
		fmt.Fprintf(bw, " (approximate: at most %s)", Figure(r.High))
	}
	bw.WriteString("\n\n")
	fmt.Fprintf(bw, "Reference `%s`, output `%s`", EscapeName(r.Reference), EscapeName(r.Output))
	if r.Weights != "" {
		fmt.Fprintf(bw, ", weights `%s`", EscapeName(r.Weights))
	}
	if r.Rules != "" {
		fmt.Fprintf(bw, ", rules `%s`", r.Rules)
	}
	if len(r.Options) > 0 {
		fmt.Fprintf(bw, ", options `%s`", strings.Join(r.Options, " "))
	}
	bw.WriteString(".\n")
	if r.Explanation != "" {
		fmt.Fprintf(bw, "\n%s\n", r.Explanation)
	}
	for _, k := range sortedKeys(r.Extra) {
		fmt.Fprintf(bw, "\n%s: %s\n", k, Figure(r.Extra[k]))
	}
	for _, rep := range r.Repairs {
		fmt.Fprintf(bw, "\n> Repair: %s\n", mdEscape(rep))
	}
	for _, wn := range r.Warnings {
		fmt.Fprintf(bw, "\n> Warning (`%s`): %s\n", wn.Path, mdEscape(wn.Message))
	}
	if r.MoreWarnings > 0 {
		fmt.Fprintf(bw, "\n> %s\n", mdEscape(MoreWarningsText(r.MoreWarnings)))
	}
	if r.Selection != "" {
		fmt.Fprintf(bw, "\nShowing %s.\n", r.Selection)
	}
	if r.Nodes != nil {
		bw.WriteString("\n| path | ref | out | weight | f | score | share | loss | status |\n")
		bw.WriteString("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |\n")
		// A row is laid out in a buffer reused from row to row.
		var row mdRow
		row.cut.reuse = true
		for n := range r.Nodes {
			if _, err := bw.Write(row.append(n)); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}

// mdValueWidth caps a value in the Markdown table.
const mdValueWidth = 40

// mdRow lays out a row of the Markdown table in buffers it reuses.
type mdRow struct {
	line     []byte
	cut      cutter
	ref, out bytes.Buffer // the values, compacted
}

// append returns the row of node n: valid until the next call.
func (m *mdRow) append(n *Node) []byte {
	m.cut.reset()
	b := append(m.line[:0], "| `"...)
	b = appendMDEscape(b, n.Path)
	b = append(b, "` | "...)
	// The values: code spans, cut around their first difference when
	// they differ and do not fit.
	var rc, oc Cut
	switch {
	case n.Reference != nil && n.Output != nil:
		rc, oc = m.cut.pair(compactInto(&m.ref, n.Reference), compactInto(&m.out, n.Output), mdValueWidth, mdValueWidth)
	case n.Reference != nil:
		rc = m.cut.value(compactInto(&m.ref, n.Reference), mdValueWidth)
	case n.Output != nil:
		oc = m.cut.value(compactInto(&m.out, n.Output), mdValueWidth)
	}
	if n.Reference != nil {
		b = append(b, '`')
		b = appendMDEscape(b, rc.Text)
		b = append(b, '`')
	}
	b = append(b, " | "...)
	if n.Output != nil {
		b = append(b, '`')
		b = appendMDEscape(b, oc.Text)
		b = append(b, '`')
	}
	b = append(b, " | "...)
	b = appendFigure(b, n.Weight)
	b = append(b, " | "...)
	if n.HasFactor {
		b = appendFigure(b, n.Factor)
	}
	b = append(b, " | "...)
	switch {
	case !n.HasScore:
		b = append(b, "n/a"...)
	case n.Approx:
		b = append(b, "≥"...)
		b = appendFigure(b, n.Score)
	default:
		b = appendFigure(b, n.Score)
	}
	b = append(b, " | "...)
	b = appendFigure(b, n.Share)
	b = append(b, " | "...)
	b = appendFigure(b, n.Loss)
	b = append(b, " | "...)
	b = append(b, n.Status...)
	b = append(b, " |\n"...)
	m.line = b
	return b
}

// mdEscape keeps a cell from breaking the table.
func mdEscape(s string) string {
	return string(appendMDEscape(nil, s))
}

// appendMDEscape appends s escaped as mdEscape escapes it: "|" as "\|",
// line breaks as spaces, backquotes as quotes, and the control characters
// a terminal would act on (ESC, BEL, DEL, the C1 controls) as escape.Text
// writes them, allocating nothing.
func appendMDEscape(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '|':
			dst = append(dst, '\\', '|')
		case '\n':
			dst = append(dst, ' ')
		case '`':
			dst = append(dst, '\'')
		case '\t':
			dst = append(dst, c)
		default:
			switch {
			case c < 0x20 || c == 0x7f:
				dst = append(dst, '\\', 'x', hexDigit[c>>4], hexDigit[c&0xf])
			case c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f:
				i++
				dst = append(dst, '\\', 'u', '0', '0', hexDigit[s[i]>>4], hexDigit[s[i]&0xf])
			default:
				dst = append(dst, c)
			}
		}
	}
	return dst
}
