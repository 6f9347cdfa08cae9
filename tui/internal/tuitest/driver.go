package tuitest

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/jsontui/jsontui/tui/shell"
)

// Driver feeds a page messages as the program would, running the
// commands they return at once, in order, on the test's goroutine: a
// test is the same run every time. Timers do not wait: the messages they
// would send are held in Timers until FireTimers. Each page's tests
// embed one beside their typed model.
type Driver struct {
	T      *testing.T
	Page   tea.Model
	Timers []tea.Msg
}

// NewDriver starts page as the program does (Init, then a window of w×h
// cells). The page's clock should tick with InstantTick.
func NewDriver(t *testing.T, page tea.Model, w, h int) *Driver {
	d := &Driver{T: t, Page: page}
	d.Run(page.Init())
	d.Send(tea.WindowSizeMsg{Width: w, Height: h})
	return d
}

// Send hands msg to the page and runs the command it returns.
func (d *Driver) Send(msg tea.Msg) {
	d.T.Helper()
	_, cmd := d.Page.Update(msg)
	d.Run(cmd)
}

// Run executes cmd and feeds back what it returns, a batch's commands in
// order.
func (d *Driver) Run(cmd tea.Cmd) {
	d.T.Helper()
	RunCmd(cmd, &d.Timers, d.Send)
}

// FireTimers delivers the messages of the timers set so far, as if their
// time had come.
func (d *Driver) FireTimers() {
	d.T.Helper()
	timers := d.Timers
	d.Timers = nil
	for _, msg := range timers {
		d.Send(msg)
	}
}

// Keys sends key presses written as msg.String() spells them: "j",
// "ctrl+s", "enter", "space", "esc"; a string of several plain
// characters is typed one by one when prefixed with "type:".
func (d *Driver) Keys(ks ...string) {
	d.T.Helper()
	for _, k := range ks {
		if text, ok := strings.CutPrefix(k, "type:"); ok {
			for _, r := range text {
				d.Send(tea.KeyPressMsg{Code: r, Text: string(r)})
			}
			continue
		}
		d.Send(KeyMsg(k))
	}
}

// Screen returns the page's view with the ANSI sequences stripped.
func (d *Driver) Screen() string { return ansi.Strip(d.Page.View().Content) }

// ChooseMetric picks metric in the metric chooser of the page's shell sh
// (m, then down the list from its top, then enter); it fails the test
// when the chooser does not open or does not list the metric, saying the
// page's status line (status).
func (d *Driver) ChooseMetric(sh *shell.Shell, metric string, status func() string) {
	d.T.Helper()
	d.Keys("m")
	if sh.Mode != shell.ModeMetric {
		d.T.Fatalf("no chooser: %s", status())
	}
	d.Keys("g")
	for sh.Chooser.Highlighted() != metric {
		before := sh.Chooser.Highlighted()
		d.Keys("j")
		if sh.Chooser.Highlighted() == before {
			d.T.Fatalf("no metric %s in the chooser", metric)
		}
	}
	d.Keys("enter")
}
