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
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/tui/choosers"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/outline"
	"github.com/jsontui/jsontui/tui/pair/metricstate"
	"github.com/jsontui/jsontui/tui/pair/schemacheck"
	"github.com/jsontui/jsontui/tui/session"
	"github.com/jsontui/jsontui/tui/widgets"
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

// valueLines writes the node's reference and output values side by side
// in w cells.
func (d *Pane) valueLines(id scoring.NodeID, w int) []string {
	t := d.sess.Tree()
	s := d.c.Styles
	half := max(1, (w-3)/2)
	// A value takes up to a quarter of the pane (8 lines at least), a
	// container's wrapped preview half (16 at least): the pane scrolls,
	// and the calculation below stays near.
	maxLines := max(8, d.rows()/4)
	if t.Kind(id).IsContainer() {
		maxLines = max(16, d.rows()/2)
	}
	rl := widgets.ValueLines(t.Ref(), t.RefValue(id), half, maxLines)
	ol := widgets.ValueLines(t.Out(), t.OutValue(id), half, maxLines)
	out := []string{s.Muted.Render(common.Pad("reference", half) + " │ " + "output")}
	for i := 0; i < max(len(rl), len(ol)); i++ {
		var l, r string
		if i < len(rl) {
			l = rl[i]
		}
		if i < len(ol) {
			r = ol[i]
		}
		out = append(out, common.Pad(l, half)+s.Faint.Render(" │ ")+r)
	}
	return out
}

// valuesText names a status as the values-only tree means it.
func valuesText(st scoring.Status) string {
	switch st {
	case scoring.Match:
		return "equal values"
	case scoring.Missing:
		return "only the reference has a value here"
	case scoring.Extra:
		return "only the output has a value here"
	case scoring.Ignored:
		return "nothing to compare"
	}
	return "the values differ"
}

// weightLines says what the node weighs, what part of the total it stands
// for, and where its weight lives in the weights file.
func (d *Pane) weightLines(id scoring.NodeID) []string {
	t := d.sess.Tree()
	s := d.c.Styles
	var out []string
	share, loss := t.Share(id), t.Loss(id)
	figures := fmt.Sprintf("share %s · loss %s", common.Figure5(share), common.Figure5(loss))
	slot, err := d.sess.WeightSlot(id)
	switch {
	case id == 0:
		out = append(out, "the root has no weight: its score is the total",
			fmt.Sprintf("%s = 1 − total", figures))
		return out
	case d.metric.Fixed && t.Status(id) != scoring.Extra:
		return append(out, d.fixedWeightLine(id), fmt.Sprintf("%s · w/Σw %s", figures, common.Trim5(t.Fraction(id))))
	case err != nil && t.IsElement(id):
		_, n := t.Children(t.Parent(id))
		out = append(out, fmt.Sprintf("weight 1: array elements weigh alike (1/%s each)", common.Thousands(n)), figures)
		return out
	case err != nil:
		return append(out, "no weight: it takes no part (share 0, loss 0)")
	}
	sl := t.SlotAt(slot)
	wl := "weight " + s.Accent.Render(common.WeightText(sl.Weight))
	if d.sess.Changed(slot) {
		wl = "weight " + s.Changed.Render(common.WeightText(sl.Weight)+" (changed)")
	}
	wl += " · file " + common.WeightText(sl.FileWeight)
	if d.sess.Changed(slot) {
		wl += " · at opening " + common.WeightText(d.sess.OpenWeight(slot))
	}
	out = append(out, wl)
	out = append(out, fmt.Sprintf("%s · w/Σw %s", figures, common.Trim5(t.Fraction(id))))
	out = append(out, d.entryLine(slot))
	if n := t.SlotNodeCount(slot); n > 1 {
		out = append(out, fmt.Sprintf("one weight for %s nodes: %s", common.Thousands(n), t.SchemaPath(slot)))
	}
	return out
}

// fixedWeightLine says where the weight of node id comes from under a
// Metric whose weights are its own.
func (d *Pane) fixedWeightLine(id scoring.NodeID) string {
	t := d.sess.Tree()
	s := d.c.Styles
	wt := s.Accent.Render(common.Trim5(t.Weight(id)))
	name := d.metric.Name
	switch o := t.Options(); {
	case o.LeafWeights:
		n, _, ok := t.Leaves(id)
		np, _, okp := t.Leaves(t.Parent(id))
		if ok && okp {
			return fmt.Sprintf("weight %s: %d of its parent's %d leaves (%s's own, not the weights file's)", wt, n, np, name)
		}
		return fmt.Sprintf("weight %s: its share of its parent's reference leaves (%s's own, not the weights file's)", wt, name)
	case o.Whole != nil:
		return fmt.Sprintf("weight %s: every field counts alike (%s's own, not the weights file's)", wt, name)
	}
	return fmt.Sprintf("weight %s (%s's own, not the weights file's)", wt, name)
}

// entryLine locates the weight of slot in the weights file.
func (d *Pane) entryLine(slot int) string {
	t := d.sess.Tree()
	s := d.c.Styles
	sl := t.SlotAt(slot)
	w := d.sess.Weights()
	switch {
	case w == nil:
		return s.Muted.Render("no weights file: every weight is 1; ctrl+s writes one")
	case sl.Entry == jsondoc.None:
		return s.Muted.Render(fmt.Sprintf("no entry in %s: weighs 1 by default", w.Name()))
	}
	doc := w.Doc()
	line, col := doc.Position(sl.Entry)
	where := fmt.Sprintf("%s:%d:%d", w.Name(), line, col)
	return fmt.Sprintf("entry %s at %s", s.Accent.Render(w.EntryPath(sl.Entry)), where)
}

// ruleLine says, for the detail pane, how node id is compared: its rule
// and where it comes from, or the metric's own comparison; "" for a
// container, a node only the output has, or a metric without rules, and
// with brief for a node with no rule of its own.
func (d *Pane) ruleLine(id scoring.NodeID, takesRules, brief bool) string {
	t := d.sess.Tree()
	if d.metric.OneNumber || t.Kind(id).IsContainer() || t.RefValue(id) == jsondoc.None {
		return ""
	}
	s := d.c.Styles
	in := t.RuleOf(id)
	if brief && in.Rule.Kind == scoring.RuleNone {
		return ""
	}
	k := t.Ref().Kind(t.RefValue(id))
	def, fromOptions := choosers.DefaultRule(k, d.metric.Opts)
	switch {
	case !takesRules:
		return ""
	case in.Rule.Kind == scoring.RuleNone && fromOptions:
		return "rule " + s.Accent.Render(def) + s.Muted.Render(" · metric options (C sets one for this key)")
	case in.Rule.Kind == scoring.RuleNone:
		return "rule " + s.Accent.Render(def) + s.Muted.Render(" · default (C sets one for this key)")
	case !in.Applies && !in.Rule.Compares(k):
		return "rule " + s.Accent.Render(in.Rule.String()) + s.Muted.Render(fmt.Sprintf(" · %s, for other kinds: %s here", in.Source(), def))
	case in.Line == 0:
		return "rule " + s.Changed.Render(in.Rule.String()) + s.Muted.Render(" · set here, not saved (ctrl+s)")
	}
	return "rule " + s.Accent.Render(in.Rule.String()) + s.Muted.Render(" · "+in.Source())
}

// pairingLines is the detail pane's section on how an array's elements
// pair: the pairing in force, and, when another scores noticeably
// better, the array's score under each (scoring's PairingHint).
func (d *Pane) pairingLines(id scoring.NodeID) []string {
	t := d.sess.Tree()
	s := d.c.Styles
	// Only the trees of a metric that pairs by --lists (jsondiff) look
	// for hints; an array compared with no array has no pairing.
	if d.metric.OneNumber || !t.Options().PairingHints || t.Status(id) == scoring.Missing || t.Status(id) == scoring.Type {
		return nil
	}
	if _, ok := t.PairingPlace(id); !ok {
		return nil
	}
	cur := t.PairingOf(id)
	h, ok := t.PairingHint(id)
	if !ok {
		// The header names the option that set it, if any.
		return []string{s.Muted.Render("paired by " + cur.String() + " (p cycles)")}
	}
	out := []string{s.Warn.Render("pairs better otherwise") + s.Muted.Render(" (p cycles)")}
	rows := append([]scoring.PairingScore{{Lists: h.Current, Score: h.Score}}, h.Others...)
	wide := 0
	for _, r := range rows {
		wide = max(wide, len(r.Lists.String()))
	}
	for i, r := range rows {
		line := "  " + common.Pad(r.Lists.String(), wide) + " " + s.Band(r.Score).Render(common.ScoreText5(r.Score, true))
		switch {
		case i == 0:
			line += s.Muted.Render("  in force")
		case i-1 == h.Better:
			line += s.Accent.Render("  suggested")
		}
		out = append(out, line)
	}
	out = append(out, fmt.Sprintf("total %s with %s", common.Signed(h.Gain), h.Suggested().Lists))
	if now, has := t.Score(id); has && now != h.Score {
		out = append(out, s.Muted.Render("(scored under the weights at scoring; p rescores)"))
	}
	if h.Partial {
		out = append(out, s.Muted.Render("(some pairings not tried: past the work limit)"))
	}
	return append(out, "")
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
