package dataset

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/report"
)

// TextOptions tune WriteText. The zero value prints without colour.
type TextOptions struct {
	// Color, if set, colours a cell's text for a status name (called
	// with the padded text; it must not change its width).
	Color func(status, text string) string
	// Lowest is how many of the lowest cases to list (default 10).
	Lowest int
	// GroupBy names the --group-by path, for the groups' heading.
	GroupBy string
	// Flat prints the per-path figures as a list of whole paths, not a
	// tree (TopPaths' selection); Selection, if set, says which paths
	// are printed (OnlyLosses, TopPaths).
	Flat      bool
	Selection string
}

// Summary returns the dataset's summary lines (docs/datasets.md): the
// score with its 95% interval, the cases by status, the spread, and how
// the cases were read.
func Summary(h Header, f *Figures) []string {
	st := &f.Stats
	var lines []string
	head := fmt.Sprintf("%s %s", f.Metric, report.ScoreText(f.Score, f.HasScore))
	if st.HasSpread {
		head += ciText(st)
	}
	head += "  " + describeFiles(h)
	switch {
	case h.Weights != "" && h.Rules != "":
		head += " (weights: " + escape.Name(h.Weights) + ", rules: " + escape.Name(h.Rules) + ")"
	case h.Weights != "":
		head += " (weights: " + escape.Name(h.Weights) + ")"
	case h.Rules != "":
		head += " (rules: " + escape.Name(h.Rules) + ")"
	}
	if len(f.Options) > 0 {
		head += " [" + strings.Join(f.Options, " ") + "]"
	}
	lines = append(lines, head)
	counts := []string{}
	for _, c := range []struct {
		n    int
		name string
	}{{st.Scored, "scored"}, {st.Ignored, "ignored"}, {st.Missing, "missing (no output)"}, {st.Invalid, "invalid (not valid JSON)"}, {st.Extra, "extra"}} {
		if c.n > 0 {
			counts = append(counts, fmt.Sprintf("%d %s", c.n, c.name))
		}
	}
	line := fmt.Sprintf("%d cases: %s", st.Cases, strings.Join(counts, ", "))
	if st.N > 0 {
		line += fmt.Sprintf(" · median %s · p10 %s · p90 %s · min %s · max %s · perfect %s",
			report.Figure(st.Median), report.Figure(st.P10), report.Figure(st.P90), report.Figure(st.Min),
			report.Figure(st.Max), percent(st.Perfect))
		if st.HasPass {
			line += " · pass (≥ " + report.Figure(st.PassAt) + ") " + percent(st.Pass)
		}
	}
	lines = append(lines, line)
	if f.Agreement != nil {
		lines = append(lines, AgreementLine(f.Agreement))
	}
	if h.Pairing != "" {
		lines = append(lines, "read: "+DescribeFields(h.Fields, h.Pairing))
	}
	return lines
}

// describeFiles names the dataset's files.
func describeFiles(h Header) string {
	switch {
	case h.Shards != nil:
		names := make([]string, len(h.Shards))
		for i, s := range h.Shards {
			names[i] = escape.Name(s)
		}
		return "aggregated from " + strings.Join(names, ", ")
	case h.Reference == h.Output:
		return escape.Name(h.Reference)
	}
	return escape.Name(h.Reference) + " vs " + escape.Name(h.Output)
}

func percent(v float64) string {
	return strconv.FormatFloat(100*v, 'f', 1, 64) + "%"
}

// statusHeads are the short column heads of the status counts.
var statusHeads = [7]string{"match", "part", "mism", "miss", "extra", "type", "ign"}

// WriteText writes the figures for people: the summary, the per-path tree
// (weight, score, loss, nodes, status counts, precision/recall/F1), the
// groups, and the lowest cases with each one's costliest leaf.
func WriteText(w io.Writer, h Header, f *Figures, opt TextOptions) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	for _, l := range Summary(h, f) {
		fmt.Fprintln(bw, l)
	}
	if len(f.Paths) > 0 || opt.Selection != "" {
		fmt.Fprintln(bw)
		if opt.Selection != "" {
			fmt.Fprintln(bw, opt.Selection)
		}
		writePathTree(bw, f.Paths, opt)
	}
	if len(f.Groups) > 0 {
		fmt.Fprintln(bw)
		title := "groups"
		if opt.GroupBy != "" {
			title += " by " + opt.GroupBy
		}
		fmt.Fprintln(bw, title)
		rows := [][]string{{"group", "cases", "mean", "median", "pass"}}
		for _, g := range f.Groups {
			rows = append(rows, []string{groupName(g), strconv.Itoa(g.Cases), optFigure(g.Mean, g.N > 0),
				optFigure(g.Median, g.N > 0), optPercent(g.Pass, g.HasPass)})
		}
		writeTable(bw, rows, nil)
	}
	if low := Lowest(f.Cases, opt.lowest()); len(low) > 0 {
		fmt.Fprintln(bw)
		if len(low) == 1 {
			fmt.Fprintln(bw, "the lowest scored case")
		} else {
			fmt.Fprintf(bw, "the %d lowest scored cases\n", len(low))
		}
		tree := len(f.Paths) > 0 // a one-number metric has no leaf
		rows := [][]string{{"id", "status", "score"}}
		if tree {
			rows[0] = append(rows[0], "costliest leaf", "loss")
		}
		for _, c := range low {
			row := []string{report.Truncate(escape.Text(c.ID), 40), c.Status.String(), optFigure(c.Score, c.HasScore)}
			if tree {
				path, loss := WorstLabel(&c), ""
				if c.Worst != nil {
					loss = report.Figure(c.Worst.Loss)
				}
				row = append(row, report.Truncate(path, 50), loss)
			}
			rows = append(rows, row)
		}
		writeTable(bw, rows, map[int]bool{2: true, 4: true})
	}
	if line := unscoredLine(&f.Stats); line != "" {
		if len(f.Paths) == 0 && len(f.Groups) == 0 && len(Lowest(f.Cases, 1)) == 0 {
			fmt.Fprintln(bw)
		}
		fmt.Fprintln(bw, line)
	}
	return bw.Flush()
}

func (o TextOptions) lowest() int {
	if o.Lowest <= 0 {
		return 10
	}
	return o.Lowest
}

func groupName(g GroupFigures) string {
	if !g.HasGroup {
		return "(none)"
	}
	return report.Truncate(escape.Text(g.Group), 40)
}

func optFigure(v float64, has bool) string {
	if !has || math.IsNaN(v) {
		return "n/a"
	}
	return report.Figure(v)
}

func optPercent(v float64, has bool) string {
	if !has {
		return ""
	}
	return percent(v)
}

// pathLabel is what the tree shows for a path: its last step.
func pathLabel(p string) string {
	if p == "." {
		return "."
	}
	if strings.HasSuffix(p, "[]") {
		return "[]"
	}
	// The last key: after the last '.' outside brackets, or the last
	// bracketed key.
	if strings.HasSuffix(p, "\"]") {
		if i := strings.LastIndex(p, "[\""); i >= 0 {
			return p[i:]
		}
	}
	if i := strings.LastIndexAny(p, ".]"); i >= 0 {
		return p[i+1:]
	}
	return p
}

// guides returns the tree guides ("├─ ", "│  ", "└─ ") of rows at the
// given depths, in order.
func guides(depths []int) []string {
	n := len(depths)
	last := make([]bool, n) // the row is its parent's last child
	for i := range n {
		last[i] = true
		for j := i + 1; j < n && depths[j] >= depths[i]; j++ {
			if depths[j] == depths[i] {
				last[i] = false
				break
			}
		}
	}
	out := make([]string, n)
	var open []bool
	for i, d := range depths {
		for len(open) <= d {
			open = append(open, false)
		}
		open[d] = !last[i]
		var g strings.Builder
		for k := 1; k < d; k++ {
			if open[k] {
				g.WriteString("│  ")
			} else {
				g.WriteString("   ")
			}
		}
		if d > 0 {
			if last[i] {
				g.WriteString("└─ ")
			} else {
				g.WriteString("├─ ")
			}
		}
		out[i] = g.String()
	}
	return out
}

// writePathTree writes the per-path tree.
func writePathTree(w *bufio.Writer, paths []PathFigures, opt TextOptions) {
	head := []string{"path", "weight", "score", "loss", "nodes"}
	head = append(head, statusHeads[:]...)
	head = append(head, "prec", "recall", "f1")
	rows := [][]string{head}
	depths := make([]int, len(paths))
	for i := range paths {
		depths[i] = int(paths[i].Depth)
	}
	g := guides(depths)
	for i := range paths {
		p := &paths[i]
		label := g[i] + pathLabel(p.Path)
		if opt.Flat {
			label = p.Path
		}
		row := []string{report.Truncate(label, 48), report.Figure(p.Weight), optFigure(p.Score, p.HasScore),
			report.Figure(p.Loss), strconv.Itoa(p.Nodes)}
		for _, s := range scoring.Statuses {
			c := ""
			if n := p.Status(s); n > 0 {
				c = strconv.Itoa(n)
			}
			row = append(row, c)
		}
		row = append(row, optFigure(p.Precision, p.HasPrecision), optFigure(p.Recall, p.HasRecall), optFigure(p.F1, p.HasF1))
		rows = append(rows, row)
	}
	right := map[int]bool{}
	for i := 1; i < len(head); i++ {
		right[i] = true
	}
	writeTable(w, rows, right)
}

// writeTable writes rows as aligned columns, two spaces apart: the first
// row is the head; the columns in right are aligned right.
func writeTable(w *bufio.Writer, rows [][]string, right map[int]bool) {
	if len(rows) == 0 {
		return
	}
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], report.Width(c))
		}
	}
	for _, r := range rows {
		var line strings.Builder
		for i, c := range r {
			pad := strings.Repeat(" ", widths[i]-report.Width(c))
			if i > 0 {
				line.WriteString("  ")
			}
			if right[i] {
				line.WriteString(pad + c)
			} else if i < len(r)-1 {
				line.WriteString(c + pad)
			} else {
				line.WriteString(c)
			}
		}
		w.WriteString(strings.TrimRight(line.String(), " "))
		w.WriteByte('\n')
	}
}

// ciText is the headline's interval: " ± half (95% CI lo … hi)", or,
// when the t-interval reaches past the scores' range 0 … 1 and is shown
// cut to it, " (95% CI lo … hi)" without the ± that would no longer
// match it.
func ciText(st *Stats) string {
	ci, cut := st.ShownCI()
	if cut {
		return fmt.Sprintf(" (95%% CI %s … %s)", report.Figure(ci[0]), report.Figure(ci[1]))
	}
	return fmt.Sprintf(" ± %s (95%% CI %s … %s)", report.Figure((ci[1]-ci[0])/2), report.Figure(ci[0]), report.Figure(ci[1]))
}
