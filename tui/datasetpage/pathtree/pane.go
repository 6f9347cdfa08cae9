package pathtree

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/jsontui/jsontui/tui/datasetpage/dsdata"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
	pairtree "github.com/jsontui/jsontui/tui/pair/tree"
)

// Tree is a dataset's per-path tree: each schema path with its
// weight, f, score, loss, cases, the bar of its statuses and its
// precision, recall and F1, the keys of a pair's tree working on it. It
// renders only the rows in its window.
type Tree struct {
	c      *common.Common
	ds     *dsdata.Data
	ol     *Outline
	cursor int
	offset int
	width  int
	height int // rows, the column heads included
	// matches are the paths a search found (query), nil for none.
	matches []bool
	query   string
	nmatch  int
	rp      pathRowPainter
}

// Tree keeps the pane contract.
var _ common.Pane = (*Tree)(nil)

// New returns the tree of ds's paths, open to the depth a pair's tree
// opens to.
func New(c *common.Common, ds *dsdata.Data) *Tree {
	return &Tree{c: c, ds: ds, ol: NewOutline(ds.Paths, pairtree.InitialDepth)}
}

// SetSize sets the pane's size; a new height scrolls to the cursor.
func (p *Tree) SetSize(w, h int) {
	p.width = w
	if h != p.height {
		p.height = h
		p.scroll()
	}
}

// ShortHelp returns the bindings the status line shows over the tree.
func (p *Tree) ShortHelp() []key.Binding { return p.c.Keys.DatasetShortHelp() }

// FullHelp returns the tree's bindings.
func (p *Tree) FullHelp() [][]key.Binding { return p.c.Keys.DatasetHelp()[:2] }

// Selected returns the place in the figures of the path under the
// cursor.
func (p *Tree) Selected() int {
	if p.ol.Len() == 0 {
		return 0
	}
	return p.ol.Row(p.cursor).Index
}

// SelectedPath returns the path under the cursor.
func (p *Tree) SelectedPath() string {
	if len(p.ds.Paths) == 0 {
		return "."
	}
	return p.ds.Paths[p.Selected()].Path
}

// page returns the number of rows the window shows.
func (p *Tree) page() int { return max(1, p.height-1) }

func (p *Tree) setCursor(r int) {
	p.cursor = max(0, min(r, p.ol.Len()-1))
	p.scroll()
}

// scroll keeps the cursor in the window, with a margin of context rows.
func (p *Tree) scroll() {
	p.offset = common.ScrollTo(p.cursor, p.offset, p.page(), p.ol.Len())
}

// keep runs a change of the rows and puts the cursor back on the path it
// was on, or its nearest visible ancestor.
func (p *Tree) keep(change func()) {
	i := p.Selected()
	change()
	p.setCursor(max(0, p.ol.Nearest(i)))
}

// SelectPath reveals path i and moves the cursor to it.
func (p *Tree) SelectPath(i int) {
	if r := p.ol.Reveal(i); r >= 0 {
		p.setCursor(r)
	}
}

// Update runs the tree's keys, and takes the figures' changes and the
// searches typed for it.
func (p *Tree) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case dsdata.ChangedMsg:
		p.keep(func() { p.ol.setFigures(p.ds.Paths) })
	case dsdata.ReplacedMsg:
		p.replaced()
	case dsdata.PromptDoneMsg:
		if msg.Kind == dsdata.PromptSearch {
			return p.search(msg.Text)
		}
	case tea.KeyPressMsg:
		return p.key(msg)
	case common.PaneMouseMsg:
		p.click(msg)
	}
	return nil
}

// click puts the cursor on the row clicked, below the column heads.
func (p *Tree) click(msg common.PaneMouseMsg) {
	x, y, ok := msg.LeftClick()
	if i := p.offset + y - 1; ok && y >= 1 && y < p.height && x < p.width && i < p.ol.Len() {
		p.setCursor(i)
	}
}

// Width returns the pane's width.
func (p *Tree) Width() int { return p.width }

// Outline returns the rows the tree shows, which the heat map shows too.
func (p *Tree) Outline() *Outline { return p.ol }

// Searched reports whether a search marks paths.
func (p *Tree) Searched() bool { return p.matches != nil }

// key runs a key of the tree.
func (p *Tree) key(msg tea.KeyPressMsg) tea.Cmd {
	k := p.c.Keys
	say := func(m common.StatusMsg) tea.Cmd { return common.StatusCmd(m) }
	if nav, ok := common.NavKey(k, msg, p.cursor, p.ol.Len(), p.page()); ok {
		p.move(nav)
		return nil
	}
	switch {
	case key.Matches(msg, k.Expand):
		if !p.ol.expand(p.cursor) && p.ol.open[p.Selected()] {
			p.setCursor(p.cursor + 1)
		}
		p.scroll()
	case key.Matches(msg, k.Collapse):
		if !p.ol.collapse(p.cursor) {
			if par := p.ol.parent[p.Selected()]; par >= 0 {
				p.setCursor(p.ol.Find(par))
			}
		}
		p.scroll()
	case key.Matches(msg, k.Toggle):
		p.ol.toggle(p.cursor)
		p.scroll()
	case key.Matches(msg, k.ExpandAll):
		p.keep(p.ol.ExpandAll)
		return say(common.Info(fmt.Sprintf("expanded all: %s rows", common.Thousands(p.ol.Len()))))
	case key.Matches(msg, k.CollapseAll):
		p.keep(func() { p.ol.ExpandTo(1) })
		return say(common.Info("collapsed all"))
	case key.Matches(msg, k.Depth):
		d := int(msg.String()[0] - '0')
		p.keep(func() { p.ol.ExpandTo(d) })
		return say(common.Info(fmt.Sprintf("expanded to depth %d: %s rows", d, common.Thousands(p.ol.Len()))))
	case key.Matches(msg, k.Order):
		ord := p.ol.order.Next()
		p.keep(func() { p.ol.setOrder(ord) })
		return say(common.Info("children in " + pairtree.OrderHelp(ord) + " order"))
	case key.Matches(msg, k.NextLoss, k.PrevLoss):
		return p.stepLoss(key.Matches(msg, k.NextLoss))
	case key.Matches(msg, k.FailingOnly):
		return p.toggleFailing()
	case key.Matches(msg, k.Worst):
		return p.worst()
	case key.Matches(msg, k.Search):
		// Empty, the last query a hint, as a pair's search opens.
		return p.c.Ask(dsdata.AskPromptMsg{Kind: dsdata.PromptSearch, Label: "/", Placeholder: cmp.Or(p.query, "a key of the paths")})
	case key.Matches(msg, k.NextMatch, k.PrevMatch):
		return p.jumpMatch(key.Matches(msg, k.NextMatch))
	case key.Matches(msg, k.Copy):
		path := p.SelectedPath()
		return tea.Batch(tea.SetClipboard(path), say(common.Success("copied "+path)))
	case key.Matches(msg, k.FilterCases):
		return p.c.Ask(dsdata.FilterCasesMsg{Path: p.SelectedPath()})
	case key.Matches(msg, k.EditWeight, k.Raise, k.Lower, k.ToggleZero, k.Reset):
		return p.c.Ask(dsdata.WeightKeyMsg{Path: p.SelectedPath(), Key: msg})
	case key.Matches(msg, k.Rule):
		return p.c.Ask(dsdata.RulesForPathMsg{Path: p.SelectedPath()})
	case key.Matches(msg, k.Pairing):
		return p.c.Ask(dsdata.PairPathMsg{Path: p.SelectedPath()})
	case key.Matches(msg, k.CopyOutput):
		return say(common.Info("a dataset's tree has no values of its own: open a case (c, then enter) to copy one of its"))
	}
	return nil
}

// replaced takes the dataset scored again: the paths may differ. The
// tree keeps the paths open that are still there, its order and
// failing-only view, its search, and the cursor on its path (or the
// nearest ancestor still there).
func (p *Tree) replaced() {
	// The path under the cursor and its ancestors, nearest first.
	var chain []string
	if p.ol.Len() > 0 {
		for x := p.ol.Row(min(p.cursor, p.ol.Len()-1)).Index; x >= 0; x = p.ol.parent[x] {
			chain = append(chain, p.ol.paths[x].Path)
		}
	}
	byPath := make(map[string]int, len(p.ds.Paths))
	for i := range p.ds.Paths {
		byPath[p.ds.Paths[i].Path] = i
	}
	p.ol.reshape(p.ds.Paths, byPath)
	if p.query != "" {
		p.matches, p.nmatch = p.ol.match(p.query)
	}
	p.setCursor(0)
	for _, path := range chain {
		if i, ok := byPath[path]; ok {
			p.SelectPath(i)
			return
		}
	}
}

// move takes a navigation key's move (common.NavKey).
func (p *Tree) move(nav common.Nav) {
	if nav.Page {
		p.pageBy(nav.By)
		return
	}
	p.setCursor(nav.To)
}

// pageBy moves the window and the cursor n rows on.
func (p *Tree) pageBy(n int) {
	p.offset = max(0, min(p.offset+n, p.ol.Len()-p.page()))
	p.setCursor(p.cursor + n)
}

// stepLoss goes to the next (or previous) path with a loss.
func (p *Tree) stepLoss(next bool) tea.Cmd {
	i, ok := p.ol.step(p.Selected(), next, func(x int) bool { return p.ds.Paths[x].Loss > 0 })
	if !ok {
		return common.StatusCmd(common.Info("no path with a loss " + map[bool]string{true: "after", false: "before"}[next] + " this one"))
	}
	p.SelectPath(i)
	pf := &p.ds.Paths[i]
	return common.StatusCmd(common.Info(fmt.Sprintf("%s loses %s of the dataset's score", pf.Path, common.Fixed5(pf.Loss))))
}

// toggleFailing shows only the paths that lose points, or all again.
func (p *Tree) toggleFailing() tea.Cmd {
	k := p.c.Keys.FailingOnly.Help().Key
	if p.ol.failing {
		p.keep(func() { p.ol.setFailing(false) })
		return common.StatusCmd(common.Info("every path shows"))
	}
	if len(p.ds.Paths) == 0 || p.ds.Paths[0].Loss == 0 {
		return common.StatusCmd(common.Info("no path loses points: nothing to hide"))
	}
	p.keep(func() { p.ol.setFailing(true) })
	kept := 0
	for _, x := range p.ol.keep {
		if x {
			kept++
		}
	}
	hidden := len(p.ds.Paths) - kept
	return common.StatusCmd(common.Info(fmt.Sprintf("failing only: %s of %s paths hidden · %s shows all", common.Thousands(hidden), common.Thousands(len(p.ds.Paths)), k)))
}

// worst goes to the costliest leaf path: the path without children that
// loses the most (the first in tree order on a tie).
func (p *Tree) worst() tea.Cmd {
	best, loss := -1, 0.0
	for i := range p.ds.Paths {
		if len(p.ol.kids[i]) == 0 && p.ds.Paths[i].Loss > loss {
			best, loss = i, p.ds.Paths[i].Loss
		}
	}
	if best < 0 {
		return common.StatusCmd(common.Info("no path loses points"))
	}
	p.SelectPath(best)
	return common.StatusCmd(common.Info(fmt.Sprintf("the costliest leaf: %s loses %s of the dataset's score", p.ds.Paths[best].Path, common.Fixed5(loss))))
}

// search marks the paths whose key contains query and goes to the first
// after the cursor.
func (p *Tree) search(query string) tea.Cmd {
	if query == "" {
		p.matches, p.query, p.nmatch = nil, "", 0
		return common.StatusCmd(common.Info("search cleared"))
	}
	p.query = query
	p.matches, p.nmatch = p.ol.match(query)
	if p.nmatch == 0 {
		return common.StatusCmd(common.Warn(fmt.Sprintf("no key matches %q", query)))
	}
	return p.jumpMatch(true)
}

// jumpMatch moves to the next (or previous) match, wrapping around.
func (p *Tree) jumpMatch(next bool) tea.Cmd {
	if p.matches == nil {
		return common.StatusCmd(common.Info("no search: press / to search the keys"))
	}
	if p.nmatch == 0 {
		return common.StatusCmd(common.Warn(fmt.Sprintf("no key matches %q", p.query)))
	}
	want := func(x int) bool { return p.matches[x] }
	i, ok := p.ol.step(p.Selected(), next, want)
	wrapped := false
	if !ok {
		wrapped = true
		order := p.ol.preorder()
		if !next {
			for l, r := 0, len(order)-1; l < r; l, r = l+1, r-1 {
				order[l], order[r] = order[r], order[l]
			}
		}
		for _, x := range order {
			if want(x) {
				i, ok = x, true
				break
			}
		}
	}
	if !ok {
		return common.StatusCmd(common.Warn(fmt.Sprintf("the paths matching %q are hidden: %s shows all", p.query, p.c.Keys.FailingOnly.Help().Key)))
	}
	p.SelectPath(i)
	text := fmt.Sprintf("%q: %s match%s · %s", p.query, common.Thousands(p.nmatch), common.Plural(p.nmatch, "es"), p.ds.Paths[i].Path)
	if wrapped {
		text += " (wrapped)"
	}
	return common.StatusCmd(common.Info(text))
}

// NeedWidth returns the width at which the rows on screen show their
// keys whole with every figure.
func (p *Tree) NeedWidth() int {
	cols := layoutPathCols(1<<20, p.keyNeed(), p.ds.Cmp != nil)
	return p.keyNeed() + cols.figures()
}

// keyNeed returns the widest key cell of the rows on screen.
func (p *Tree) keyNeed() int {
	p.rp.ds = p.ds
	n := 0
	for _, r := range p.ol.Window(p.offset, p.offset+p.page()) {
		n = max(n, p.rp.keyNeed(r))
	}
	return n
}

// View renders the column heads and the rows in the window.
func (p *Tree) View() string {
	cols := layoutPathCols(p.width, p.keyNeed(), p.ds.Cmp != nil)
	p.rp = pathRowPainter{s: p.c.Styles, ds: p.ds, ol: p.ol, cols: cols, matches: p.matches}
	var b strings.Builder
	b.WriteString(cols.header(p.c.Styles))
	rows := p.ol.Window(p.offset, p.offset+p.page())
	for k, r := range rows {
		b.WriteByte('\n')
		b.WriteString(common.Fit(p.rp.row(r, p.offset+k == p.cursor), p.width))
	}
	for k := len(rows); k < p.page(); k++ {
		b.WriteByte('\n')
		b.WriteString(strings.Repeat(" ", p.width))
	}
	return b.String()
}
