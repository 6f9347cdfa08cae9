package choosers

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/widgets"
)

// Chooser picks a metric from the list the caller offers (`m`), and sets
// the options of one: `o` on a metric lists the options it takes, with
// their values, which enter edits and space steps through. A changed
// option rescores at once, in the background, with that metric. It is a
// pane: the root opens it and tells it the metric in force by message
// (openChooserMsg, metricInForceMsg, chooserRefusedMsg), and it asks the
// root for a metric by message (metricChosenMsg; closePaneMsg to close).
type Chooser struct {
	c       *common.Common
	choices []ports.MetricChoice
	current string
	cursor  int
	// offset is the first metric the box shows: the list scrolls to keep
	// the cursor in view.
	offset int
	// options is set while the options of choices[cursor] show.
	options bool
	// User are the user's options as the form last set them (each metric
	// takes those it honours); row is the option under the cursor, rowOff
	// the first shown.
	user        scoring.MetricOptions
	row, rowOff int
	// editing is set while the value of the option under the cursor is
	// typed into input; err is why the last value was refused.
	editing bool
	input   widgets.LineInput
	err     string
	// rows is how many items the box showed last: the list's window.
	rows int
	// width and height are the area the box is drawn over.
	width, height int
}

// Chooser keeps the pane contract.
var _ common.Pane = (*Chooser)(nil)

// chooserAction is what a key in the chooser asks of the explorer.
type chooserAction struct {
	// Metric is the metric chosen (enter on the list) or whose option
	// changed (user set); "" for nothing to do.
	metric string
	user   *scoring.MetricOptions
	// Close ends the chooser.
	close bool
}

// OpenChooserMsg opens the chooser on choices, the cursor on the metric
// in force, current, whose options are the user's.
type OpenChooserMsg struct {
	Choices []ports.MetricChoice
	Current string
	User    scoring.MetricOptions
}

// MetricInForceMsg tells the chooser the metric in force and the user's
// options, once a rescore is in.
type MetricInForceMsg struct {
	Metric string
	User   scoring.MetricOptions
}

// ChooserRefusedMsg tells the chooser that the options last set did not
// score (why): they go back to the user's options in force.
type ChooserRefusedMsg struct {
	User scoring.MetricOptions
	Why  string
}

// MetricChosenMsg asks the root to score with metric: chosen on the list
// (user nil: the user's options in force), or whose options the form
// changed (user). close is set when the chooser closed.
type MetricChosenMsg struct {
	Metric string
	User   *scoring.MetricOptions
	Close  bool
}

// open shows the choices with the cursor on the metric in force, whose
// options are the user's.
func (ch *Chooser) open(choices []ports.MetricChoice, current string, user scoring.MetricOptions) {
	*ch = Chooser{c: ch.c, choices: choices, current: current, user: user, rows: ch.rows, width: ch.width, height: ch.height}
	for i, m := range choices {
		if m.Name == current {
			ch.cursor = i
		}
	}
}

// Update takes the root's messages and the chooser's keys; a key that
// asks for something returns the message that says what.
func (ch *Chooser) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case OpenChooserMsg:
		ch.open(msg.Choices, msg.Current, msg.User)
	case MetricInForceMsg:
		ch.current, ch.user = msg.Metric, msg.User
	case ChooserRefusedMsg:
		ch.refused(msg.User, msg.Why)
	case tea.KeyPressMsg:
		act := ch.handleKey(msg)
		switch {
		case act.metric != "":
			return ch.c.Ask(MetricChosenMsg{Metric: act.metric, User: act.user, Close: act.close})
		case act.close:
			return ch.c.Ask(common.ClosePaneMsg{})
		}
	}
	return nil
}

// SetSize sets the area the box is drawn over.
func (ch *Chooser) SetSize(w, h int) { ch.width, ch.height = w, h }

// ShortHelp returns the keys the chooser answers to where it is: the
// list, a metric's options, or a value being typed.
func (ch *Chooser) ShortHelp() []key.Binding {
	k := ch.c.Keys
	switch {
	case ch.editing:
		return []key.Binding{k.Accept, k.Cancel}
	case ch.options:
		return []key.Binding{k.Up, k.Down, k.Accept, k.Chooser.Next, k.Chooser.Prev, k.Cancel}
	}
	return []key.Binding{k.Up, k.Down, k.Top, k.Bottom, k.Accept, k.Chooser.Options, k.Cancel}
}

// FullHelp returns the chooser's keys: the list's, then the options'.
func (ch *Chooser) FullHelp() [][]key.Binding {
	k := ch.c.Keys
	return [][]key.Binding{
		{k.Up, k.Down, k.Top, k.Bottom, k.PageDown, k.PageUp, k.Accept, k.Chooser.Options, k.Cancel},
		{k.Chooser.Next, k.Chooser.Prev},
	}
}

// optionNames returns the options metric c takes, in canonical order.
func optionNames(c ports.MetricChoice) []string {
	var names []string
	for _, name := range scoring.OptionNames {
		if slices.Contains(c.Takes, name) {
			names = append(names, name)
		}
	}
	return names
}

// handleKey runs a key in the chooser.
func (ch *Chooser) handleKey(msg tea.KeyPressMsg) chooserAction {
	k := ch.c.Keys
	switch {
	case ch.editing:
		return ch.editKey(msg)
	case ch.options:
		return ch.optionsKey(msg)
	}
	switch {
	case key.Matches(msg, k.Cancel, k.Quit):
		return chooserAction{close: true}
	case key.Matches(msg, k.Up):
		ch.cursor = max(0, ch.cursor-1)
	case key.Matches(msg, k.Down):
		ch.cursor = min(len(ch.choices)-1, ch.cursor+1)
	case key.Matches(msg, k.Top):
		ch.cursor = 0
	case key.Matches(msg, k.Bottom):
		ch.cursor = len(ch.choices) - 1
	case key.Matches(msg, k.PageDown, k.HalfDown):
		ch.cursor = min(len(ch.choices)-1, ch.cursor+max(1, ch.rows-1))
	case key.Matches(msg, k.PageUp, k.HalfUp):
		ch.cursor = max(0, ch.cursor-max(1, ch.rows-1))
	case key.Matches(msg, k.Accept):
		return chooserAction{metric: ch.choices[ch.cursor].Name, close: true}
	case key.Matches(msg, k.Chooser.Options):
		ch.options, ch.row, ch.rowOff, ch.err = true, 0, 0, ""
	}
	return chooserAction{}
}

// optionsKey runs a key in the options of a metric.
func (ch *Chooser) optionsKey(msg tea.KeyPressMsg) chooserAction {
	k := ch.c.Keys
	names := optionNames(ch.choices[ch.cursor])
	switch {
	case key.Matches(msg, k.Cancel, k.Chooser.Options, k.Quit):
		ch.options, ch.err = false, ""
		return chooserAction{}
	case len(names) == 0:
		return chooserAction{}
	case key.Matches(msg, k.Up):
		ch.row = max(0, ch.row-1)
	case key.Matches(msg, k.Down):
		ch.row = min(len(names)-1, ch.row+1)
	case key.Matches(msg, k.Top):
		ch.row = 0
	case key.Matches(msg, k.Bottom):
		ch.row = len(names) - 1
	case key.Matches(msg, k.Accept):
		// A value at its default starts empty, the default shown faint.
		info, _ := scoring.LookupOption(names[ch.row])
		ch.editing, ch.err = true, ""
		ch.input = widgets.NewLineInput(500, info.Default)
		if v := ch.value(info.Name); v != info.Default {
			ch.input.SetValue(v)
		}
	case key.Matches(msg, k.Chooser.Next, k.Chooser.Prev):
		info, _ := scoring.LookupOption(names[ch.row])
		if len(info.Values) == 0 {
			ch.err = names[ch.row] + " takes " + info.Format + ": enter types it"
			return chooserAction{}
		}
		i := slices.Index(info.Values, ch.value(info.Name))
		if i < 0 { // a value off the list (key=FIELD, per path): typed only
			ch.err = ch.value(info.Name) + " is not one of " + strings.Join(info.Values, ", ") + ": enter types another"
			return chooserAction{}
		}
		step := 1
		if key.Matches(msg, k.Chooser.Prev) {
			step = len(info.Values) - 1
		}
		return ch.set(info.Name, info.Values[(i+step)%len(info.Values)])
	}
	return chooserAction{}
}

// editKey runs a key in the value being typed.
func (ch *Chooser) editKey(msg tea.KeyPressMsg) chooserAction {
	k := ch.c.Keys
	switch {
	case key.Matches(msg, k.Cancel):
		ch.editing, ch.err = false, ""
	case key.Matches(msg, k.Accept):
		names := optionNames(ch.choices[ch.cursor])
		act := ch.set(names[ch.row], ch.input.Value())
		if ch.err == "" {
			ch.editing = false
		}
		return act
	default:
		if ch.input.Update(msg) {
			ch.err = ""
		}
	}
	return chooserAction{}
}

// value is the value of option name for the metric under the cursor.
func (ch *Chooser) value(name string) string {
	opts, _ := OptionsFor(ch.choices[ch.cursor], ch.user)
	return opts.Value(name)
}

// set sets option name of the user's options to value, checked as its
// flag is: refused, err says why; taken, the metric under the cursor
// rescores with it.
func (ch *Chooser) set(name, value string) chooserAction {
	user := ch.user
	if err := user.SetValue(name, value); err != nil {
		ch.err = err.Error()
		return chooserAction{}
	}
	before := ch.value(name)
	ch.user, ch.err = user, ""
	if ch.value(name) == before {
		return chooserAction{} // nothing changed
	}
	return chooserAction{metric: ch.choices[ch.cursor].Name, user: &user}
}

// refused shows why the options last set did not score: they go back to
// the user's options in force.
func (ch *Chooser) refused(user scoring.MetricOptions, why string) {
	ch.user, ch.err = user, why
}

// View renders the box in at most the chooser's area: as wide as its
// lines need, as high as its items need, the list scrolled to keep the
// cursor in view.
func (ch *Chooser) View() string {
	s := ch.c.Styles
	width, height := ch.width, ch.height
	cw := max(10, width-4)    // the box's border and padding
	avail := max(1, height-4) // border, title and footer
	var p chooserPage
	if ch.options {
		p = ch.optionsView(cw, avail)
	} else {
		p = ch.listView(cw, avail)
	}
	w := common.VisibleWidth(p.title)
	if p.right != "" {
		w += 2 + common.VisibleWidth(p.right)
	}
	for _, l := range p.lines {
		w = max(w, common.VisibleWidth(l))
	}
	w = min(cw, max(w, common.VisibleWidth(p.foot)))
	var b strings.Builder
	b.WriteString(common.Spread(p.title, p.right, w))
	for _, l := range p.lines {
		b.WriteString("\n" + common.Fit(l, w))
	}
	b.WriteString("\n" + common.Fit(s.Faint.Render(p.foot), w))
	return s.Box.Render(b.String())
}

// chooserPage is what the box shows: a title, with a note on its right,
// lines, a footer of keys.
type chooserPage struct {
	title, right string
	lines        []string
	foot         string
}

// cut shortens a styled line to at most w cells.
func cut(line string, w int) string {
	if common.VisibleWidth(line) <= w {
		return line
	}
	return common.Fit(line, w)
}

// window returns the first item to show of n for the cursor at cur, from
// off, with room for rows.
func window(cur, off, n, rows int) int {
	if cur < off {
		off = cur
	}
	if cur >= off+rows {
		off = cur - rows + 1
	}
	return max(0, min(off, n-rows))
}

// listView renders the metrics, as many as fit in avail lines around the
// cursor.
func (ch *Chooser) listView(cw, avail int) chooserPage {
	s := ch.c.Styles
	rows := min(len(ch.choices), avail)
	ch.rows = rows
	ch.offset = window(ch.cursor, ch.offset, len(ch.choices), rows)
	p := chooserPage{title: s.Title.Render("Metric"), foot: "j/k move · enter choose · o its options · esc cancel"}
	if rows < len(ch.choices) {
		p.right = s.Faint.Render(fmt.Sprintf("%d–%d of %d", ch.offset+1, ch.offset+rows, len(ch.choices)))
	}
	nameW := 0
	for _, m := range ch.choices {
		nameW = max(nameW, len(m.Name)+len(" (in force)"))
	}
	nameW = min(nameW, max(8, cw/2))
	for i := ch.offset; i < ch.offset+rows; i++ {
		m := ch.choices[i]
		mark := "  "
		if i == ch.cursor {
			mark = s.Accent.Render("› ")
		}
		name := m.Name
		if m.Name == ch.current {
			name += " (in force)"
		}
		p.lines = append(p.lines, cut(mark+s.Accent.Render(common.Pad(name, nameW))+" "+s.Muted.Render(m.Description), cw))
	}
	return p
}

// optionsView renders the options of the metric under the cursor: each
// with its value and format, as many as fit in avail lines around the
// cursor; under them what the one under the cursor does and takes (or
// Why a value was refused); its value being typed when editing.
func (ch *Chooser) optionsView(cw, avail int) chooserPage {
	s := ch.c.Styles
	c := ch.choices[ch.cursor]
	p := chooserPage{title: s.Title.Render("Options of " + c.Name), foot: "enter type · space next value · esc back"}
	if c.Name != ch.current {
		p.right = s.Faint.Render("a change switches to it")
	}
	names := optionNames(c)
	if len(names) == 0 {
		p.lines, p.foot = []string{s.Muted.Render(c.Name + " takes no options")}, "esc back"
		return p
	}
	info, _ := scoring.LookupOption(names[ch.row])
	var help []string
	if ch.err != "" {
		help = common.WrapWords(s.Bad.Render("✗ "+ch.err), cw)
	} else {
		help = common.WrapWords(s.Muted.Render(info.Format+": "+info.About), cw)
	}
	rows := min(len(names), max(1, avail-1))
	help = help[:min(len(help), max(1, avail-rows))]
	ch.rowOff = window(ch.row, ch.rowOff, len(names), rows)
	nameW, valueW := 0, 0
	for _, n := range names {
		nameW = max(nameW, len(n))
		valueW = max(valueW, common.VisibleWidth(ch.value(n)))
	}
	valueW = max(8, min(valueW, cw-nameW-3))
	for i := ch.rowOff; i < ch.rowOff+rows; i++ {
		name := names[i]
		oi, _ := scoring.LookupOption(name)
		mark := "  "
		if i == ch.row {
			mark = s.Accent.Render("› ")
		}
		line := mark + common.Pad(name, nameW) + " "
		if ch.editing && i == ch.row {
			line += ch.input.View(s, max(8, cw-nameW-3))
		} else {
			v := ch.value(name)
			paint := s.Accent
			if v == oi.Default {
				paint = s.Muted
			}
			line += paint.Render(common.Pad(v, valueW)) + "  " + s.Faint.Render(oi.Format)
		}
		p.lines = append(p.lines, cut(line, cw))
	}
	p.lines = append(p.lines, help...)
	switch {
	case ch.editing:
		p.foot = "enter apply · empty for the default · esc cancel"
	case len(info.Values) == 0:
		p.foot = "enter type its value · esc back"
	}
	return p
}

// OptionsFor returns the user's options that metric c takes, and those it
// leaves out, canonical.
func OptionsFor(c ports.MetricChoice, user scoring.MetricOptions) (scoring.MetricOptions, []string) {
	var keep, dropped []string
	for _, s := range user.Strings() {
		name, _, _ := strings.Cut(s, "=")
		if slices.Contains(c.Takes, name) {
			keep = append(keep, s)
		} else {
			dropped = append(dropped, s)
		}
	}
	opts, err := scoring.ParseMetricOptions(keep)
	if err != nil { // the user's own options, in their canonical form: they read back
		return scoring.MetricOptions{}, user.Strings()
	}
	return opts, dropped
}

// NewChooser returns the metric chooser, closed.
func NewChooser(c *common.Common) *Chooser { return &Chooser{c: c} }

// Count returns how many metrics the chooser offers.
func (ch *Chooser) Count() int { return len(ch.choices) }

// Highlighted returns the name of the metric under the cursor.
func (ch *Chooser) Highlighted() string { return ch.choices[ch.cursor].Name }

// InOptions reports whether the options of the metric under the cursor
// show; editingOption whether one of them is being typed.
func (ch *Chooser) InOptions() bool     { return ch.options }
func (ch *Chooser) EditingOption() bool { return ch.editing }

// WhyRefused returns why the last value typed was refused, "" for none.
func (ch *Chooser) WhyRefused() string { return ch.err }

// SetUser sets the user's options the form shows (a run's, restored).
func (ch *Chooser) SetUser(o scoring.MetricOptions) { ch.user = o }
