// Package tree is the tree pane of a pair's page: the nodes with
// their figures fitted to the width, the cursor, folding, the search
// of keys and values (in the background, a stale result dropped), the
// failing-only view and the steps through the losses.
package tree

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/outline"
	"github.com/jsontui/jsontui/tui/pair/metricstate"
	"github.com/jsontui/jsontui/tui/pair/schemacheck"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/session"
)

// InitialDepth is how deep the tree opens: the root's children and
// grandchildren show.
const InitialDepth = 2

// Pane is the tree of nodes with their figures. It renders only the
// rows in its window.
type Pane struct {
	c       *common.Common
	sess    *session.Session
	ol      *outline.Outline
	cursor  int
	offset  int
	width   int
	height  int // rows, the column heads included
	matches *outline.Matches
	search  search
	// Cmp is the recorded run the rows are compared with, nil for none.
	cmp *runspane.Comparison
	// Metric is the metric in force: for one that is one number the rows
	// show the values only. schema marks the nodes breaking --schema.
	metric *metricstate.State
	schema *schemacheck.Check
	rp     rowPainter
}

// Pane keeps the pane contract.
var _ common.Pane = (*Pane)(nil)

func New(c *common.Common, sess *session.Session, ms *metricstate.State, schema *schemacheck.Check) *Pane {
	return &Pane{c: c, sess: sess, ol: outline.New(sess.Tree(), InitialDepth), metric: ms, schema: schema}
}

// values reports whether the rows show the values only, no figures.
func (p *Pane) values() bool { return p.metric != nil && p.metric.OneNumber }

// SetSize sets the pane's size; a new height scrolls to the cursor.
func (p *Pane) SetSize(w, h int) {
	p.width = w
	if h != p.height {
		p.height = h
		p.Scroll()
	}
}

// ShortHelp returns the bindings the pane answers to.
func (p *Pane) ShortHelp() []key.Binding {
	k := p.c.Keys
	return []key.Binding{k.Up, k.Down, k.Expand, k.Collapse, k.Toggle}
}

// FullHelp returns every binding the pane answers to.
func (p *Pane) FullHelp() [][]key.Binding {
	k := p.c.Keys
	return [][]key.Binding{
		{k.Up, k.Down, k.Top, k.Bottom, k.HalfDown, k.HalfUp, k.PageDown, k.PageUp},
		{k.Expand, k.Collapse, k.Toggle, k.ExpandAll, k.CollapseAll, k.Depth, k.Order},
		{k.NextMatch, k.PrevMatch, k.NextLoss, k.PrevLoss, k.Worst, k.FailingOnly},
	}
}

// Update runs the pane's keys and takes the results of its searches;
// what it has to say goes to the status line.
func (p *Pane) Update(msg tea.Msg) tea.Cmd {
	var st *common.StatusMsg
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if ok, s := p.handleKey(msg); ok {
			st = s
		}
	case SearchDoneMsg:
		st = p.searchDone(msg)
	}
	if st != nil {
		return common.StatusCmd(*st)
	}
	return nil
}

// Selected returns the node under the cursor.
func (p *Pane) Selected() scoring.NodeID { return p.ol.Row(p.cursor).ID }

// Page returns the number of rows the window shows.
func (p *Pane) Page() int { return max(1, p.height-1) }

// SetCursor moves the cursor to row i (clamped) and scrolls to it.
func (p *Pane) SetCursor(i int) {
	p.cursor = max(0, min(i, p.ol.Len()-1))
	p.Scroll()
}

// Scroll keeps the cursor in the window, with a margin of context rows.
func (p *Pane) Scroll() {
	p.offset = common.ScrollTo(p.cursor, p.offset, p.Page(), p.ol.Len())
}

// SelectNode reveals node id (opening its ancestors) and moves the cursor
// to it.
func (p *Pane) SelectNode(id scoring.NodeID) {
	if i := p.ol.Reveal(id); i >= 0 {
		p.SetCursor(i)
	}
}

// keep runs a change of the rows and puts the cursor back on the node it
// was on, or on its nearest visible ancestor.
func (p *Pane) keep(change func()) {
	id := p.Selected()
	row := p.cursor
	change()
	for x := id; x != scoring.NoNode; x = p.sess.Tree().Parent(x) {
		if i := p.ol.Find(x, row); i >= 0 {
			p.SetCursor(i)
			return
		}
	}
	p.SetCursor(0)
}

// Refresh re-sorts the rows after the figures changed, when the order
// depends on them, and finds again the nodes the failing-only view shows.
func (p *Pane) Refresh() {
	if p.ol.Filter() != nil {
		set := outline.Failing(p.sess.Tree())
		p.keep(func() { p.ol.SetFilter(set) })
		return
	}
	if p.ol.Order() != outline.Document {
		p.keep(func() { p.ol.Refresh() })
	}
}

// handleKey runs a navigation or tree key. It reports whether the key was
// one, and what the status line should say (nil: leave it).
func (p *Pane) handleKey(msg tea.KeyPressMsg) (bool, *common.StatusMsg) {
	k := p.c.Keys
	if nav, ok := common.NavKey(k, msg, p.cursor, p.ol.Len(), p.Page()); ok {
		if nav.Page {
			p.pageBy(nav.By)
		} else {
			p.SetCursor(nav.To)
		}
		return true, nil
	}
	switch {
	case key.Matches(msg, k.Expand, k.Collapse, k.Toggle):
		p.openKey(msg)
	case key.Matches(msg, k.ExpandAll):
		p.keep(p.ol.ExpandAll)
		m := common.Info(fmt.Sprintf("expanded all: %s rows", common.Thousands(p.ol.Len())))
		return true, &m
	case key.Matches(msg, k.CollapseAll):
		p.keep(p.ol.CollapseAll)
		m := common.Info("collapsed all")
		return true, &m
	case key.Matches(msg, k.Depth):
		d := int(msg.String()[0] - '0')
		p.keep(func() { p.ol.ExpandTo(d) })
		m := common.Info(fmt.Sprintf("expanded to depth %d: %s rows", d, common.Thousands(p.ol.Len())))
		return true, &m
	case p.values() && key.Matches(msg, k.Order, k.NextLoss, k.PrevLoss, k.FailingOnly, k.Worst):
		m := common.Info(p.metric.Name + " is one number: the nodes have no scores or losses to order or step through")
		return true, &m
	case key.Matches(msg, k.Order):
		ord := p.ol.Order().Next()
		p.keep(func() { p.ol.SetOrder(ord) })
		m := common.Info("children in " + OrderHelp(ord) + " order")
		return true, &m
	case key.Matches(msg, k.NextLoss), key.Matches(msg, k.PrevLoss):
		return true, p.stepLoss(key.Matches(msg, k.NextLoss))
	case key.Matches(msg, k.FailingOnly):
		return true, p.toggleFailing()
	case key.Matches(msg, k.Worst):
		return true, p.worst()
	case key.Matches(msg, k.NextMatch), key.Matches(msg, k.PrevMatch):
		return true, p.jumpMatch(key.Matches(msg, k.NextMatch))
	default:
		return false, nil
	}
	return true, nil
}

// openKey opens, closes or toggles the selected node (Expand, Collapse,
// Toggle): opening an open node steps into it, closing a closed one
// steps to its parent.
func (p *Pane) openKey(msg tea.KeyPressMsg) {
	k := p.c.Keys
	switch {
	case key.Matches(msg, k.Expand):
		id := p.Selected()
		if !p.ol.Expand(p.cursor) && p.ol.IsOpen(id) {
			p.SetCursor(p.cursor + 1)
		}
	case key.Matches(msg, k.Collapse):
		if !p.ol.Collapse(p.cursor) {
			if par := p.sess.Tree().Parent(p.Selected()); par != scoring.NoNode {
				p.SetCursor(p.ol.Find(par, p.cursor))
			}
		}
	default:
		p.ol.Toggle(p.cursor)
	}
	p.Scroll()
}

// stepLoss selects the next node with a loss (or the previous one) and
// says what it loses.
func (p *Pane) stepLoss(next bool) *common.StatusMsg {
	t := p.sess.Tree()
	var id scoring.NodeID
	var ok bool
	if next {
		id, ok = p.ol.Next(p.Selected(), outline.Lossy(t))
	} else {
		id, ok = p.ol.Prev(p.Selected(), outline.Lossy(t))
	}
	if !ok {
		m := common.Info("no node with a loss " + map[bool]string{true: "after", false: "before"}[next] + " this one")
		return &m
	}
	p.SelectNode(id)
	m := common.Info(fmt.Sprintf("%s loses %s of the total", t.Path(id), common.Fixed5(t.Loss(id))))
	return &m
}

// OrderHelp names order o as the status line says it.
func OrderHelp(o outline.Order) string {
	switch o {
	case outline.ByLoss:
		return "loss (largest first)"
	case outline.ByScore:
		return "score (lowest first)"
	}
	return "document"
}

// pageBy moves the window and the cursor by n rows.
func (p *Pane) pageBy(n int) {
	p.offset = max(0, min(p.offset+n, p.ol.Len()-p.Page()))
	p.SetCursor(p.cursor + n)
}

// jumpMatch moves to the next (or previous) search match, wrapping
// around.
func (p *Pane) jumpMatch(next bool) *common.StatusMsg {
	m := p.matches
	if m == nil {
		s := common.Info("no search: press / to search keys and values")
		return &s
	}
	if m.Count == 0 {
		s := common.Warn(fmt.Sprintf("no match for %q", m.Query))
		return &s
	}
	pred := m.Pred()
	var id scoring.NodeID
	var ok bool
	wrapped := false
	if next {
		if id, ok = p.ol.Next(p.Selected(), pred); !ok {
			id, ok = FirstOf(p.ol, pred)
			wrapped = true
		}
	} else {
		if id, ok = p.ol.Prev(p.Selected(), pred); !ok {
			id, ok = LastOf(p.ol, pred)
			wrapped = true
		}
	}
	if !ok {
		s := HiddenMatches(m, p.c.Keys.FailingOnly.Help().Key)
		return &s
	}
	p.SelectNode(id)
	s := common.Info(fmt.Sprintf("%q: %s match%s · %s", m.Query, common.Thousands(m.Count), common.Plural(m.Count, "es"), p.sess.Tree().Path(id)))
	if wrapped {
		s.Text += " (wrapped)"
	}
	return &s
}

// FirstOf returns the first node shown that p wants, the root included;
// ok is false when there is none (the failing-only view may hide them).
func FirstOf(ol *outline.Outline, p outline.Pred) (scoring.NodeID, bool) {
	if p.Want(0) {
		return 0, true
	}
	return ol.Next(0, p)
}

// LastOf returns the last node shown that p wants.
func LastOf(ol *outline.Outline, p outline.Pred) (scoring.NodeID, bool) {
	x := ol.Last()
	if p.Want(x) {
		return x, true
	}
	return ol.Prev(x, p)
}

// RowAt returns the row index shown at line y of the pane (0 is the
// column heads), or -1.
func (p *Pane) RowAt(y int) int {
	i := p.offset + y - 1
	if y < 1 || i >= p.ol.Len() {
		return -1
	}
	return i
}

// MarkerSpan returns the cells [x0, x1) of row i's expand marker.
func (p *Pane) MarkerSpan(i int) (int, int) {
	d := int(p.ol.Row(i).Depth)
	x := len([]rune(Guides(d, p.columns().label-8)))
	return x, x + 2
}

// Window returns the rows the pane shows.
func (p *Pane) Window() []outline.Row { return p.ol.Window(p.offset, p.offset+p.Page()) }

// needs returns what the rows on screen ask of the columns.
func (p *Pane) needs() rowNeeds {
	p.rp.t = p.sess.Tree()
	return p.rp.measure(p.Window())
}

// NeedWidth returns the width at which the pane cuts none of the values
// on screen short enough to show whole (ask), all figures showing.
func (p *Pane) NeedWidth() int { return p.needs().width(p.cmp != nil, p.values()) }

// columns lays the columns out for the rows on screen.
func (p *Pane) columns() columns {
	return layoutColumns(p.width, p.cmp != nil, p.values(), p.needs())
}

// View renders the column heads and the rows in the window.
func (p *Pane) View() string {
	cols := p.columns()
	p.rp = rowPainter{s: p.c.Styles, t: p.sess.Tree(), ol: p.ol, changed: p.sess.Changed, matches: p.matches, cmp: p.cmp, cols: cols,
		values: p.values(), schema: p.schema}
	var b strings.Builder
	b.WriteString(cols.header(p.c.Styles))
	rows := p.Window()
	for k, r := range rows {
		b.WriteByte('\n')
		b.WriteString(p.rp.row(r, p.offset+k == p.cursor))
	}
	for k := len(rows); k < p.Page(); k++ {
		b.WriteByte('\n')
	}
	return b.String()
}

// ScrollWindow moves the window by n rows, taking the cursor along only
// when it would leave it.
func (p *Pane) ScrollWindow(n int) {
	h := p.Page()
	p.offset = max(0, min(p.offset+n, p.ol.Len()-h))
	if p.cursor < p.offset {
		p.cursor = p.offset
	}
	if p.cursor > p.offset+h-1 {
		p.cursor = p.offset + h - 1
	}
}

// Outline returns the rows the tree shows.
func (p *Pane) Outline() *outline.Outline { return p.ol }

// Width returns the pane's width.
func (p *Pane) Width() int { return p.width }

// Height returns the pane's rows, the column heads included.
func (p *Pane) Height() int { return p.height }

// Offset returns the first row shown.
func (p *Pane) Offset() int { return p.offset }

// Comparison returns the recorded run the rows are compared with, nil
// for none.
func (p *Pane) Comparison() *runspane.Comparison { return p.cmp }

// SetComparison sets the recorded run the rows are compared with, nil
// for none.
func (p *Pane) SetComparison(c *runspane.Comparison) { p.cmp = c }

// Matches returns the search's matches, nil for no search.
func (p *Pane) Matches() *outline.Matches { return p.matches }
