package report

import (
	"bufio"
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
		for n := range r.Nodes {
			f := ""
			if n.HasFactor {
				f = Figure(n.Factor)
			}
			ref, out := mdValues(n)
			fmt.Fprintf(bw, "| `%s` | %s | %s | %s | %s | %s | %s | %s | %s |\n",
				mdEscape(n.Path), ref, out, Figure(n.Weight), f, NodeScoreText(n),
				Figure(n.Share), Figure(n.Loss), n.Status)
		}
	}
	return bw.Flush()
}

// mdValueWidth caps a value in the Markdown table.
const mdValueWidth = 40

// mdValues returns the reference and output cells of a row: code spans,
// cut around their first difference when they differ and do not fit.
func mdValues(n *Node) (ref, out string) {
	var r, o Cut
	switch {
	case n.Reference != nil && n.Output != nil:
		r, o = CutPair(compactValue(n.Reference), compactValue(n.Output), mdValueWidth, mdValueWidth)
	case n.Reference != nil:
		r = CutValue(compactValue(n.Reference), mdValueWidth)
	case n.Output != nil:
		o = CutValue(compactValue(n.Output), mdValueWidth)
	}
	if n.Reference != nil {
		ref = "`" + mdEscape(r.Text) + "`"
	}
	if n.Output != nil {
		out = "`" + mdEscape(o.Text) + "`"
	}
	return ref, out
}

// mdEscape keeps a cell from breaking the table.
func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ", "`", "'").Replace(s)
}
