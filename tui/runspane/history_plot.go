package runspane

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/jsontui/jsontui/themes"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
)

// maxPlotPairs is how many pairs the plot of every run draws a line for:
// the pairs run last, and the selected run's.
const maxPlotPairs = 8

// ScorePlot draws the scores of runs (listed newest first) from the oldest
// to the newest as a line chart of at most w×h cells, the last line
// marking run sel with ▲ and its id and score. Runs without a score are
// left out; when there are more runs than columns, the newest are drawn.
//
// Runs of several reference/output pairs (the pane listing every run) are
// not one series: each pair has a line of its own, which holds the score
// of the pair's latest run from one of its runs to the next, marked by a
// letter at its right end; the selected run's pair is drawn on top in the
// accent colour, the others muted, and a legend line names each letter.
func ScorePlot(s *themes.Styles, runs []ports.RunSummary, sel, w, h int) []string {
	if w < 24 || h < 3 {
		return nil
	}
	at, selAt := plotted(runs, sel, w-12)
	if len(at) == 0 {
		return []string{s.Faint.Render("no run has a score to plot")}
	}
	ps := plotPairs(runs, at, sel)
	legend := len(ps) > 1
	if legend {
		h-- // the legend's line
		w -= 2
	}
	if h < 3 {
		return nil
	}
	lo, hi, flat := plotBounds(runs, at)
	// With a line per pair, each line goes one column past the newest
	// Run, so that a pair's last score, and a pair of one run, show as a
	// level stroke.
	n := len(at)
	if legend {
		n++
		for _, p := range ps {
			p.data = append(p.data, p.data[len(p.data)-1])
		}
	}
	all := make([]float64, n)
	for x, i := range at {
		all[x] = runs[i].Score
	}
	if legend {
		all[n-1] = all[n-2]
	}
	lines, axis, pw, plot := fitChart(all, w, h, lo, hi, flat)
	rows := min(len(lines), h-1)
	out := make([]string, 0, rows+2)
	if !legend {
		for _, l := range lines[:rows] {
			r := []rune(l)
			cut := min(axis, len(r))
			out = append(out, s.Muted.Render(string(r[:cut]))+s.Accent.Render(string(r[cut:])))
		}
	} else {
		out = append(out, pairLines(s, ps, lines, rows, axis, plot)...)
	}
	if selAt >= 0 {
		x := axis
		if n > 1 {
			x += selAt * (pw - 1) / (n - 1)
		}
		out = append(out, plotMarker(s, runs[sel], x, w))
	}
	if legend {
		out = append(out, pairLegend(s, ps, len(pairsOf(runs, at)), w+2))
	}
	return out
}

// plotted returns the runs plotted, oldest first: those with a score,
// the newest room of them; and the place of run sel among them, -1 when
// it is not plotted.
func plotted(runs []ports.RunSummary, sel, room int) (at []int, selAt int) {
	for i := len(runs) - 1; i >= 0; i-- {
		if runs[i].HasScore {
			at = append(at, i)
		}
	}
	if len(at) > room {
		at = at[len(at)-room:]
	}
	selAt = -1
	for x, i := range at {
		if i == sel {
			selAt = x
		}
	}
	return at, selAt
}

// plotPair is a pair's line in the plot of every run.
type plotPair struct {
	key    string
	name   string // "reference.json ⟷ output.json"
	letter string
	// data holds, at each run plotted, the score of the pair's latest run
	// so far; NaN before its first.
	data     []float64
	selected bool
}

// pairsOf returns the pairs of the runs at, in the order of their latest
// Run, newest first.
func pairsOf(runs []ports.RunSummary, at []int) []string {
	var keys []string
	seen := map[string]bool{}
	for x := len(at) - 1; x >= 0; x-- {
		k := runs[at[x]].Pair
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	return keys
}

// plotPairs returns the lines to draw for the runs at, one per pair (none
// when they are all of one pair): the maxPlotPairs pairs run last, and
// the selected run's; lettered A, B, … in the order of their first run
// plotted, as `history diff A B` and the compare view name the older A.
func plotPairs(runs []ports.RunSummary, at []int, sel int) []*plotPair {
	keys := pairsOf(runs, at)
	if len(keys) < 2 {
		return nil
	}
	selKey := ""
	if sel >= 0 && sel < len(runs) {
		selKey = runs[sel].Pair
	}
	if len(keys) > maxPlotPairs {
		kept := keys[:maxPlotPairs]
		found := false
		for _, k := range kept {
			found = found || k == selKey
		}
		for _, k := range keys[maxPlotPairs:] {
			if !found && k == selKey {
				kept[maxPlotPairs-1] = k
			}
		}
		keys = kept
	}
	first := make(map[string]int, len(keys))
	for x := len(at) - 1; x >= 0; x-- {
		first[runs[at[x]].Pair] = x
	}
	slices.SortStableFunc(keys, func(a, b string) int { return cmp.Compare(first[a], first[b]) })
	byKey := map[string]*plotPair{}
	ps := make([]*plotPair, len(keys))
	for j, k := range keys {
		ps[j] = &plotPair{key: k, letter: string(rune('A' + j)), data: make([]float64, len(at)), selected: k == selKey}
		byKey[k] = ps[j]
	}
	for _, p := range ps {
		for x := range p.data {
			p.data[x] = math.NaN()
		}
	}
	for x, i := range at {
		r := runs[i]
		if p := byKey[r.Pair]; p != nil {
			p.name = RunFiles(r)
			for y := x; y < len(at); y++ {
				p.data[y] = r.Score
			}
		}
	}
	return ps
}

// pairLines draws the lines of the pairs ps over the chart lines (drawn
// from every run, for the axis and labels), rows high: each pair's line
// drawn alone with the same geometry by plot, then laid over the others,
// the selected pair's on top; each line's letter follows its right end.
func pairLines(s *themes.Styles, ps []*plotPair, chart []string, rows, axis int, plot func([]float64) []string) []string {
	grid, width := chartGrid(chart, rows, axis)
	// The others first, the selected pair last: on top.
	order := make([]int, 0, len(ps))
	for j, p := range ps {
		if !p.selected {
			order = append(order, j)
		}
	}
	for j, p := range ps {
		if p.selected {
			order = append(order, j)
		}
	}
	ends := make([]string, rows)
	for _, j := range order {
		endY, endX := grid.lay(plot(ps[j].data), j, rows, axis)
		if endY >= 0 {
			ends[endY] += ps[j].letter
		}
		width = max(width, endX+1)
	}
	out := make([]string, rows)
	for y := range grid {
		out[y] = grid.paint(s, ps, y, width, ends[y])
	}
	return out
}

// plotCell is a cell of the plot of every run: its rune, and the index
// in the pairs of the pair whose line it is, -1 for the axis and labels.
type plotCell struct {
	r     rune
	owner int
}

// plotGrid is the plot of every run, rows of cells.
type plotGrid [][]plotCell

// chartGrid returns the grid of the chart's first rows lines, with the
// axis and labels kept and the plot right of the axis blank, and its
// width.
func chartGrid(chart []string, rows, axis int) (plotGrid, int) {
	grid := make(plotGrid, rows)
	width := 0
	for y := 0; y < rows; y++ {
		r := []rune(chart[y])
		grid[y] = make([]plotCell, len(r))
		for x, c := range r {
			grid[y][x] = plotCell{r: c, owner: -1}
			if x > axis {
				grid[y][x].r = ' '
			}
		}
		width = max(width, len(r))
	}
	return grid, width
}

// lay lays the line of pair j, drawn alone as lines, over the grid, and
// returns where it ends: its last column, on the row of its last value
// (a level ─, or the ╭ or ╰ a step ends on); -1, -1 for a line not drawn.
func (grid plotGrid) lay(lines []string, j, rows, axis int) (endY, endX int) {
	endY, endX = -1, -1
	for y := 0; y < rows && y < len(lines); y++ {
		r := []rune(lines[y])
		for x := axis; x < len(r); x++ {
			if r[x] == ' ' || (x == axis && r[x] == '┤') {
				continue
			}
			for len(grid[y]) <= x {
				grid[y] = append(grid[y], plotCell{r: ' ', owner: -1})
			}
			grid[y][x] = plotCell{r: r[x], owner: j}
			end := r[x] == '─' || r[x] == '╭' || r[x] == '╰' || r[x] == '╴'
			if x > endX || (x == endX && end) {
				endY, endX = y, x
			}
		}
	}
	return endY, endX
}

// paint paints row y of the grid, the selected pair's line in the accent
// colour and the rest muted, then the letters of the lines that end on
// it past the plot's width.
func (grid plotGrid) paint(s *themes.Styles, ps []*plotPair, y, width int, ends string) string {
	var b strings.Builder
	for x := 0; x < len(grid[y]); {
		owner := grid[y][x].owner
		run := x
		var seg strings.Builder
		for run < len(grid[y]) && grid[y][run].owner == owner {
			seg.WriteRune(grid[y][run].r)
			run++
		}
		if owner >= 0 && ps[owner].selected {
			s.Accent.Write(&b, seg.String())
		} else {
			s.Muted.Write(&b, seg.String())
		}
		x = run
	}
	if ends == "" {
		return b.String()
	}
	b.WriteString(strings.Repeat(" ", max(0, width-len(grid[y]))+1))
	for _, l := range ends {
		for _, p := range ps {
			if p.letter == string(l) {
				if p.selected {
					s.Accent.Write(&b, string(l))
				} else {
					s.Muted.Write(&b, string(l))
				}
			}
		}
	}
	return b.String()
}

// pairLegend names the letter of each pair drawn, the selected one's in
// the accent colour: "A reference.json ⟷ output.json · B …", saying how
// many pairs are left out.
func pairLegend(s *themes.Styles, ps []*plotPair, pairs, w int) string {
	var b strings.Builder
	for j, p := range ps {
		if j > 0 {
			s.Faint.Write(&b, " · ")
		}
		if p.selected {
			s.Accent.Write(&b, p.letter+" "+p.name)
		} else {
			s.Muted.Write(&b, p.letter+" "+p.name)
		}
	}
	if more := pairs - len(ps); more > 0 {
		s.Faint.Write(&b, " · and "+common.Thousands(more)+" more pair"+common.Plural(more, "s"))
	}
	return common.Fit(b.String(), w)
}

// AxisColumn returns the column of the chart's vertical axis.
func AxisColumn(lines []string) int {
	for _, l := range lines {
		for i, r := range []rune(l) {
			if r == '┤' || r == '┼' {
				return i
			}
		}
	}
	return 0
}

// plotMarker renders the line under the chart that points at run r in
// column x: "▲ 01kaq3m2x9 0.87601", the text to the left of the arrow
// when it does not fit on its right.
func plotMarker(s *themes.Styles, r ports.RunSummary, x, w int) string {
	text := ShortID(r.ID) + " " + common.ScoreText(r.Score, r.HasScore)
	if x+2+len(text) <= w {
		return strings.Repeat(" ", x) + s.Accent.Render("▲") + " " + s.Muted.Render(text)
	}
	left := max(0, x-len(text)-1)
	return strings.Repeat(" ", left) + s.Muted.Render(text) + " " + s.Accent.Render("▲")
}
