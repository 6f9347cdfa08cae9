// Package header is the head of a pair's page: the files, the metric and
// its options, the total with its changes, the nodes per status, the
// schema's verdict, the best run and the comparison, and the parse
// repairs and warnings, which `!` expands.
package header

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/pair/metricstate"
	"github.com/jsontui/jsontui/tui/pair/schemacheck"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/session"
)

// Header shows the files, the metric and its options, the total with its
// changes, the nodes per status, the schema's verdict, and the parse
// repairs and warnings, which `!` expands.
type Header struct {
	c    *common.Common
	sess *session.Session
	// Wsess holds the weights in force (sess, or the user's held apart).
	wsess    *session.Session
	files    ports.Files
	metric   *metricstate.State
	schema   *schemacheck.Check
	notes    []note
	more     int // warnings left out of notes (see scoring.Tree.OmittedWarnings)
	expanded bool
	width    int
	height   int // the screen's, which caps the expanded notes
	// best is the pair's best recorded run among those of config
	// bestCfg (the metric, options and rules in force when it was asked
	// for), when hasBest.
	best    ports.RunSummary
	hasBest bool
	bestCfg ports.RunConfig
	// Cmp is the run the tree is compared with, nil for none: a line of
	// its own says how the two differ.
	cmp *runspane.Comparison

	// Rules are the per-key rules in force, nil for none.
	rules *scoring.RuleSet
}

// Header keeps the pane contract.
var _ common.Pane = (*Header)(nil)

// bestOf says which runs the header's best is the best of.
const bestOf = "same metric, options & rules"

// note is a repair or a warning.
type note struct {
	repair bool
	text   string
}

// New returns the header of sess (wsess holding the weights in force),
// its files, the metric in force and the --schema check.
func New(c *common.Common, sess, wsess *session.Session, files ports.Files, metric *metricstate.State, schema *schemacheck.Check) *Header {
	h := &Header{c: c, sess: sess, wsess: wsess, files: files, metric: metric, schema: schema}
	h.setNotes()
	return h
}

// setNotes collects the repairs and warnings: the session's tree's, the
// Metric's, and the schema violations at paths the tree lacks.
func (h *Header) setNotes() {
	t := h.sess.Tree()
	h.notes = h.notes[:0]
	if r := t.Out().Repair(); r != "" {
		h.notes = append(h.notes, note{true, escape.Text(h.files.Output) + ": " + r})
	}
	ws := t.Warnings()
	h.more = t.OmittedWarnings()
	if res := h.metric.Res; res != nil {
		ws = append(slices.Clip(ws), res.Warnings...)
	}
	for _, w := range ws {
		msg := w.Message
		if !strings.Contains(msg, w.Path) {
			msg = w.Path + ": " + msg
		}
		h.notes = append(h.notes, note{false, msg})
	}
	for _, v := range h.schema.Unplaced() {
		h.notes = append(h.notes, note{false, fmt.Sprintf("schema %s: %s: %s (not a node of this tree)", h.schema.Name(), v.Path, v.Message)})
	}
}

// SetSize sets the header's width, and the screen's height its notes are
// capped by.
func (h *Header) SetSize(w, screen int) { h.width, h.height = w, screen }

// MaxNoteLines caps the expanded notes for a screen of height lines.
func MaxNoteLines(height int) int { return max(2, height/3) }

// Height returns the lines the header takes.
func (h *Header) Height() int {
	height := h.height
	n := 2
	if h.cmp != nil {
		n++
	}
	if !h.expanded || len(h.notes) == 0 {
		return n
	}
	return n + min(h.noteLines(), MaxNoteLines(height))
}

// noteLines is the number of lines of all the notes: one each, and one
// for the warnings left out.
func (h *Header) noteLines() int {
	if h.more > 0 {
		return len(h.notes) + 1
	}
	return len(h.notes)
}

// counts returns the repairs and the warnings.
func (h *Header) counts() (repairs, warnings int) {
	for _, n := range h.notes {
		if n.repair {
			repairs++
		} else {
			warnings++
		}
	}
	return repairs, warnings + h.more
}

// View renders the header.
func (h *Header) View() string {
	w := h.width
	base := h.scoreText()
	long, short := h.statusCounts()
	notes := h.notesText()
	line2 := base + "  " + long
	if ansi.StringWidth(line2)+ansi.StringWidth(notes)+2 > w {
		line2 = base + "  " + short
	}
	if h.metric.OneNumber {
		// The statuses are those of the values, not the metric's.
		line2 = base + "  " + h.c.Styles.Muted.Render("one number: no per-key breakdown")
	}
	if ansi.StringWidth(line2)+ansi.StringWidth(notes)+2 > w {
		line2 = base
	}
	line2 = common.Spread(line2, notes, w)
	out := common.Fit(h.filesLine(), w) + "\n" + common.Fit(line2, w)
	if h.cmp != nil {
		out += "\n" + h.compareLine()
	}
	if h.expanded && len(h.notes) > 0 {
		out += h.notesView()
	}
	return out
}

// filesLine is the header's first line: the files and the metric.
func (h *Header) filesLine() string {
	s := h.c.Styles
	files := escape.Text(h.files.Reference) + " ⟷ " + escape.Text(h.files.Output)
	if h.files.Weights != "" {
		files += " · weights " + escape.Text(h.files.Weights)
	} else {
		files += " · no weights file"
	}
	files += h.rulesText()
	right := "metric " + s.Accent.Render(h.metric.Name)
	if len(h.metric.Options) > 0 {
		right += " " + s.Muted.Render("["+strings.Join(h.metric.Options, " ")+"]")
	}
	if h.wsess.Dirty() || h.rules.Changed() {
		right = s.Changed.Render("● unsaved") + "  " + right
	}
	left := s.Title.Render("jsontui") + "  " + files
	return common.Spread(left, right, h.width)
}

// scoreText is the start of the second line: the score, its deltas and
// the best run's, as room allows.
func (h *Header) scoreText() string {
	s := h.c.Styles
	var b strings.Builder
	tot, has := h.metric.Total(h.sess.Tree())
	b.WriteString("score ")
	if has {
		b.WriteString(s.Band(tot).Render(common.Fixed5(tot)))
		if high, ok := h.metric.Approx(h.sess.Tree()); ok {
			b.WriteString(s.Warn.Render(" (approximate: at most " + common.Fixed5(high) + ")"))
		}
	} else {
		b.WriteString(s.Faint.Render("n/a"))
	}
	if open, save, ok := h.sess.Deltas(); ok && h.metric.Tuned() {
		if h.sess.Resumed() {
			fmt.Fprintf(&b, "  Δ since switch %s", deltaPaint(h, open))
		} else {
			fmt.Fprintf(&b, "  Δ opening %s  Δ save %s", deltaPaint(h, open), deltaPaint(h, save))
		}
	}
	if h.hasBest {
		// The best of the runs of the same metric and options: it says
		// so, and its id, as room allows; the id goes first.
		best := "  best " + s.Band(h.best.Score).Render(common.Fixed5(h.best.Score))
		for _, more := range []string{"(run " + runspane.ShortID(h.best.ID) + ", " + bestOf + ")", "(" + bestOf + ")", "(same config)"} {
			if with := best + " " + s.Muted.Render(more); ansi.StringWidth(b.String()+with) <= h.width {
				best = with
				break
			}
		}
		if ansi.StringWidth(b.String()+best) <= h.width {
			b.WriteString(best)
		}
	}
	return b.String()
}

// statusCounts counts the nodes of each status, in words (long) and in
// glyphs (short).
func (h *Header) statusCounts() (long, short string) {
	s := h.c.Styles
	counts := h.sess.Counts()
	var l, sh strings.Builder
	for _, st := range scoring.Statuses {
		n := counts[st]
		p := s.Status(st)
		if n == 0 {
			p = s.Faint
		}
		fmt.Fprintf(&l, "  %s %s %s", p.Render(s.Glyph(st)), common.Thousands(n), p.Render(st.String()))
		fmt.Fprintf(&sh, " %s%s", p.Render(s.Glyph(st)), common.Thousands(n))
	}
	return l.String(), sh.String()
}

// notesText is the end of the second line: the schema's verdict, and
// how many repairs and warnings there are, with the marker that opens
// them.
func (h *Header) notesText() string {
	s := h.c.Styles
	notes := h.schema.Verdict(h.c.Styles)
	r, wn := h.counts()
	if r+wn == 0 {
		return notes
	}
	var parts []string
	if r > 0 {
		parts = append(parts, fmt.Sprintf("%d repair%s", r, common.Plural(r, "s")))
	}
	if wn > 0 {
		parts = append(parts, fmt.Sprintf("%d warning%s", wn, common.Plural(wn, "s")))
	}
	marker := "▸ !"
	if h.expanded {
		marker = "▾ !"
	}
	if notes != "" {
		notes += s.Faint.Render(" · ")
	}
	return notes + s.Warn.Render(strings.Join(parts, " · ")) + " " + s.Faint.Render(marker)
}

// notesView lists the repairs and warnings, opened, as many as the
// screen's height leaves room for.
func (h *Header) notesView() string {
	s, w := h.c.Styles, h.width
	var out string
	limit := MaxNoteLines(h.height)
	for i, n := range h.notes {
		if i == limit-1 && h.noteLines() > limit {
			out += "\n" + common.Fit(s.Faint.Render(fmt.Sprintf("  … and %s more", common.Thousands(len(h.notes)-i+h.more))), w)
			break
		}
		kind := s.Warn.Render("  warning ")
		if n.repair {
			kind = s.Warn.Render("  repair  ")
		}
		out += "\n" + common.Fit(kind+n.text, w)
	}
	if h.more > 0 && h.noteLines() <= limit {
		out += "\n" + common.Fit(s.Faint.Render("  "+report.MoreWarningsText(h.more)), w)
	}
	return out
}

// compareLine says which run the tree is compared with and how many
// paths differ, naming the run A and now B as `history diff A B` and a
// dataset's compare view do (the older A; every Δ is B − A): "A run
// 1hthq03k7m “beer counts” 2025-03-01 09:51 · B now · 3 paths differ ·
// A 0.97266 → B 0.87601, B − A −0.09665".
func (h *Header) compareLine() string {
	s := h.c.Styles
	c := h.cmp
	c.Count()
	counts := " · " + DifferText(c.Differ)
	if c.OnlyHere > 0 {
		counts += " · " + common.Thousands(c.OnlyHere) + " not in the run"
	}
	if c.OnlyRun > 0 {
		counts += " · " + common.Thousands(c.OnlyRun) + " only in the run"
	}
	name := s.Accent.Render("A " + runspane.RunName(c.Run))
	when := " " + s.Muted.Render(c.Run.Time.Format("2006-01-02 15:04"))
	now := s.Accent.Render(" · B now")
	end := s.Faint.Render("esc ends")
	fits := func(line string) bool { return ansi.StringWidth(line)+ansi.StringWidth(end)+2 <= h.width }
	other := ""
	if c.Run.Metric != "" && c.Run.Metric != h.metric.Name {
		other = s.Warn.Render(" · run by " + c.Run.Metric)
	}
	figs := ""
	if tot, has := h.metric.Total(h.sess.Tree()); has && c.Run.HasScore {
		figs = fmt.Sprintf(" · A %s → B %s, B − A %s", common.Fixed5(c.Run.Score), common.Fixed5(tot), deltaPaint(h, tot-c.Run.Score))
	}
	// The counts first, then the scores, the other metric and the run's
	// time, as they fit.
	line := name + now + counts
	for _, l := range []string{name + when + now + counts + other + figs, name + now + counts + other + figs,
		name + now + counts + figs, name + when + now + counts + other, name + now + counts + other} {
		if fits(l) {
			line = l
			break
		}
	}
	return common.Spread(line, end, h.width)
}

func deltaPaint(h *Header, v float64) string { return common.PaintDelta(h.c.Styles, v) }

// rulesText names the rules in force for the files line: " · rules
// Rules.json", with a * when they changed since read or saved; "" for
// none.
func (h *Header) rulesText() string { return RulesFileText(h.rules, h.files.Rules) }

// RulesFileText names the rules in force, read from the file named file
// ("" for none), for a header's files line: " · rules rules.json", with
// a * when they changed since read or saved, "(not saved)" for rules set
// in the explorer; "" for none.
func RulesFileText(rules *scoring.RuleSet, file string) string {
	if rules == nil || file == "" && rules.Len() == 0 {
		return ""
	}
	name := escape.Text(file)
	if name == "" {
		name = "(not saved)"
	}
	if rules.Changed() && file != "" {
		name += "*"
	}
	return " · rules " + name
}

// DifferText says how many paths differ: "3 paths differ".
func DifferText(n int) string {
	if n == 1 {
		return "1 path differs"
	}
	return common.Thousands(n) + " paths differ"
}

// The messages the page sends the header: what changed that it shows, in
// place of setting its fields.

// BestRunMsg gives the header the pair's best run, among the runs of
// config cfg.
type BestRunMsg struct {
	Best ports.RunSummary
	OK   bool
	Cfg  ports.RunConfig
}

// ComparisonMsg gives the panes the run compared with, nil for none.
type ComparisonMsg struct{ Cmp *runspane.Comparison }

// FilesMsg gives the header the files and the rules in force after a
// save.
type FilesMsg struct {
	Files ports.Files
	Rules *scoring.RuleSet
}

// NotesChangedMsg says the header's notes and the detail pane's lines
// are to be made again (the schema's verdict came, the rules' place in
// their file changed).
type NotesChangedMsg struct{}

// ToggleNotesMsg expands or folds the header's notes (a click on them).
type ToggleNotesMsg struct{}

// Update takes what the header shows: the best run, the comparison, the
// files, the notes; `!` expands the notes.
func (h *Header) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case BestRunMsg:
		h.best, h.hasBest, h.bestCfg = msg.Best, msg.OK, msg.Cfg
	case ComparisonMsg:
		h.cmp = msg.Cmp
	case FilesMsg:
		h.files, h.rules = msg.Files, msg.Rules
		h.setNotes()
	case NotesChangedMsg:
		h.setNotes()
	case ToggleNotesMsg:
		if len(h.notes) > 0 {
			h.expanded = !h.expanded
		}
	case tea.KeyPressMsg:
		if key.Matches(msg, h.c.Keys.Warnings) {
			if len(h.notes) == 0 {
				return common.StatusCmd(common.Info("no repairs and no warnings"))
			}
			h.expanded = !h.expanded
		}
	}
	return nil
}

// ShortHelp returns the key that expands the notes.
func (h *Header) ShortHelp() []key.Binding { return []key.Binding{h.c.Keys.Warnings} }

// FullHelp returns the header's keys.
func (h *Header) FullHelp() [][]key.Binding { return [][]key.Binding{h.ShortHelp()} }

// Best returns the pair's best recorded run, the config (metric, options
// and rules) it is the best of, and whether there is one.
func (h *Header) Best() (ports.RunSummary, ports.RunConfig, bool) {
	return h.best, h.bestCfg, h.hasBest
}

// Comparison returns the run the tree is compared with, nil for none.
func (h *Header) Comparison() *runspane.Comparison { return h.cmp }

// HasNotes reports whether there are repairs or warnings to expand.
func (h *Header) HasNotes() bool { return len(h.notes) > 0 }
