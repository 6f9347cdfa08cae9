// Package detail is the pane of a pair's page that shows everything
// about the selected node: its path, both values, how its score is
// computed, its weight, share and loss, its rule and its pairing.
package detail

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/outline"
	"github.com/jsontui/jsontui/tui/pair/metricstate"
	"github.com/jsontui/jsontui/tui/pair/schemacheck"
	"github.com/jsontui/jsontui/tui/session"
)

// Pane shows everything about the selected node: its path, both
// values in full, how its score is computed, and its weight, share and
// loss with where the weight lives in the weights file. Its lines are
// built when the selection or the figures change, not every frame.
type Pane struct {
	c *common.Common
	// Metric is the metric in force; schema the --schema check.
	metric *metricstate.State
	schema *schemacheck.Check
	sess   *session.Session
	ol     *outline.Outline
	width  int
	height int
	// side is set when the pane stands beside the tree (a left rule),
	// clear when it stands below it (a top rule).
	side  bool
	key   detailKey
	lines []string
	// Id is the node shown (ShowMsg).
	id scoring.NodeID
	// off is the first line shown: the pane scrolls (J/K, the wheel)
	// when it holds more than fits; a new selection starts at the top.
	off int

	// takesRules is set when the metric in force compares by per-key
	// Rules: the pane names the rule of a leaf.
	takesRules bool
}

// Pane keeps the pane contract.
var _ common.Pane = (*Pane)(nil)

// ShowMsg tells the pane the node to show.
type ShowMsg struct{ ID scoring.NodeID }

// RebuildMsg tells the pane its lines are to be made again: the notes
// or the rules' place in their file changed.
type RebuildMsg struct{}

type detailKey struct {
	id      scoring.NodeID
	version int
	width   int
	height  int
	order   outline.Order
	styles  any
}

// New returns the pane over sess's tree shown as ol, the metric in force
// ms and the --schema check; takesRules is set when the metric compares
// by per-key rules.
func New(c *common.Common, sess *session.Session, ol *outline.Outline, ms *metricstate.State, schema *schemacheck.Check, takesRules bool) *Pane {
	return &Pane{c: c, sess: sess, ol: ol, metric: ms, schema: schema, key: detailKey{id: scoring.NoNode}, takesRules: takesRules}
}

// SetSize sets the pane's size, its rule included.
func (d *Pane) SetSize(w, h int) { d.width, d.height = w, h }

// SetSide places the pane beside the tree (a left rule) or below it.
func (d *Pane) SetSide(side bool) { d.side = side }

// Side reports whether the pane stands beside the tree.
func (d *Pane) Side() bool { return d.side }

// Width returns the pane's width, its rule included.
func (d *Pane) Width() int { return d.width }

// Offset returns the first line shown.
func (d *Pane) Offset() int { return d.off }

// MaxOffset returns the last line the pane may scroll to.
func (d *Pane) MaxOffset() int { return d.maxOff() }

// Rows returns the lines of text the pane shows at once.
func (d *Pane) Rows() int { return d.rows() }

// LineCount returns the lines the pane holds for the node shown, as of
// its last View.
func (d *Pane) LineCount() int { return len(d.lines) }

// inner returns the width available to the text.
func (d *Pane) inner() int {
	if d.side {
		return max(1, d.width-3)
	}
	return max(1, d.width)
}

// View renders the pane for the node shown.
func (d *Pane) View() string {
	id := d.id
	k := detailKey{id: id, version: d.sess.Version(), width: d.inner(), height: d.rows(), order: d.ol.Order(), styles: d.c.Styles}
	if k != d.key {
		if k.id != d.key.id {
			d.off = 0
		}
		d.key = k
		d.lines = d.build(id)
	}
	s := d.c.Styles
	var b strings.Builder
	if !d.side {
		b.WriteString(s.Faint.Render("── detail " + strings.Repeat("─", max(0, d.width-10))))
	}
	h := d.rows()
	if h <= 0 {
		return b.String()
	}
	lines := d.window(h)
	for i := 0; i < h; i++ {
		if i > 0 || !d.side {
			b.WriteByte('\n')
		}
		line := ""
		if i < len(lines) {
			line = lines[i]
		}
		if d.side {
			b.WriteString(s.Faint.Render(" │ "))
		}
		b.WriteString(common.Fit(line, d.inner()))
	}
	return b.String()
}

// rows returns the lines of text the pane shows at once.
func (d *Pane) rows() int {
	if d.side {
		return d.height
	}
	return d.height - 1 // below its rule
}

// maxOff returns the last line the pane may scroll to.
func (d *Pane) maxOff() int { return max(0, len(d.lines)-d.rows()) }

// scrollBy scrolls the pane by n lines and reports whether it moved.
func (d *Pane) scrollBy(n int) bool {
	off := max(0, min(d.off+n, d.maxOff()))
	moved := off != d.off
	d.off = off
	return moved
}

// window returns the h lines the pane shows from off: the first says how
// many lines are above when it has scrolled, the last how many are below
// when there are more.
func (d *Pane) window(h int) []string {
	s := d.c.Styles
	d.off = max(0, min(d.off, d.maxOff()))
	lines := d.lines[d.off:min(len(d.lines), d.off+h)]
	if len(d.lines) <= h {
		return lines
	}
	lines = slices.Clone(lines)
	k := d.c.Keys
	if d.off > 0 && h > 1 {
		lines[0] = s.Faint.Render(fmt.Sprintf("↑ %d more above", d.off+1))
	}
	if below := len(d.lines) - d.off - h; below > 0 {
		lines[h-1] = s.Faint.Render(fmt.Sprintf("↓ %d more below · %s/%s or the wheel scroll", below+1, k.DetailDown.Help().Key, k.DetailUp.Help().Key))
	}
	return lines
}

// build writes the pane's lines for node id.
func (d *Pane) build(id scoring.NodeID) []string {
	t := d.sess.Tree()
	s := d.c.Styles
	w := d.inner()
	var out []string
	add := func(lines ...string) {
		for _, l := range lines {
			out = append(out, common.WrapIndent(l, w)...)
		}
	}
	add(s.Title.Render(t.Path(id)))
	st := t.Status(id)
	score, has := t.Score(id)
	one := d.metric.OneNumber
	head := fmt.Sprintf("%s · %s %s", t.Kind(id), s.Status(st).Render(s.Glyph(st)), s.Status(st).Render(st.String()))
	switch {
	case one:
		g, p := metricstate.ValuesGlyph(s, st)
		head = fmt.Sprintf("%s · %s %s", t.Kind(id), p.Render(g), valuesText(st))
	case has:
		head += " · score " + s.Band(score).Render(common.ScoreText(score, true))
	default:
		head += " · no score"
	}
	add(head)
	// Below the tree lines are few: the rule shows there only when the
	// key has one of its own.
	if rl := d.ruleLine(id, d.takesRules, !d.side); rl != "" {
		add(rl)
	}
	add(d.pairingLines(id)...)
	var weights []string
	if one {
		weights = []string{s.Muted.Render(fmt.Sprintf("no score, weight or loss of its own: %s is one number (the panel above says how)", d.metric.Name))}
	} else {
		weights = d.weightLines(id)
	}
	var calc []string
	if !one {
		calc = d.calcLines(t, id, w)
	}
	schema := d.schema.DetailLines(d.c, id)
	values := d.valueLines(id, w)
	if d.side {
		add(weights...)
		add("")
		add(values...)
		if len(calc) > 0 {
			add("")
			add(calc...)
		}
		add(schema...)
		return out
	}
	// Below the tree there are few lines: what breaks the schema and how
	// the score is computed come first.
	if len(schema) > 0 {
		add(schema[1:]...)
	}
	add(calc...)
	add("")
	add(values...)
	add("")
	add(weights...)
	return out
}

// MinWidth is the narrowest the pane gets beside the tree,
// its rule included.
const MinWidth = 40

// Update takes the node to show, the figures' and notes' changes, and
// the keys and wheel that scroll the pane.
func (d *Pane) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case ShowMsg:
		d.id = msg.ID
	case RebuildMsg:
		d.key.id = scoring.NoNode // rebuild the pane's lines
	case common.PaneMouseMsg:
		if w, ok := msg.Msg.(tea.MouseWheelMsg); ok {
			step := common.WheelStep
			if w.Button == tea.MouseWheelUp {
				step = -step
			}
			d.scrollBy(step)
		}
	case tea.KeyPressMsg:
		k := d.c.Keys
		n := common.WheelStep
		switch {
		case key.Matches(msg, k.DetailDown):
		case key.Matches(msg, k.DetailUp):
			n = -n
		default:
			return nil
		}
		if !d.scrollBy(n) && d.maxOff() == 0 {
			return common.StatusCmd(common.Info("the detail pane shows all it holds"))
		}
	}
	return nil
}

// ShortHelp returns the pane's scrolling keys.
func (d *Pane) ShortHelp() []key.Binding {
	k := d.c.Keys
	return []key.Binding{k.DetailDown, k.DetailUp}
}

// FullHelp returns the pane's keys.
func (d *Pane) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }
