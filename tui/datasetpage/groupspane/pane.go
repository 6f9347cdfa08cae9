package groupspane

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/datasetpage/dsdata"
)

// Pane lists the figures of each group of a dataset scored with
// --group-by, as `score` prints them: the group's value, its cases, the
// mean and median of their scores, the share that passes, and how far
// its mean stands from the dataset's. The figures are those in force: a
// re-weight changes them at once. It lists the groups as the dataset
// met them, or lowest mean first (`o`). It renders only the rows in its
// window.
type Pane struct {
	c  *common.Common
	ds *dsdata.Data
	// groupBy is the field's path, "" when the caller did not say.
	groupBy       string
	byMean        bool
	cursor        int
	offset        int
	width, height int
}

// Pane keeps the pane contract.
var _ common.Pane = (*Pane)(nil)

// New returns the groups pane over ds, whose cases groupBy grouped.
func New(c *common.Common, ds *dsdata.Data, groupBy string) *Pane {
	return &Pane{c: c, ds: ds, groupBy: groupBy}
}

// SetSize sets the pane's size.
func (p *Pane) SetSize(w, h int) {
	p.width, p.height = w, h
	p.setCursor(p.cursor)
}

// ShortHelp returns the bindings the status line shows in the pane.
func (p *Pane) ShortHelp() []key.Binding { return p.c.Keys.GroupsHelp() }

// FullHelp returns the pane's bindings.
func (p *Pane) FullHelp() [][]key.Binding { return [][]key.Binding{p.c.Keys.GroupsHelp()} }

// page returns how many groups the window shows: below the title and the
// column heads.
func (p *Pane) page() int { return max(1, p.height-2) }

func (p *Pane) setCursor(i int) {
	n := len(p.ds.Groups)
	p.cursor = max(0, min(i, n-1))
	p.offset = common.ScrollTo(p.cursor, p.offset, p.page(), n)
}

// order returns the groups' places in ds.Groups, in the order in force:
// as met, or lowest mean first (the groups without a score last), as
// met among equals.
func (p *Pane) order() []int {
	gs := p.ds.Groups
	out := make([]int, len(gs))
	for i := range out {
		out[i] = i
	}
	if p.byMean {
		mean := func(i int) float64 {
			if gs[i].N == 0 {
				return math.Inf(1)
			}
			return gs[i].Mean
		}
		slices.SortStableFunc(out, func(a, b int) int { return cmp.Compare(mean(a), mean(b)) })
	}
	return out
}

// Update runs the pane's keys; the figures it reads are the data's, so
// a change needs nothing but a new View.
func (p *Pane) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case dsdata.ReplacedMsg:
		p.setCursor(p.cursor) // another metric: the same groups, maybe fewer scored
	case tea.KeyPressMsg:
		return p.key(msg)
	}
	return nil
}

// key runs a key of the pane.
func (p *Pane) key(msg tea.KeyPressMsg) tea.Cmd {
	k := p.c.Keys
	if nav, ok := common.NavKey(k, msg, p.cursor, len(p.ds.Groups), p.page()); ok {
		to := nav.To
		if nav.Page {
			to = p.cursor + nav.By
		}
		p.setCursor(to)
		return nil
	}
	switch {
	case key.Matches(msg, k.GroupsPane.Order):
		p.byMean = !p.byMean
		return common.StatusCmd(common.Info("groups " + p.orderName()))
	case key.Matches(msg, k.GroupsPane.Close):
		return p.c.Ask(dsdata.ShowViewMsg{View: dsdata.ViewTree})
	case key.Matches(msg, k.Cases):
		return p.c.Ask(dsdata.ShowViewMsg{View: dsdata.ViewCases})
	case key.Matches(msg, k.HeatMap):
		return p.c.Ask(dsdata.ShowViewMsg{View: dsdata.ViewHeat})
	}
	return nil
}

// orderName says the order in force.
func (p *Pane) orderName() string {
	if p.byMean {
		return "lowest mean first"
	}
	return "as met in the dataset"
}

// The columns' widths, but for the group's, which takes what they leave.
const (
	casesW  = 7
	meanW   = 7
	medianW = 7
	passW   = 6
	deltaW  = 8
)

// View renders the title, the column heads and the groups in the window.
func (p *Pane) View() string {
	s := p.c.Styles
	p.setCursor(p.cursor)
	gw := max(8, p.width-(casesW+meanW+medianW+passW+deltaW+5))
	lines := []string{common.Fit(p.title(), p.width)}
	head := []string{common.Pad("group", gw), common.PadLeft("cases", casesW), common.PadLeft("mean", meanW),
		common.PadLeft("median", medianW), common.PadLeft("pass", passW), common.PadLeft("vs all", deltaW)}
	lines = append(lines, s.Muted.Render(common.Fit(strings.Join(head, " "), p.width)))
	order := p.order()
	for r := p.offset; r < min(len(order), p.offset+p.page()); r++ {
		lines = append(lines, p.row(&p.ds.Groups[order[r]], gw, r == p.cursor))
	}
	if len(order) == 0 {
		lines = append(lines, common.Fit(s.Faint.Render("no groups: open the dataset with --group-by PATH"), p.width))
	}
	for len(lines) < p.height {
		lines = append(lines, strings.Repeat(" ", p.width))
	}
	return strings.Join(lines[:max(0, p.height)], "\n")
}

// title says what the pane lists and in which order.
func (p *Pane) title() string {
	s := p.c.Styles
	what := s.Title.Render("Groups")
	if p.groupBy != "" {
		what += " by " + s.Accent.Render(escape.Text(p.groupBy))
	}
	n := len(p.ds.Groups)
	what += fmt.Sprintf("  %s group%s", common.Thousands(n), common.Plural(n, "s")) + s.Muted.Render(" · "+p.orderName())
	hint := s.Faint.Render("o orders · c the cases · esc back")
	if common.VisibleWidth(what)+common.VisibleWidth(hint)+2 > p.width {
		return what
	}
	return common.Spread(what, hint, p.width)
}

// row renders group g in the columns, the group's value gw cells wide.
func (p *Pane) row(g *dataset.GroupFigures, gw int, selected bool) string {
	s := p.c.Styles
	var b strings.Builder
	if selected {
		b.WriteString(s.Selected.On())
	}
	name := "(none)"
	if g.HasGroup {
		name = escape.Text(g.Group)
	}
	s.Accent.Write(&b, common.Pad(report.Truncate(name, gw), gw))
	b.WriteByte(' ')
	b.WriteString(common.PadLeft(common.Thousands(g.Cases), casesW))
	for _, v := range []struct {
		v float64
		w int
	}{{g.Mean, meanW}, {g.Median, medianW}} {
		b.WriteByte(' ')
		if g.N == 0 {
			s.Faint.Write(&b, common.PadLeft("n/a", v.w))
		} else {
			s.Band(v.v).Write(&b, common.PadLeft(common.ScoreText(v.v, true), v.w))
		}
	}
	b.WriteByte(' ')
	if g.HasPass {
		b.WriteString(common.PadLeft(common.Percent(g.Pass), passW))
	} else {
		s.Faint.Write(&b, common.PadLeft("—", passW))
	}
	b.WriteByte(' ')
	if all, ok := p.ds.Total(); ok && g.N > 0 {
		common.WriteDelta(&b, s, g.Mean-all, deltaW)
	} else {
		s.Faint.Write(&b, common.PadLeft("—", deltaW))
	}
	line := common.Fit(b.String(), p.width)
	if selected {
		line += s.Selected.Off()
	}
	return line
}
