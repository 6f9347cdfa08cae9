package tuitest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/jsontui/jsontui/scoring/scoringtest"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/recovery"
	"github.com/jsontui/jsontui/tui/shell"
)

func ReadFile(t testing.TB, path string) string { return scoringtest.Read(t, path) }

// timerMsg is what a timer set under the driver sends at once: the
// message it holds is kept for fireTimers.
type timerMsg struct{ msg tea.Msg }

// InstantTick is the clock's tick under a driver: the timer fires at
// once with a timerMsg, which the driver keeps for fireTimers.
func InstantTick(_ time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
	return func() tea.Msg { return timerMsg{fn(time.Now())} }
}

// RunCmd executes cmd and hands what it returns to send, a batch's
// commands in order; the timers' messages go to timers, and quitting and
// the explorer's internal messages are dropped.
func RunCmd(cmd tea.Cmd, timers *[]tea.Msg, send func(tea.Msg)) {
	if cmd == nil {
		return
	}
	switch msg := cmd().(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			RunCmd(c, timers, send)
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

// isInternal reports messages meant for the program, not the model.
func isInternal(msg tea.Msg) bool {
	name := strings.TrimPrefix(strings.TrimPrefix(TypeName(msg), "*"), "tea.")
	switch name {
	case "backgroundColorMsg", "setClipboardMsg", "sequenceMsg":
		return true
	}
	return false
}

// KeyMsg builds the key press that String()s as k.
func KeyMsg(k string) tea.KeyPressMsg {
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

func StripANSI(s string) string { return ansi.Strip(s) }

func TypeName(v any) string { return fmt.Sprintf("%T", v) }

// FinishErr ends m as Explore does once its program stopped, and returns
// what Explore would.
func FinishErr(m interface {
	Finish(sig os.Signal, runErr error, forced <-chan struct{}) shell.Ending
}, sig os.Signal, runErr error, forced <-chan struct{}) error {
	return shell.EndError(sig, runErr, m.Finish(sig, runErr, forced))
}

func IsQuit(cmd tea.Cmd) bool {
	_, ok := cmd().(tea.QuitMsg)
	return ok
}

// CheckSize asserts a screen has h lines of at most w cells: nothing
// wraps, nothing scrolls off.
func CheckSize(t *testing.T, screen string, w, h int) {
	t.Helper()
	lines := strings.Split(screen, "\n")
	if len(lines) != h {
		t.Errorf("screen has %d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if n := common.VisibleWidth(l); n > w {
			t.Errorf("line %d is %d cells wide, more than %d: %q", i+1, n, w, l)
		}
	}
}

// KeptFolder is a folder of its own holding a copy of a case's weights
// file, next to which the recovery files of its explorer are written.
type KeptFolder struct {
	Dir, Weights string
}

// NewKeptFolder copies the weights.json of caseDir into a new folder.
func NewKeptFolder(t *testing.T, caseDir string) KeptFolder {
	t.Helper()
	dir := t.TempDir()
	w := filepath.Join(dir, "weights.json")
	if err := os.WriteFile(w, []byte(ReadFile(t, filepath.Join(caseDir, "weights.json"))), 0o644); err != nil {
		t.Fatal(err)
	}
	return KeptFolder{Dir: dir, Weights: w}
}

// Files returns the recovery files in the folder.
func (k KeptFolder) Files(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(k.Dir, ".weights.json.recovery-*.json"))
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// OnlyRecord returns the path and the record of the only recovery file.
func (k KeptFolder) OnlyRecord(t *testing.T) (string, recovery.Record) {
	t.Helper()
	files := k.Files(t)
	if len(files) != 1 {
		t.Fatalf("recovery files: %q, want one", files)
	}
	var rec recovery.Record
	if err := json.Unmarshal([]byte(ReadFile(t, files[0])), &rec); err != nil {
		t.Fatal(err)
	}
	return files[0], rec
}

// Keeper returns the keeper of a new explorer on the inputs of p whose
// weights file is the folder's: its unsaved weights are kept beside it.
func (k KeptFolder) Keeper(p recovery.Pair) *recovery.Keeper {
	p.Weights = recovery.Input{Path: k.Weights, SHA256: "cc"}
	p.SaveTo = k.Weights
	return recovery.New(func() (recovery.Pair, error) { return p, nil }, "")
}

// BoxText returns the text inside the box on screen, its lines joined
// (a path cut at the box's edge reads whole).
func BoxText(screen string) string {
	var b strings.Builder
	for _, l := range strings.Split(screen, "\n") {
		if _, in, ok := strings.Cut(l, "│ "); ok {
			in, _, _ = strings.Cut(in, " │")
			b.WriteString(strings.TrimRight(in, " "))
		}
	}
	return b.String()
}

// RunAll runs cmd, a batch's commands one after the other, dropping
// their messages.
func RunAll(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	if batch, ok := cmd().(tea.BatchMsg); ok {
		for _, c := range batch {
			RunAll(c)
		}
	}
}
