package runspane

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
)

// maxListed caps the paths the diff lists under "only now" and "only in
// the run": a run of another document shares few paths with this one.
const maxListed = 200

// diffView shows what changed from a recorded run to the current state:
// the totals, the paths whose score changed (the largest change first),
// the paths one side lacks, and the weights that changed. Its lines are
// built when its width changes; it scrolls.
type diffView struct {
	c      *common.Common
	D      *RunDiff
	text   []string // the diff as text, when d is nil, under title
	title  string
	lines  []string
	offset int
	width  int
	height int
}

func newDiffView(c *common.Common, d *RunDiff) *diffView { return &diffView{c: c, D: d} }

// newTextDiffView returns a view of a diff written as text (a dataset's
// Comparison with a run, as `history diff` prints it).
func newTextDiffView(c *common.Common, title string, lines []string) *diffView {
	return &diffView{c: c, text: lines, title: title}
}

// setSize sets the view's size and builds its lines for the width.
func (v *diffView) setSize(w, h int) {
	if w != v.width || v.lines == nil {
		v.width = w
		v.lines = v.build()
	}
	v.height = h
	v.scrollBy(0)
}

// page returns how many lines show under the title.
func (v *diffView) page() int { return max(1, v.height-1) }

func (v *diffView) scrollBy(n int) {
	v.offset = max(0, min(v.offset+n, len(v.lines)-v.page()))
}

// move runs a moving key.
func (v *diffView) move(msg tea.KeyPressMsg) {
	k := v.c.Keys
	switch {
	case key.Matches(msg, k.Down):
		v.scrollBy(1)
	case key.Matches(msg, k.Up):
		v.scrollBy(-1)
	case key.Matches(msg, k.Top):
		v.offset = 0
	case key.Matches(msg, k.Bottom):
		v.scrollBy(len(v.lines))
	case key.Matches(msg, k.PageDown, k.HalfDown):
		v.scrollBy(v.page() / 2)
	case key.Matches(msg, k.PageUp, k.HalfUp):
		v.scrollBy(-v.page() / 2)
	}
}

// build writes the diff's lines.
func (v *diffView) build() []string {
	if v.D == nil {
		var out []string
		for _, l := range v.text {
			out = append(out, common.WrapIndent(l, max(20, v.width))...)
		}
		return out
	}
	s := v.c.Styles
	d := v.D
	w := v.width
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	total := "total  " + common.ScoreText(d.runTotal, d.runHas) + " → " + common.ScoreText(d.nowTotal, d.nowHas)
	if d.runHas && d.nowHas {
		total += "  " + v.delta(d.nowTotal-d.runTotal)
	}
	add("%s", total)
	if r := d.run.Metric; r != "" && d.nowMetric != "" && r != d.nowMetric {
		add("%s", s.Warn.Render(fmt.Sprintf("the run was scored by %s, now by %s: the scores are those of two metrics", r, d.nowMetric)))
	}
	add("")
	pathW := 12
	for _, c := range d.Changed {
		pathW = max(pathW, common.VisibleWidth(c.Path))
	}
	pathW = min(pathW, max(12, w-2-3*9))
	switch {
	case d.NoScores:
		add("%s", s.Title.Render("No per-path scores: "+d.nowMetric+" is one number"))
	case len(d.Changed) == 0:
		add("%s", s.Title.Render("No path's score changed"))
	default:
		add("%s", s.Title.Render(fmt.Sprintf("Scores that changed: %s, the largest change first", common.Thousands(len(d.Changed)))))
		add("%s", s.Muted.Render("  "+common.Pad("path", pathW)+common.PadLeft("run", 9)+common.PadLeft("now", 9)+common.PadLeft("Δ", 9)))
		for _, c := range d.Changed {
			delta := s.Faint.Render(common.PadLeft("n/a", 9))
			if dv, ok := c.delta(); ok {
				delta = strings.Repeat(" ", 9-common.VisibleWidth(common.Signed(dv))) + v.delta(dv)
			}
			add("  %s%s%s%s", common.Pad(c.Path, pathW), common.PadLeft(common.ScoreText(c.run, c.hasRun), 9), common.PadLeft(common.ScoreText(c.now, c.hasNow), 9), delta)
		}
	}
	for _, part := range []struct {
		title string
		paths []string
	}{{"Only now (paths the run does not have)", d.onlyNow}, {"Only in the run (paths the tree does not have)", d.onlyRun}} {
		if len(part.paths) == 0 {
			continue
		}
		add("")
		add("%s", s.Title.Render(fmt.Sprintf("%s: %s", part.title, common.Thousands(len(part.paths)))))
		for i, p := range part.paths {
			if i == maxListed {
				add("%s", s.Faint.Render(fmt.Sprintf("  … %s more", common.Thousands(len(part.paths)-i))))
				break
			}
			add("  %s", p)
		}
	}
	return append(out, v.weightLines()...)
}

// weightLines writes the diff's weights: those that changed, and the
// entries of the run's weights that apply to nothing here.
func (v *diffView) weightLines() []string {
	s, d, w := v.c.Styles, v.D, v.width
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	add("")
	switch {
	case d.weightsErr != "":
		add("%s", s.Title.Render("Weights"))
		add("  %s", s.Bad.Render(d.weightsErr))
	case len(d.Weights) == 0:
		add("%s", s.Title.Render("No weight changed"))
	default:
		add("%s", s.Title.Render(fmt.Sprintf("Weights that changed: %d (run → now)", len(d.Weights))))
		keyW := 12
		for _, c := range d.Weights {
			keyW = max(keyW, common.VisibleWidth(c.Path))
		}
		keyW = min(keyW, max(12, w-24))
		for _, c := range d.Weights {
			add("  %s %s → %s", common.Pad(c.Path, keyW), common.PadLeft(common.WeightText(c.Run), 6), s.Changed.Render(common.WeightText(c.Now)))
		}
	}
	if ig := d.ignored; ig.N > 0 {
		add("")
		add("%s", s.Title.Render(fmt.Sprintf("Entries of the run's weights that apply to nothing here: %s", common.Thousands(ig.N))))
		for _, wn := range ig.First {
			out = append(out, common.WrapIndent("  "+wn.Message, w)...)
		}
		if more := ig.N - len(ig.First); more > 0 {
			add("  %s", s.Faint.Render(fmt.Sprintf("… and %s more", common.Thousands(more))))
		}
	}
	return out
}

// delta paints a change of a score.
func (v *diffView) delta(x float64) string { return common.PaintDelta(v.c.Styles, x) }

// View renders the title and the visible lines.
func (v *diffView) View() string {
	s := v.c.Styles
	title := s.Title.Render("Diff") + "  " + v.title
	if v.D != nil {
		title = s.Title.Render("Diff") + "  " + RunName(v.D.run) + " → now"
	}
	where := ""
	if len(v.lines) > v.page() {
		where = fmt.Sprintf("lines %d–%d of %d", v.offset+1, min(len(v.lines), v.offset+v.page()), len(v.lines))
	}
	var b strings.Builder
	b.WriteString(common.Spread(title, s.Faint.Render(where), v.width))
	for i := 0; i < v.page(); i++ {
		b.WriteByte('\n')
		line := ""
		if v.offset+i < len(v.lines) {
			line = v.lines[v.offset+i]
		}
		b.WriteString(common.Fit(line, v.width))
	}
	return b.String()
}
