package dataset

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/report"
)

// WriteMarkdown writes the summary, the per-path table, the groups and
// the lowest cases as Markdown, for a pull request or a job summary.
func WriteMarkdown(w io.Writer, h Header, f *Figures, opt TextOptions) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	st := &f.Stats
	title := fmt.Sprintf("### %s dataset score: %s", f.Metric, report.ScoreText(f.Score, f.HasScore))
	if st.HasSpread {
		ci, _ := st.ShownCI()
		title += fmt.Sprintf(" (95%% CI %s … %s)", report.Figure(ci[0]), report.Figure(ci[1]))
	}
	fmt.Fprintf(bw, "%s\n\n", title)
	src := "`" + mdEscape(h.Reference) + "`"
	if h.Shards != nil {
		src = "shards `" + mdEscape(strings.Join(h.Shards, "`, `")) + "`"
	} else if h.Output != h.Reference {
		src += " vs `" + mdEscape(h.Output) + "`"
	}
	fmt.Fprintf(bw, "Dataset %s", src)
	if h.Pairing != "" {
		fmt.Fprintf(bw, " (%s)", mdEscape(DescribeFields(h.Fields, h.Pairing)))
	}
	if h.Weights != "" {
		fmt.Fprintf(bw, ", weights `%s`", mdEscape(h.Weights))
	}
	if h.Rules != "" {
		fmt.Fprintf(bw, ", rules `%s`", mdEscape(h.Rules))
	}
	if len(f.Options) > 0 {
		fmt.Fprintf(bw, ", options `%s`", strings.Join(f.Options, " "))
	}
	bw.WriteString(".\n\n")
	pass := "pass"
	if st.HasPass {
		pass = "pass ≥ " + report.Figure(st.PassAt)
	}
	fmt.Fprintf(bw, "| cases | scored | ignored | missing | invalid | extra | mean | median | p10 | min | perfect | %s |\n", pass)
	bw.WriteString("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	has := st.N > 0
	fmt.Fprintf(bw, "| %d | %d | %d | %d | %d | %d | %s | %s | %s | %s | %s | %s |\n", st.Cases, st.Scored, st.Ignored,
		st.Missing, st.Invalid, st.Extra, optFigure(st.Mean, has), optFigure(st.Median, has), optFigure(st.P10, has),
		optFigure(st.Min, has), optPercent(st.Perfect, has), optPercent(st.Pass, st.HasPass && has))
	if f.Agreement != nil {
		fmt.Fprintf(bw, "\n%s\n", mdEscape(AgreementLine(f.Agreement)))
	}
	for _, wn := range f.Warnings {
		fmt.Fprintf(bw, "\n> Warning (`%s`): %s\n", mdEscape(wn.Path), mdEscape(wn.Message))
	}
	if opt.Selection != "" {
		fmt.Fprintf(bw, "\n%s:\n", mdEscape(opt.Selection))
	}
	mdPaths(bw, f.Paths)
	mdGroups(bw, f.Groups, opt.GroupBy, pass)
	if low := Lowest(f.Cases, opt.lowest()); len(low) > 0 {
		tree := len(f.Paths) > 0 // a one-number metric has no leaf
		if tree {
			fmt.Fprintf(bw, "\nLowest %d scored cases:\n\n| id | status | score | costliest leaf | loss |\n| --- | --- | ---: | --- | ---: |\n", len(low))
		} else {
			fmt.Fprintf(bw, "\nLowest %d scored cases:\n\n| id | status | score |\n| --- | --- | ---: |\n", len(low))
		}
		for _, c := range low {
			fmt.Fprintf(bw, "| `%s` | %s | %s |", mdEscape(c.ID), c.Status, optFigure(c.Score, c.HasScore))
			if tree {
				path, loss := "", ""
				if c.Worst != nil {
					path, loss = "`"+mdEscape(c.Worst.Path)+"`", report.Figure(c.Worst.Loss)
				}
				fmt.Fprintf(bw, " %s | %s |", path, loss)
			}
			bw.WriteByte('\n')
		}
	}
	if line := unscoredLine(st); line != "" {
		fmt.Fprintf(bw, "\n%s.\n", mdEscape(line))
	}
	return bw.Flush()
}

// mdPaths writes the per-path table, if there are paths.
func mdPaths(bw *bufio.Writer, paths []PathFigures) {
	if len(paths) == 0 {
		return
	}
	bw.WriteString("\n| path | weight | score | loss | nodes | statuses | precision | recall | f1 |\n")
	bw.WriteString("| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |\n")
	for i := range paths {
		p := &paths[i]
		var sts []string
		for _, s := range scoring.Statuses {
			if n := p.Status(s); n > 0 {
				sts = append(sts, fmt.Sprintf("%d %s", n, s))
			}
		}
		fmt.Fprintf(bw, "| `%s` | %s | %s | %s | %d | %s | %s | %s | %s |\n", mdEscape(p.Path), report.Figure(p.Weight),
			optFigure(p.Score, p.HasScore), report.Figure(p.Loss), p.Nodes, strings.Join(sts, ", "),
			optFigure(p.Precision, p.HasPrecision), optFigure(p.Recall, p.HasRecall), optFigure(p.F1, p.HasF1))
	}
}

// mdGroups writes the groups' table, if there are groups; pass heads the
// pass column.
func mdGroups(bw *bufio.Writer, groups []GroupFigures, groupBy, pass string) {
	if len(groups) == 0 {
		return
	}
	title := "Groups"
	if groupBy != "" {
		title += " by `" + mdEscape(groupBy) + "`"
	}
	fmt.Fprintf(bw, "\n%s:\n\n| group | cases | mean | median | %s |\n| --- | ---: | ---: | ---: | ---: |\n", title, pass)
	for _, g := range groups {
		name := "(none)"
		if g.HasGroup {
			name = "`" + mdEscape(g.Group) + "`"
		}
		fmt.Fprintf(bw, "| %s | %d | %s | %s | %s |\n", name, g.Cases, optFigure(g.Mean, g.N > 0),
			optFigure(g.Median, g.N > 0), optPercent(g.Pass, g.HasPass))
	}
}

// mdEscape keeps a cell from breaking a Markdown table, and the
// terminal it is printed on from acting on a control sequence in it.
func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ", "`", "'").Replace(escape.Text(s))
}
