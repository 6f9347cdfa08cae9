package detail

import (
	"fmt"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/tui/choosers"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/widgets"
)

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
