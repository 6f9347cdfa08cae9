package tuitest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"
)

// WaitText waits, up to 30 s, until the program tm has written text
// (its output read without ANSI sequences) since the last wait, and fails
// the test when it does not.
func WaitText(t *testing.T, tm *teatest.TestModel, text string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return strings.Contains(ansi.Strip(string(b)), text) },
		teatest.WithDuration(30*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
}

// WeightsCopy writes a copy of the weights.json of caseDir into a new
// folder and returns its path and its text.
func WeightsCopy(t *testing.T, caseDir string) (path, text string) {
	t.Helper()
	text = ReadFile(t, filepath.Join(caseDir, "weights.json"))
	path = filepath.Join(t.TempDir(), "weights.json")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path, text
}
