package pair

import (
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/scoringtest"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
)

// pizzaDir holds the worked example of docs/scoring.md.
const pizzaDir = "../../testdata/cases/pizza"

// loadPair parses and scores a reference, an output and optional weights
// given as text.
func loadPair(t testing.TB, ref, out, weights string) ports.Loaded {
	t.Helper()
	r, o := scoringtest.Docs(t, ref, out)
	w := scoringtest.Weights(t, "weights.json", weights)
	return ports.Loaded{Tree: scoringtest.Build(t, r, o, w, scoring.Options{}), Weights: w}
}

// pizza returns the pizza case loaded, with the files named as a user
// would give them.
func pizza(t testing.TB) ports.Options {
	l := loadPair(t, tuitest.ReadFile(t, filepath.Join(pizzaDir, "reference.json")),
		tuitest.ReadFile(t, filepath.Join(pizzaDir, "output.json")), tuitest.ReadFile(t, filepath.Join(pizzaDir, "weights.json")))
	return ports.Options{
		Files:  ports.Files{Reference: "reference.json", Output: "output.json", Weights: "weights.json"},
		Loaded: &l, Metric: "jsondiff", Theme: "dark",
	}
}

// driver feeds a model messages as the program would, running the
// commands they return at once, in order, on the test's goroutine: a
// test is the same run every time. Timers do not wait: the messages they
// would send are held until fireTimers.
type driver struct {
	t      *testing.T
	m      *Model
	timers []tea.Msg
}

func newDriver(t *testing.T, opts ports.Options, w, h int) *driver {
	d := &driver{t: t, m: New(opts)}
	d.m.C.Tick = tuitest.InstantTick
	d.run(d.m.Init())
	d.send(tea.WindowSizeMsg{Width: w, Height: h})
	return d
}

func (d *driver) send(msg tea.Msg) {
	d.t.Helper()
	_, cmd := d.m.Update(msg)
	d.run(cmd)
}

// run executes cmd and feeds back what it returns, a batch's commands in
// order.
func (d *driver) run(cmd tea.Cmd) {
	d.t.Helper()
	tuitest.RunCmd(cmd, &d.timers, d.send)
}

// fireTimers delivers the messages of the timers set so far, as if their
// time had come.
func (d *driver) fireTimers() {
	d.t.Helper()
	timers := d.timers
	d.timers = nil
	for _, msg := range timers {
		d.send(msg)
	}
}

// keys sends key presses written as msg.String() spells them: "j",
// "ctrl+s", "enter", "space", "esc"; a string of several plain
// characters is typed one by one when prefixed with "type:".
func (d *driver) keys(ks ...string) {
	d.t.Helper()
	for _, k := range ks {
		if text, ok := strings.CutPrefix(k, "type:"); ok {
			for _, r := range text {
				d.send(tea.KeyPressMsg{Code: r, Text: string(r)})
			}
			continue
		}
		d.send(tuitest.KeyMsg(k))
	}
}

// screen returns the view with the ANSI sequences stripped.
func (d *driver) screen() string { return ansi.Strip(d.m.View().Content) }

// best returns the header's best run.
func (d *driver) best() ports.RunSummary { b, _, _ := d.m.hdr.Best(); return b }

// hasBest reports whether the header has a best run.
func (d *driver) hasBest() bool { _, _, ok := d.m.hdr.Best(); return ok }
