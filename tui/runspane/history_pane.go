package runspane

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
)

// paneView is what the history pane shows.
type paneView int

const (
	PaneRuns paneView = iota // the table of runs over the plot of their scores
	PaneDiff                 // a run's diff with the current state
)

// maxChartLines caps the height of the plot: a tall chart of a few runs
// says no more than a short one.
const maxChartLines = 20

// HistoryPane is the history of the explorer's reference/output pair (or
// of every run): a table of the runs, newest first, over a line chart of
// their scores, oldest to newest, the selected run marked; or the diff of
// a run with the current state. It takes the whole body of the screen.
type HistoryPane struct {
	c *common.Common
	h runLister
	// ListID is the latest list request's: a stale answer is dropped.
	ListID int
	pair   string // "reference.json ⟷ output.json"
	// noun is what the runs are of: "pair", or "dataset".
	noun string
	// all lists every run rather than the pair's.
	all bool
	// runs are those listed, cursor the one under the cursor.
	runs []ports.RunSummary
	// opened is set once the pane has shown: records refresh its list
	// from then on. loading is set while a list is read; err is why the
	// last one failed.
	opened, loading bool
	loaded          bool
	err             string
	cursor, offset  int
	width, height   int
	Shown           paneView
	Diff            *diffView
	// cache is the last run read, so that enter, d and R on one run read
	// it once.
	cache *ports.RunDetail
}

// HistoryPane keeps the pane contract.
var _ common.Pane = (*HistoryPane)(nil)

// runLister lists runs: what the pane asks of a History.
type runLister interface {
	Runs(all bool) ([]ports.RunSummary, error)
}

func NewHistoryPane(c *common.Common, files ports.Files, h ports.History) *HistoryPane {
	p := &HistoryPane{c: c, pair: files.Reference + " ⟷ " + files.Output, noun: "pair"}
	if h != nil {
		p.h = h
	}
	return p
}

// NewDatasetHistoryPane returns the history pane of a dataset's explorer:
// the runs of the dataset named what.
func NewDatasetHistoryPane(c *common.Common, what string, h ports.DatasetHistory) *HistoryPane {
	p := &HistoryPane{c: c, pair: what, noun: "dataset"}
	if h != nil {
		p.h = h
	}
	return p
}

// SetSize sets the pane's size.
func (p *HistoryPane) SetSize(w, h int) {
	p.width, p.height = w, h
	p.scroll()
	if p.Diff != nil {
		p.Diff.setSize(w, h)
	}
}

// ShortHelp returns the bindings the status line shows for the pane.
func (p *HistoryPane) ShortHelp() []key.Binding {
	k := p.c.Keys
	if p.Shown == PaneDiff {
		return []key.Binding{k.Pane.Back, k.Up, k.Down}
	}
	return k.PaneHelp()
}

// setRuns takes a new list, keeping the cursor on the run it was on.
func (p *HistoryPane) setRuns(runs []ports.RunSummary) {
	id := ""
	if r, ok := p.Selected(); ok {
		id = r.ID
	}
	p.runs, p.loaded, p.err = runs, true, ""
	p.cursor = 0
	for i, r := range runs {
		if r.ID == id {
			p.cursor = i
		}
	}
	p.scroll()
}

// Listed returns the runs the pane lists, newest first.
func (p *HistoryPane) Listed() []ports.RunSummary { return p.runs }

// Selected returns the run under the cursor.
func (p *HistoryPane) Selected() (ports.RunSummary, bool) {
	if p.cursor < 0 || p.cursor >= len(p.runs) {
		return ports.RunSummary{}, false
	}
	return p.runs[p.cursor], true
}

// Cached returns the run read last when its id is id.
func (p *HistoryPane) cached(id string) *ports.RunDetail {
	if p.cache != nil && p.cache.ID == id {
		return p.cache
	}
	return nil
}

// rows returns how many runs the table shows: half the pane at most, so
// the plot has room.
func (p *HistoryPane) rows() int {
	return max(0, min(len(p.runs), max(3, (p.height-3)/2), p.height-2))
}

// move runs a moving key in the table.
func (p *HistoryPane) move(msg tea.KeyPressMsg) {
	k := p.c.Keys
	page := max(1, p.rows())
	switch {
	case key.Matches(msg, k.Up):
		p.cursor--
	case key.Matches(msg, k.Down):
		p.cursor++
	case key.Matches(msg, k.Top):
		p.cursor = 0
	case key.Matches(msg, k.Bottom):
		p.cursor = len(p.runs) - 1
	case key.Matches(msg, k.PageDown, k.HalfDown):
		p.cursor += page
	case key.Matches(msg, k.PageUp, k.HalfUp):
		p.cursor -= page
	}
	p.scroll()
}

// scroll keeps the cursor within the runs and the table's window.
func (p *HistoryPane) scroll() {
	p.cursor = max(0, min(p.cursor, len(p.runs)-1))
	rows := max(1, p.rows())
	if p.cursor < p.offset {
		p.offset = p.cursor
	}
	if p.cursor >= p.offset+rows {
		p.offset = p.cursor - rows + 1
	}
	p.offset = max(0, min(p.offset, len(p.runs)-rows))
}

// showDiff shows a run's diff with now.
func (p *HistoryPane) showDiff(d *RunDiff) {
	p.Diff = newDiffView(p.c, d)
	p.Diff.setSize(p.width, p.height)
	p.Shown = PaneDiff
}

// scrollDiff runs a moving key in the diff.
func (p *HistoryPane) scrollDiff(msg tea.KeyPressMsg) {
	if p.Diff != nil {
		p.Diff.move(msg)
	}
}

// histCols are the widths of the table's columns.
type histCols struct {
	id, time, seen, label, score, delta, source, weights, files int
	// metric is the width of the metric column, 0 on a narrow screen.
	metric int
	sep    int
	layout string // the time layout
}

// histColumns fits the table's columns into w cells: the figures keep
// their width, the metric shows when there is room, the label, weights
// and (listing every run) files columns share the rest.
func histColumns(w int, all bool) histCols {
	c := histCols{id: shortIDLen, time: 16, seen: len("×99 00:00"), score: 7, delta: 8, source: 6, sep: 2, layout: "2006-01-02 15:04"}
	if w < 100 {
		c.time, c.seen, c.sep, c.layout = 11, len("seen"), 1, "01-02 15:04"
	}
	n := 8
	if all {
		n = 9
	}
	if w >= 100 && !all || w >= 150 {
		c.metric = len("edit-distance")
		n++
	}
	rest := max(0, w-(c.id+c.time+c.seen+c.score+c.delta+c.source+c.metric+(n-1)*c.sep))
	if all {
		c.label = rest * 3 / 10
		c.files = rest * 2 / 5
		c.weights = rest - c.label - c.files
	} else {
		c.label = min(32, rest/2)
		c.weights = rest - c.label
	}
	return c
}

// View renders the pane.
func (p *HistoryPane) View() string {
	if p.Shown == PaneDiff && p.Diff != nil {
		return p.Diff.View()
	}
	s := p.c.Styles
	w := p.width
	lines := make([]string, 0, p.height)
	what := p.pair
	hint := "a every run"
	if p.noun == "dataset" {
		hint = "a every dataset's run"
	}
	if p.all {
		what, hint = "every run", "a this "+p.noun+" only"
	}
	title := s.Title.Render("History") + "  " + what
	if p.loaded {
		title += fmt.Sprintf(" · %s run%s", common.Thousands(len(p.runs)), common.Plural(len(p.runs), "s"))
	}
	if p.loading {
		title += s.Faint.Render(" · reading…")
	}
	lines = append(lines, common.Spread(title, s.Faint.Render(hint), w))
	files := p.all || p.pairs() > 1
	cols := histColumns(w, files)
	lines = append(lines, p.head(cols, files))
	switch {
	case p.err != "" && !p.loaded:
		lines = append(lines, s.Bad.Render("the history could not be read: "+p.err))
	case !p.loaded:
		lines = append(lines, s.Faint.Render("reading the history…"))
	case len(p.runs) == 0 && p.all:
		lines = append(lines, s.Faint.Render("no run recorded yet"))
	case len(p.runs) == 0:
		lines = append(lines, s.Faint.Render("no run of this "+p.noun+" recorded yet"))
	}
	rows := p.rows()
	for i := p.offset; i < min(len(p.runs), p.offset+rows); i++ {
		lines = append(lines, p.row(cols, p.runs[i], i == p.cursor, files))
	}
	if room := p.height - len(lines); len(p.runs) > 0 && room >= 4 {
		caption := fmt.Sprintf("── score of %s run%s, oldest → newest ", common.Thousands(len(p.runs)), common.Plural(len(p.runs), "s"))
		if pairs := p.pairs(); pairs > 1 {
			caption = fmt.Sprintf("── score of %s runs of %s pairs, a line each, oldest → newest ", common.Thousands(len(p.runs)), common.Thousands(pairs))
		}
		lines = append(lines, s.Faint.Render(caption+strings.Repeat("─", max(0, w-common.VisibleWidth(caption)))))
		pw := min(w, max(60, 20*len(p.runs)))
		lines = append(lines, ScorePlot(s, p.runs, p.cursor, pw, min(room-1, maxChartLines+1))...)
	}
	var b strings.Builder
	for i := 0; i < p.height; i++ {
		if i > 0 {
			b.WriteByte('\n')
		}
		line := ""
		if i < len(lines) {
			line = lines[i]
		}
		b.WriteString(common.Fit(line, w))
	}
	return b.String()
}

// RunFiles names a run's files: "reference.json ⟷ output.json", or the
// one file of records of a dataset that holds both; for a run `jsontui
// aggregate` recorded, the first and the last shard it read: "shards
// a.jsonl … c.jsonl".
func RunFiles(r ports.RunSummary) string {
	switch {
	case r.Source == "aggregate" && r.Reference == r.Output:
		return "shard " + r.Reference
	case r.Source == "aggregate":
		return "shards " + r.Reference + " … " + r.Output
	case r.Reference == r.Output:
		return r.Reference
	}
	return r.Reference + " ⟷ " + r.Output
}

// seenCell says how many times run r was seen, and when last as room
// allows: "×3 14:05" (the time of day when the run was first seen that
// day, else the date), "×3"; "" for a run seen once.
func seenCell(r ports.RunSummary, w int) string {
	if r.Count <= 1 {
		return ""
	}
	n := fmt.Sprintf("×%d", r.Count)
	last := r.LastSeen.Format("15:04")
	if y, d := r.LastSeen.Year(), r.LastSeen.YearDay(); y != r.Time.Year() || d != r.Time.YearDay() {
		last = r.LastSeen.Format("01-02")
	}
	if with := n + " " + last; common.VisibleWidth(with) <= w {
		return with
	}
	return n
}

// pairs counts the pairs of the runs listed.
func (p *HistoryPane) pairs() int {
	seen := map[string]bool{}
	for _, r := range p.runs {
		seen[r.Pair] = true
	}
	return len(seen)
}

// head renders the column heads, with the files' when files is set
// (listing every run, or the runs of other files: another model's).
func (p *HistoryPane) head(c histCols, files bool) string {
	cells := []string{common.Pad("id", c.id), common.Pad("time", c.time), common.Pad("seen", c.seen), common.Pad("label", c.label), common.PadLeft("score", c.score),
		common.PadLeft("Δ", c.delta)}
	if c.metric > 0 {
		cells = append(cells, common.Pad("metric", c.metric))
	}
	cells = append(cells, common.Pad("source", c.source), common.Pad("weights", c.weights))
	if files {
		cells = append(cells, common.Pad("files", c.files))
	}
	return p.c.Styles.Muted.Render(strings.Join(cells, strings.Repeat(" ", c.sep)))
}

// row renders one run, with its files when files is set.
func (p *HistoryPane) row(c histCols, r ports.RunSummary, selected, files bool) string {
	s := p.c.Styles
	var b strings.Builder
	if selected {
		b.WriteString(s.Selected.On())
	}
	sep := strings.Repeat(" ", c.sep)
	s.Accent.Write(&b, common.Pad(ShortID(r.ID), c.id))
	b.WriteString(sep)
	s.Muted.Write(&b, common.Pad(r.Time.Format(c.layout), c.time))
	b.WriteString(sep)
	s.Muted.Write(&b, common.Pad(seenCell(r, c.seen), c.seen))
	b.WriteString(sep)
	b.WriteString(common.Pad(r.Label, c.label))
	b.WriteString(sep)
	score := common.PadLeft(common.ScoreText(r.Score, r.HasScore), c.score)
	if r.HasScore {
		s.Band(r.Score).Write(&b, score)
	} else {
		s.Faint.Write(&b, score)
	}
	b.WriteString(sep)
	delta := ""
	if r.HasDelta {
		delta = common.Signed(r.Delta)
	}
	switch {
	case delta == "" || delta == "±0":
		s.Faint.Write(&b, common.PadLeft(delta, c.delta))
	case r.Delta > 0:
		s.Good.Write(&b, common.PadLeft(delta, c.delta))
	default:
		s.Bad.Write(&b, common.PadLeft(delta, c.delta))
	}
	b.WriteString(sep)
	if c.metric > 0 {
		b.WriteString(common.Pad(r.Metric, c.metric))
		b.WriteString(sep)
	}
	s.Muted.Write(&b, common.Pad(r.Source, c.source))
	b.WriteString(sep)
	if r.Weights == "" {
		s.Faint.Write(&b, common.Pad("—", c.weights))
	} else {
		b.WriteString(common.Pad(r.Weights, c.weights))
	}
	if files {
		b.WriteString(sep)
		s.Muted.Write(&b, common.Pad(RunFiles(r), c.files))
	}
	line := common.Fit(b.String(), p.width)
	if selected {
		line += s.Selected.Off()
	}
	return line
}

// mouse moves the history pane's cursor with the wheel, or to the run
// clicked at line y of the pane; in a diff, the wheel scrolls.
func (p *HistoryPane) mouse(msg tea.MouseMsg, y int) {
	step := 0
	if w, ok := msg.(tea.MouseWheelMsg); ok {
		switch w.Button {
		case tea.MouseWheelDown:
			step = 1
		case tea.MouseWheelUp:
			step = -1
		}
	}
	if p.Shown == PaneDiff {
		if p.Diff != nil {
			p.Diff.scrollBy(step * common.WheelStep)
		}
		return
	}
	if step != 0 {
		p.cursor += step
		p.scroll()
		return
	}
	// The runs start below the title and the column heads.
	if c, ok := msg.(tea.MouseClickMsg); ok && c.Button == tea.MouseLeft {
		if i := p.offset + y - 2; y >= 2 && y-2 < p.rows() && i < len(p.runs) {
			p.cursor = i
			p.scroll()
		}
	}
}
