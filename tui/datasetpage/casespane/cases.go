package casespane

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/jsontui/jsontui/tui/datasetpage/dsdata"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/tui/common"
)

// Pane lists a dataset's cases: id, status, score, the change
// against a compared run, the loss at the filter's path, and the costliest
// leaf. It lists every case, lowest first (`o` orders), or with `f` on a
// path of the tree those that lose points there; the missing and invalid
// are left out and counted on its last line until `s` lists them. `/` finds a case by id;
// enter opens one as a pair. It renders only the rows in its window.
type Pane struct {
	c      *common.Common
	ds     *dsdata.Data
	order  *Order
	cursor int
	offset int
	width  int
	height int
	// find is the id the last `/` looked for.
	find string
	// reselect is the case the cursor goes back to once the list is made
	// again after the figures changed, -1 for none: the list is sorted
	// when it shows, not at every re-weight.
	reselect int
}

// Pane keeps the pane contract.
var _ common.Pane = (*Pane)(nil)

// New returns the cases pane over ds, listing the cases of order.
func New(c *common.Common, ds *dsdata.Data, order *Order) *Pane {
	return &Pane{c: c, ds: ds, order: order, reselect: -1}
}

// SetSize sets the pane's size.
func (p *Pane) SetSize(w, h int) {
	p.width, p.height = w, h
	p.scroll()
}

// ShortHelp returns the bindings the status line shows in the pane.
func (p *Pane) ShortHelp() []key.Binding { return p.c.Keys.CasesHelp() }

// FullHelp returns the pane's bindings.
func (p *Pane) FullHelp() [][]key.Binding { return [][]key.Binding{p.c.Keys.CasesHelp()} }

// page returns how many cases the window shows: below the title and the
// column heads, above the line that counts the cases left out.
func (p *Pane) page() int {
	if p.footer() != "" {
		return max(1, p.height-3) // and the line counting the cases left out
	}
	return max(1, p.height-2)
}

func (p *Pane) setCursor(i int) {
	p.cursor = max(0, min(i, len(p.order.Cases())-1))
	p.scroll()
}

func (p *Pane) scroll() {
	if k := p.reselect; k >= 0 {
		p.reselect = -1
		p.selectCase(k)
		return
	}
	n := len(p.order.Cases())
	h := p.page()
	p.cursor = max(0, min(p.cursor, n-1))
	if p.cursor < p.offset {
		p.offset = p.cursor
	}
	if p.cursor >= p.offset+h {
		p.offset = p.cursor - h + 1
	}
	p.offset = max(0, min(p.offset, n-h))
}

// Selected returns the case under the cursor; ok is false when the pane
// lists none.
func (p *Pane) Selected() (int, bool) {
	cs := p.order.Cases()
	if p.cursor >= len(cs) {
		return 0, false
	}
	return cs[p.cursor], true
}

// Update runs the pane's keys, and takes the figures' changes, the
// filters asked for and the ids typed for it.
func (p *Pane) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case dsdata.ChangedMsg:
		if !p.order.stale && p.cursor < len(p.order.list) {
			p.reselect = p.order.list[p.cursor]
		}
		p.order.changed()
	case dsdata.ReplacedMsg:
		// The same cases, in reference order: the cursor stays on its
		// case when it is listed still.
		if !p.order.stale && p.cursor < len(p.order.list) {
			p.reselect = p.order.list[p.cursor]
		}
		if p.reselect >= p.ds.Scored.Len() {
			p.reselect = -1
		}
		p.order.replaced()
	case dsdata.FilterCasesMsg:
		p.reselect = -1
		return p.filter(msg.Path)
	case dsdata.PromptDoneMsg:
		if msg.Kind == dsdata.PromptFind {
			p.find = msg.Text
			return p.findID(true, true)
		}
	case tea.KeyPressMsg:
		p.scroll() // the list made again, the cursor where it was
		return p.key(msg)
	case common.PaneMouseMsg:
		p.click(msg)
	}
	return nil
}

// click puts the cursor on the case clicked, below the title and the
// column heads.
func (p *Pane) click(msg common.PaneMouseMsg) {
	_, y, ok := msg.LeftClick()
	if i := p.offset + y - 2; ok && y >= 2 && i < len(p.order.Cases()) {
		p.setCursor(i)
	}
}

// selectCase moves the cursor to case k when it is listed.
func (p *Pane) selectCase(k int) {
	for i, x := range p.order.Cases() {
		if x == k {
			p.setCursor(i)
			return
		}
	}
	p.setCursor(p.cursor)
}

// filter lists the cases that lose points at path ("" every case).
func (p *Pane) filter(path string) tea.Cmd {
	n, err := p.order.setFilter(path)
	p.cursor, p.offset = 0, 0
	if err != nil {
		return common.StatusCmd(common.Failure(err))
	}
	left := ""
	if h := p.order.hiddenText(); h != "" {
		left = " · " + h + " not listed"
	}
	if path == "" {
		return common.StatusCmd(common.Info(fmt.Sprintf("every case: %s listed%s", common.Thousands(n), left)))
	}
	if n == 0 {
		return common.StatusCmd(common.Info(fmt.Sprintf("no case listed loses points at %s%s", path, left)))
	}
	return common.StatusCmd(common.Info(fmt.Sprintf("%s of %s cases lose points at %s%s · %s lists every case", common.Thousands(n),
		common.Thousands(p.ds.Scored.Len()), path, left, p.c.Keys.FilterCases.Help().Key)))
}

// key runs a key of the pane.
func (p *Pane) key(msg tea.KeyPressMsg) tea.Cmd {
	k := p.c.Keys
	ck := k.CasesPane
	switch {
	case key.Matches(msg, k.Up):
		p.setCursor(p.cursor - 1)
	case key.Matches(msg, k.Down):
		p.setCursor(p.cursor + 1)
	case key.Matches(msg, k.Top):
		p.setCursor(0)
	case key.Matches(msg, k.Bottom):
		p.setCursor(len(p.order.Cases()) - 1)
	case key.Matches(msg, k.HalfDown, k.PageDown):
		p.setCursor(p.cursor + p.page()/map[bool]int{true: 2, false: 1}[key.Matches(msg, k.HalfDown)])
	case key.Matches(msg, k.HalfUp, k.PageUp):
		p.setCursor(p.cursor - p.page()/map[bool]int{true: 2, false: 1}[key.Matches(msg, k.HalfUp)])
	case key.Matches(msg, ck.Open):
		sel, ok := p.Selected()
		if !ok {
			return common.StatusCmd(common.Info("no case to open"))
		}
		return p.c.Ask(dsdata.OpenCaseMsg{Case: sel, Path: p.order.path})
	case key.Matches(msg, ck.Order):
		sel, ok := p.Selected()
		s := p.order.next()
		if ok {
			p.selectCase(sel)
		}
		return common.StatusCmd(common.Info("cases " + SortNames[s]))
	case key.Matches(msg, ck.Unscored):
		return p.toggleUnscored()
	case key.Matches(msg, ck.Find):
		return p.c.Ask(dsdata.AskPromptMsg{Kind: dsdata.PromptFind, Label: "case id:", Placeholder: cmp.Or(p.find, "part of an id")})
	case key.Matches(msg, k.NextMatch, k.PrevMatch):
		return p.findID(key.Matches(msg, k.NextMatch), false)
	case key.Matches(msg, k.FilterCases):
		if p.order.path == "" {
			return common.StatusCmd(common.Info("f on a path of the tree lists the cases that lose points there (esc goes back to the tree)"))
		}
		return p.filter("")
	case key.Matches(msg, ck.Close):
		return p.c.Ask(dsdata.ShowViewMsg{View: dsdata.ViewTree})
	case key.Matches(msg, k.HeatMap):
		return p.c.Ask(dsdata.ShowViewMsg{View: dsdata.ViewHeat})
	case key.Matches(msg, k.Groups):
		return p.c.Ask(dsdata.ShowViewMsg{View: dsdata.ViewGroups})
	}
	return nil
}

// findID goes to the next (or previous) case listed whose id holds the
// text looked for (ignoring case when it is all lower case), from the
// cursor (here: the cursor's own case counts too), wrapping around.
func (p *Pane) findID(next, here bool) tea.Cmd {
	q := p.find
	if q == "" {
		return common.StatusCmd(common.Info("no id to find: press / and type part of one"))
	}
	fold := q == strings.ToLower(q)
	match := func(k int) bool {
		id := p.ds.Scored.CaseID(k)
		if fold {
			id = strings.ToLower(id)
		}
		return strings.Contains(id, q)
	}
	cs := p.order.Cases()
	n := len(cs)
	if n == 0 {
		return common.StatusCmd(common.Info("no case listed"))
	}
	step := 1
	if !next {
		step = -1
	}
	start := p.cursor + step
	if here {
		start = p.cursor
	}
	count := 0
	for _, k := range cs {
		if match(k) {
			count++
		}
	}
	if count == 0 {
		return common.StatusCmd(common.Warn(fmt.Sprintf("no case listed has an id with %q", q)))
	}
	for j := 0; j < n; j++ {
		i := ((start+step*j)%n + n) % n
		if match(cs[i]) {
			p.setCursor(i)
			return common.StatusCmd(common.Info(fmt.Sprintf("%q: %s case%s · %s", q, common.Thousands(count), common.Plural(count, "s"), escape.Text(p.ds.Scored.CaseID(cs[i])))))
		}
	}
	return nil
}

// casesCols are the widths of the pane's columns.
type casesCols struct {
	id, status, score, delta, here, leaf, loss int
}

// columns fits the columns into the pane's width: the id and the
// costliest leaf share what the figures leave.
func (p *Pane) columns() casesCols {
	c := casesCols{status: 8, score: 7, loss: 7}
	if p.ds.Cmp != nil {
		c.delta = 8
	}
	if p.order.path != "" {
		c.here = 9
	}
	fixed := c.status + c.score + c.loss + 5
	if c.delta > 0 {
		fixed += c.delta + 1
	}
	if c.here > 0 {
		fixed += c.here + 1
	}
	rest := max(20, p.width-fixed)
	c.id = min(max(8, p.idWidth()), rest*2/5)
	c.leaf = max(8, rest-c.id)
	return c
}

// idWidth returns the widest id on screen.
func (p *Pane) idWidth() int {
	cs := p.order.Cases()
	n := 2
	for _, k := range cs[min(p.offset, len(cs)):min(len(cs), p.offset+p.page())] {
		n = max(n, report.Width(escape.Text(p.ds.Scored.CaseID(k))))
	}
	return n
}

// title says what the pane lists and in which order.
func (p *Pane) title() string {
	s := p.c.Styles
	n, all := len(p.order.Cases()), p.ds.Scored.Len()
	what := s.Title.Render("Cases") + fmt.Sprintf("  %s", common.Thousands(all))
	if p.order.path != "" {
		what = s.Title.Render("Cases") + "  losing points at " + s.Accent.Render(p.order.path) + fmt.Sprintf(": %s of %s", common.Thousands(n), common.Thousands(all))
	}
	what += s.Muted.Render(" · " + SortNames[p.order.sort])
	hint := s.Faint.Render("o orders · / finds an id · enter opens")
	if common.VisibleWidth(what)+common.VisibleWidth(hint)+2 > p.width {
		return what
	}
	return common.Spread(what, hint, p.width)
}

// head renders the column heads.
func (p *Pane) head(c casesCols) string {
	cells := []string{common.Pad("id", c.id), common.Pad("status", c.status), common.PadLeft("score", c.score)}
	if c.delta > 0 {
		cells = append(cells, common.PadLeft("Δ", c.delta))
	}
	if c.here > 0 {
		cells = append(cells, common.PadLeft("loss here", c.here))
	}
	cells = append(cells, common.Pad("costliest leaf", c.leaf), common.PadLeft("loss", c.loss))
	return p.c.Styles.Muted.Render(common.Fit(strings.Join(cells, " "), p.width))
}

// row renders case k.
func (p *Pane) row(c casesCols, k int, selected bool) string {
	s := p.c.Styles
	cf := p.ds.Scored.Case(k)
	var b strings.Builder
	if selected {
		b.WriteString(s.Selected.On())
	}
	s.Accent.Write(&b, common.Pad(report.Truncate(escape.Text(cf.ID), c.id), c.id))
	b.WriteByte(' ')
	st := cf.Status.String()
	switch cf.Status {
	case dataset.CaseScored:
		s.Muted.Write(&b, common.Pad(st, c.status))
	case dataset.CaseIgnored:
		s.Faint.Write(&b, common.Pad(st, c.status))
	default:
		s.Bad.Write(&b, common.Pad(st, c.status))
	}
	b.WriteByte(' ')
	score, has := p.ds.Score(k)
	if has {
		s.Band(score).Write(&b, common.PadLeft(common.ScoreText(score, true), c.score))
	} else {
		s.Faint.Write(&b, common.PadLeft("n/a", c.score))
	}
	if c.delta > 0 {
		b.WriteByte(' ')
		if d, ok := p.order.Delta(k); ok {
			common.WriteDelta(&b, s, d, c.delta)
		} else {
			s.Faint.Write(&b, common.PadLeft("—", c.delta))
		}
	}
	if c.here > 0 {
		b.WriteByte(' ')
		b.WriteString(common.PadLeft(common.LossText(p.order.losses[k]), c.here))
	}
	b.WriteByte(' ')
	switch {
	case cf.Status == dataset.CaseMissing || cf.Status == dataset.CaseInvalid:
		s.Bad.Write(&b, common.Pad(report.Truncate(unscoredLeaf(cf), c.leaf), c.leaf))
		b.WriteByte(' ')
		b.WriteString(strings.Repeat(" ", c.loss))
	case cf.ParseError() != "":
		s.Bad.Write(&b, common.Pad(report.Truncate(escape.Text(cf.ParseError()), c.leaf), c.leaf))
		b.WriteByte(' ')
		b.WriteString(strings.Repeat(" ", c.loss))
	case cf.Worst == nil:
		s.Faint.Write(&b, common.Pad("—", c.leaf))
		b.WriteByte(' ')
		s.Faint.Write(&b, common.PadLeft("0", c.loss))
	default:
		b.WriteString(common.Pad(report.Truncate(cf.Worst.Path, c.leaf), c.leaf))
		b.WriteByte(' ')
		b.WriteString(common.PadLeft(common.LossText(cf.Worst.Loss), c.loss))
	}
	line := common.Fit(b.String(), p.width)
	if selected {
		line += s.Selected.Off()
	}
	return line
}

// View renders the title, the column heads and the cases in the window.
func (p *Pane) View() string {
	p.scroll()
	c := p.columns()
	lines := []string{common.Fit(p.title(), p.width), p.head(c)}
	cs := p.order.Cases()
	for i := p.offset; i < min(len(cs), p.offset+p.page()); i++ {
		lines = append(lines, p.row(c, cs[i], i == p.cursor))
	}
	if len(cs) == 0 {
		lines = append(lines, common.Fit(p.c.Styles.Faint.Render("no case listed"), p.width))
	}
	foot := p.footer()
	for len(lines) < p.height-min(1, len(foot)) {
		lines = append(lines, strings.Repeat(" ", p.width))
	}
	if foot != "" {
		lines = append(lines[:max(2, p.height-1)], common.Fit(p.c.Styles.Muted.Render(foot), p.width))
	}
	return strings.Join(lines[:p.height], "\n")
}
