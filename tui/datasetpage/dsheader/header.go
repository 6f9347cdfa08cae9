package dsheader

import (
	"fmt"
	"strings"

	"github.com/jsontui/jsontui/tui/datasetpage/dsdata"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/common"
	pairheader "github.com/jsontui/jsontui/tui/pair/header"
	"github.com/jsontui/jsontui/tui/runspane"
)

// Header is a dataset's header: the files and the metric; the cases,
// the score with its 95% interval, the median, the perfect and passing
// shares and a histogram of the case scores; how the cases were read
// (fields and pairing) and their statuses; the warnings, which `!`
// expands; and, when a run is compared, the verdict of `history diff`.
type Header struct {
	c        *common.Common
	ds       *dsdata.Data
	metric   string
	options  []string
	notes    []string
	expanded bool
	width    int
	height   int // the screen's, for the notes' cap
}

// Header keeps the pane contract.
var _ common.Pane = (*Header)(nil)

// histBins is how many bins the header's histogram has.
const histBins = 10

// New returns the header of ds.
func New(c *common.Common, ds *dsdata.Data) *Header {
	h := &Header{c: c, ds: ds}
	h.setFigures()
	return h
}

// setFigures takes the metric, its options and the notes of the figures
// (on opening, and once the dataset is scored again).
func (h *Header) setFigures() {
	ds := h.ds
	figs := ds.Result.Figures
	h.metric, h.options, h.notes = figs.Metric, figs.Options, nil
	repaired := 0
	for k := 0; k < ds.Scored.Len(); k++ {
		if len(figs.Cases[k].Repairs()) > 0 {
			repaired++
		}
	}
	if repaired > 0 {
		h.notes = append(h.notes, fmt.Sprintf("%s output%s were model text: the JSON was taken out of it", common.Thousands(repaired), common.Plural(repaired, "s")))
	}
	if n := figs.Stats.Invalid; n > 0 {
		h.notes = append(h.notes, fmt.Sprintf("%s output%s do not parse: invalid, scored 0 (the cases pane shows each error)", common.Thousands(n), common.Plural(n, "s")))
	}
	for _, w := range figs.Warnings {
		msg := w.Message
		if w.Path != "." && !strings.Contains(msg, w.Path) {
			msg = w.Path + ": " + msg
		}
		h.notes = append(h.notes, msg)
	}
	if len(h.notes) == 0 {
		h.expanded = false
	}
}

// SetSize sets the header's width, and the screen's height its notes
// are capped by.
func (h *Header) SetSize(w, screen int) { h.width, h.height = w, screen }

// ShortHelp returns the key that expands the notes.
func (h *Header) ShortHelp() []key.Binding { return []key.Binding{h.c.Keys.Warnings} }

// FullHelp returns the header's keys.
func (h *Header) FullHelp() [][]key.Binding { return [][]key.Binding{h.ShortHelp()} }

// Update expands or folds the notes on `!`, and takes the figures of the
// dataset scored again.
func (h *Header) Update(msg tea.Msg) tea.Cmd {
	if _, ok := msg.(dsdata.ReplacedMsg); ok {
		h.setFigures()
		return nil
	}
	if km, ok := msg.(tea.KeyPressMsg); ok && key.Matches(km, h.c.Keys.Warnings) {
		if len(h.notes) == 0 {
			return common.StatusCmd(common.Info("no warnings"))
		}
		h.expanded = !h.expanded
	}
	return nil
}

// Height returns the lines the header takes.
func (h *Header) Height() int {
	n := 3
	if h.ds.Cal != nil {
		n++
	}
	if h.ds.Cmp != nil {
		n++
	}
	if h.expanded {
		n += min(len(h.notes), pairheader.MaxNoteLines(h.height))
	}
	return n
}

// filesText names the dataset's files.
func (h *Header) filesText() string {
	f := h.ds.Files
	files := escape.Text(f.Reference)
	if f.Output != "" && f.Output != f.Reference {
		files += " ⟷ " + escape.Text(f.Output)
	}
	if f.Weights != "" {
		files += " · weights " + escape.Text(f.Weights)
	} else {
		files += " · no weights file"
	}
	return files + pairheader.RulesFileText(h.ds.Rules, f.Rules)
}

// View renders the header.
func (h *Header) View() string {
	s := h.c.Styles
	w := h.width
	right := "metric " + s.Accent.Render(h.metric)
	if len(h.options) > 0 {
		right += " " + s.Muted.Render("["+strings.Join(h.options, " ")+"]")
	}
	if h.ds.Dirty() {
		right = s.Changed.Render("● unsaved") + "  " + right
	}
	line1 := common.Spread(s.Title.Render("jsontui")+"  "+h.filesText(), right, w)
	lines := []string{common.Fit(line1, w), common.Fit(h.scoreLine(), w), common.Fit(h.casesLine(), w)}
	if h.ds.Cal != nil {
		lines = append(lines, common.Fit(h.ds.Cal.Line(h.c), w))
	}
	if c := h.ds.Cmp; c != nil {
		lines = append(lines, h.compareLine(c))
	}
	if h.expanded {
		limit := pairheader.MaxNoteLines(h.height)
		for i, n := range h.notes {
			if i == limit-1 && len(h.notes) > limit {
				lines = append(lines, common.Fit(s.Faint.Render(fmt.Sprintf("  … and %s more", common.Thousands(len(h.notes)-i))), w))
				break
			}
			lines = append(lines, common.Fit(s.Warn.Render("  warning ")+n, w))
		}
	}
	return strings.Join(lines, "\n")
}

// scoreLine is the score with its interval, the histogram, the median,
// the perfect and passing shares and the changes since opening and
// saving: as many as fit, in that order of importance.
func (h *Header) scoreLine() string {
	s := h.c.Styles
	st := h.ds.Stats
	if st.N == 0 {
		return "score " + s.Faint.Render("n/a") + s.Muted.Render(" · no case has a score")
	}
	score := "score " + s.Band(st.Mean).Render(common.Fixed5(st.Mean))
	if st.HasSpread {
		// Cut to the scores' range, the interval is no longer mean ± half.
		if ci, cut := st.ShownCI(); cut {
			score += " (CI " + common.Trim5(ci[0]) + " … " + common.Trim5(ci[1]) + ")"
		} else {
			score += " ± " + common.Trim5((ci[1]-ci[0])/2)
		}
	}
	parts := []string{score, h.histogram()}
	parts = append(parts, "median "+s.Band(st.Median).Render(common.Fixed5(st.Median)))
	parts = append(parts, fmt.Sprintf("perfect %s", common.Percent(st.Perfect)))
	if st.HasPass {
		parts = append(parts, fmt.Sprintf("pass %s %s", common.Percent(st.Pass), s.Muted.Render("(≥ "+common.Trim5(st.PassAt)+")")))
	}
	switch open, save, ok := h.ds.Sess.Deltas(); {
	case !ok || !h.ds.Scored.TakesWeights():
	case h.ds.Sess.Resumed():
		parts = append(parts, "Δ since switch "+common.PaintDelta(s, open))
	default:
		// Apart, so that the change since opening shows where both do not fit.
		parts = append(parts, "Δ opening "+common.PaintDelta(s, open), "Δ save "+common.PaintDelta(s, save))
	}
	line := parts[0]
	for _, p := range parts[1:] {
		if ansi.StringWidth(line)+2+ansi.StringWidth(p) > h.width {
			break
		}
		line += "  " + p
	}
	return line
}

// histBlocks are the heights of a histogram's bars.
var histBlocks = []rune("▁▂▃▄▅▆▇█")

// histogram draws the case scores in histBins bars of block characters
// between 0 and 1, each as high as its count against the largest (a bin
// with cases one block at least, an empty one blank), coloured by the
// band of its scores: it reads in mono by the heights.
func (h *Header) histogram() string {
	s := h.c.Styles
	bins := h.ds.Scored.Histogram(histBins)
	top := 0
	for _, n := range bins {
		top = max(top, n)
	}
	var b strings.Builder
	b.WriteString(s.Muted.Render("0▕"))
	for k, n := range bins {
		if n == 0 || top == 0 {
			b.WriteByte(' ')
			continue
		}
		level := (n*len(histBlocks) + top - 1) / top // ceil: 1 … 8
		s.Band((float64(k)+0.5)/histBins).Write(&b, string(histBlocks[level-1]))
	}
	b.WriteString(s.Muted.Render("▏1"))
	return b.String()
}

// casesLine says how the cases were read and their statuses, how many
// groups they make (which `b` shows), and the warnings `!` expands.
func (h *Header) casesLine() string {
	s := h.c.Styles
	st := h.ds.Stats
	res := h.ds.Result
	what := fmt.Sprintf("%s cases", common.Thousands(st.Cases))
	counts := []struct {
		n    int
		name string
	}{{st.Scored, "scored"}, {st.Ignored, "ignored"}, {st.Missing, "missing"}, {st.Invalid, "invalid"}, {st.Extra, "extra"}}
	var parts []string
	for _, c := range counts {
		if c.n > 0 || c.name == "scored" {
			parts = append(parts, fmt.Sprintf("%s %s", common.Thousands(c.n), c.name))
		}
	}
	line := what + ": " + strings.Join(parts, " · ")
	if n := len(h.ds.Groups); n > 0 {
		// Before how they were read: the groups have a pane to open.
		g := s.Muted.Render(fmt.Sprintf(" · %s group%s (%s)", common.Thousands(n), common.Plural(n, "s"), h.c.Keys.Groups.Help().Key))
		if ansi.StringWidth(line+g) <= h.width-12 {
			line += g
		}
	}
	read := s.Muted.Render(" · " + dataset.DescribeFields(res.Fields, res.Pairing))
	if ansi.StringWidth(line+read) <= h.width-12 {
		line += read
	}
	notes := ""
	if n := len(h.notes); n > 0 {
		marker := "▸ !"
		if h.expanded {
			marker = "▾ !"
		}
		notes = s.Warn.Render(fmt.Sprintf("%d warning%s", n, common.Plural(n, "s"))) + " " + s.Faint.Render(marker)
	}
	return common.Spread(line, notes, h.width)
}

// compareLine is the verdict of `history diff` between the compared run
// and now, named A and B in its order: "A run 20261120T1 “model A” · B
// now · No significant difference: B − A = +0.046 (…)". On a narrow
// screen the verdict's figures in parentheses go first, then the run's
// label, then the names: its finding and number stay.
func (h *Header) compareLine(c *dsdata.Comparison) string {
	s := h.c.Styles
	a, b := c.Names()
	end := s.Faint.Render("esc ends")
	verdicts := []string{c.Verdict, dsdata.VerdictHead(c.Verdict)}
	for _, names := range []string{"A " + a + " · B " + b, "A " + shortName(a, c) + " · B " + shortName(b, c)} {
		name := s.Accent.Render(names)
		for _, v := range verdicts {
			line := name + " · " + v
			if common.VisibleWidth(line)+2+common.VisibleWidth(end) <= h.width {
				return common.Spread(line, end, h.width)
			}
			if common.VisibleWidth(line) <= h.width {
				return line
			}
		}
	}
	return common.Fit(dsdata.VerdictHead(c.Verdict), h.width)
}

// shortName is name without the run's label: "run 20261120T1".
func shortName(name string, c *dsdata.Comparison) string {
	if name == "now" {
		return name
	}
	return "run " + runspane.ShortID(c.Run.ID)
}
