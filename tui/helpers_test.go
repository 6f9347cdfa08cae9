package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/scoringtest"
	"github.com/jsontui/jsontui/tui/ports"
)

// pizzaDir holds the worked example of docs/scoring.md.
const pizzaDir = "../testdata/cases/pizza"

// loadPair parses and scores a reference, an output and optional weights
// given as text.
func loadPair(t testing.TB, ref, out, weights string) ports.Loaded {
	t.Helper()
	r, o := scoringtest.Docs(t, ref, out)
	w := scoringtest.Weights(t, "weights.json", weights)
	return ports.Loaded{Tree: scoringtest.Build(t, r, o, w, scoring.Options{}), Weights: w}
}

func readFile(t testing.TB, path string) string { return scoringtest.Read(t, path) }

// pizza returns the pizza case loaded, with the files named as a user
// would give them.
func pizza(t testing.TB) ports.Options {
	l := loadPair(t, readFile(t, filepath.Join(pizzaDir, "reference.json")),
		readFile(t, filepath.Join(pizzaDir, "output.json")), readFile(t, filepath.Join(pizzaDir, "weights.json")))
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

// timerMsg is what a timer set under the driver sends at once: the
// message it holds is kept for fireTimers.
type timerMsg struct{ msg tea.Msg }

func newDriver(t *testing.T, opts ports.Options, w, h int) *driver {
	d := &driver{t: t, m: New(opts)}
	d.m.c.Tick = instantTick
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
	runCmd(cmd, &d.timers, d.send)
}

// instantTick is the clock's tick under a driver: the timer fires at
// once with a timerMsg, which the driver keeps for fireTimers.
func instantTick(_ time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
	return func() tea.Msg { return timerMsg{fn(time.Now())} }
}

// runCmd executes cmd and hands what it returns to send, a batch's
// commands in order; the timers' messages go to timers, and quitting and
// the explorer's internal messages are dropped.
func runCmd(cmd tea.Cmd, timers *[]tea.Msg, send func(tea.Msg)) {
	if cmd == nil {
		return
	}
	switch msg := cmd().(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			runCmd(c, timers, send)
		}
	case timerMsg:
		*timers = append(*timers, msg.msg)
	case tea.QuitMsg:
	default:
		if isInternal(msg) {
			return
		}
		send(msg)
	}
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

// isInternal reports messages meant for the program, not the model.
func isInternal(msg tea.Msg) bool {
	name := strings.TrimPrefix(strings.TrimPrefix(typeName(msg), "*"), "tea.")
	switch name {
	case "backgroundColorMsg", "setClipboardMsg", "sequenceMsg":
		return true
	}
	return false
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
		d.send(keyMsg(k))
	}
}

// keyMsg builds the key press that String()s as k.
func keyMsg(k string) tea.KeyPressMsg {
	named := map[string]rune{
		"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab, "space": tea.KeySpace,
		"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"pgdown": tea.KeyPgDown, "pgup": tea.KeyPgUp, "home": tea.KeyHome, "end": tea.KeyEnd,
		"backspace": tea.KeyBackspace,
	}
	if c, ok := named[k]; ok {
		if c == tea.KeySpace {
			return tea.KeyPressMsg{Code: c, Text: " "}
		}
		return tea.KeyPressMsg{Code: c}
	}
	if rest, ok := strings.CutPrefix(k, "ctrl+"); ok {
		return tea.KeyPressMsg{Code: []rune(rest)[0], Mod: tea.ModCtrl}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

// screen returns the view with the ANSI sequences stripped.
func (d *driver) screen() string { return ansi.Strip(d.m.View().Content) }

func stripANSI(s string) string { return ansi.Strip(s) }

func typeName(v any) string { return fmt.Sprintf("%T", v) }

// finishErr ends m as Explore does once its program stopped, and returns
// what Explore would.
func finishErr(m explorer, sig os.Signal, runErr error, forced <-chan struct{}) error {
	return endError(sig, runErr, m.finish(sig, runErr, forced))
}
