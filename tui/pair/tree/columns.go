package tree

import (
	"strings"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/themes"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/outline"
)

// columns are the widths of the tree pane's columns; 0 hides one.
type columns struct {
	label, ref, out        int
	weight, f, score, loss int
	// run and delta are a compared run's score and the change since.
	run, delta int
	total      int
}

// Widths of the figure columns.
const (
	weightCol = 6
	factorCol = 7
	scoreCol  = 7
	lossCol   = 7
	deltaCol  = 8
)

// Layout limits of the text columns.
const (
	// minText is the least the key and value columns take together
	// before the figures give way, f first, then weight, then loss.
	minText = 34
	// minKey is the least the key column takes when its rows need more.
	minKey = 10
	// valueCap is the widest value that asks to show whole when the
	// screen is shared out (folding the detail pane, dropping f); a wider
	// one — prose, a long id — is cut in any case, around its first
	// difference from the other side, and asks for valueMin cells only.
	valueCap = 32
	valueMin = 16
	// measureCap caps how far a value is measured.
	measureCap = 200
)

// rowNeeds is what the rows on screen ask of the columns: the widest key
// cell (guides, marker, glyph, label and count) and the widest reference
// and output values, in cells; askRef and askOut are what the values ask
// for when the screen is shared out (ask).
type rowNeeds struct {
	key, ref, out  int
	askRef, askOut int
}

// ask returns what a value w cells wide asks for when the screen is
// shared out: w up to valueCap, valueMin past it.
func ask(w int) int {
	if w <= valueCap {
		return w
	}
	return valueMin
}

// layoutColumns shares w cells out among the columns for rows that need
// nd. The figures keep their width while the text columns keep minText;
// below that they give way, f first, then weight, then loss (never loss
// before weight). f also gives way when a value would get less than it
// asks for (ask). Of the
// text columns, each value column first gets its share (what it needs, up
// to a quarter), the key column what it needs of the rest, the values
// what more they need; what is left then is shared alike. Comparing
// with a run adds the run's score and the change since, in place of f.
// With values set (a metric that is one number) there are no figures: the
// text columns take the whole width.
func layoutColumns(w int, compare, values bool, nd rowNeeds) columns {
	c := columns{weight: weightCol, f: factorCol, score: scoreCol, loss: lossCol, total: w}
	if values {
		c.weight, c.f, c.score, c.loss = 0, 0, 0, 0
		compare = false
	}
	if compare {
		c.run, c.delta, c.f = scoreCol, deltaCol, 0
	}
	for _, drop := range []*int{&c.f, &c.weight, &c.loss, &c.run} {
		if w-c.fixed()-2 >= minText {
			break
		}
		*drop = 0
	}
	c.share(w-c.fixed()-2, nd)
	if c.f > 0 && (c.ref < nd.askRef || c.out < nd.askOut) {
		c.f = 0
		c.share(w-c.fixed()-2, nd)
	}
	return c
}

// fixed returns the cells the figure columns take, a space before each.
func (c columns) fixed() int {
	n := 0
	for _, x := range []int{c.weight, c.f, c.score, c.run, c.delta, c.loss} {
		if x > 0 {
			n += x + 1
		}
	}
	return n
}

// share sets the key and value columns from the text width.
func (c *columns) share(text int, nd rowNeeds) {
	text = max(0, text)
	quarter := text / 4
	key := min(nd.key, text-min(nd.ref, quarter)-min(nd.out, quarter))
	key = max(key, min(nd.key, minKey, text))
	rest := text - key
	ref, out := rest/2, rest-rest/2
	switch {
	case nd.ref+nd.out <= rest:
		// Everything fits: the three share what is left alike.
		slack := text - max(key, nd.key) - nd.ref - nd.out
		ref, out = nd.ref+slack/3, nd.out+slack/3
		key = text - ref - out
	case nd.ref <= rest/2:
		ref, out = nd.ref, rest-nd.ref
	case nd.out <= rest/2:
		ref, out = rest-nd.out, nd.out
	}
	c.label, c.ref, c.out = key, ref, out
}

// width returns the tree width at which every value gets what it asks
// for, all figures showing.
func (nd rowNeeds) width(compare, values bool) int {
	c := columns{weight: weightCol, f: factorCol, score: scoreCol, loss: lossCol}
	switch {
	case values:
		c = columns{}
	case compare:
		c.run, c.delta, c.f = scoreCol, deltaCol, 0
	}
	return max(nd.key, minKey) + nd.askRef + nd.askOut + 2 + c.fixed()
}

// measure returns what the rows need.
func (rp *rowPainter) measure(rows []outline.Row) rowNeeds {
	var nd rowNeeds
	t := rp.t
	for _, r := range rows {
		id := r.ID
		k := 2*int(r.Depth) + 4 + report.Width(escape.Text(t.Label(id)))
		if _, n := t.Children(id); n > 0 {
			k += len(common.Thousands(n)) + 3
		}
		nd.key = max(nd.key, min(k, measureCap))
		r, o := valueWidth(t.Ref(), t.RefValue(id)), valueWidth(t.Out(), t.OutValue(id))
		nd.ref, nd.out = max(nd.ref, r), max(nd.out, o)
		nd.askRef, nd.askOut = max(nd.askRef, ask(r)), max(nd.askOut, ask(o))
	}
	return nd
}

// valueWidth returns the cells a value cell shows in full, up to
// measureCap.
func valueWidth(d *jsondoc.Doc, v jsondoc.ID) int {
	switch {
	case v == jsondoc.None:
		return 1
	case d.Kind(v).IsContainer():
		return 3
	}
	return min(report.Width(clip(d.Raw(v), measureCap)), measureCap)
}

// header renders the column heads.
func (c columns) header(s *themes.Styles) string {
	var b strings.Builder
	b.WriteString(common.Pad("key", c.label))
	b.WriteByte(' ')
	b.WriteString(common.Pad(headName("reference", "ref", c.ref), c.ref))
	b.WriteByte(' ')
	b.WriteString(common.Pad(headName("output", "out", c.out), c.out))
	for _, f := range c.figures() {
		b.WriteByte(' ')
		b.WriteString(common.PadLeft(f.name, f.width))
	}
	return s.Muted.Render(common.Pad(b.String(), c.total))
}

// headName returns a column's name, or its short form when the name does
// not fit in w cells.
func headName(name, short string, w int) string {
	if len(name) <= w {
		return name
	}
	return short
}

type figureCol struct {
	name  string
	width int
}

func (c columns) figures() []figureCol {
	var out []figureCol
	for _, f := range []figureCol{{"weight", c.weight}, {"f", c.f}, {"score", c.score}, {"run", c.run}, {"Δ", c.delta}, {"loss", c.loss}} {
		if f.width > 0 {
			out = append(out, f)
		}
	}
	return out
}
