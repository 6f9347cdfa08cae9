package dsprogress

import (
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/jsontui/jsontui/themes"
	"github.com/jsontui/jsontui/tui/ports"
)

// TestText checks the bar and the counts of each kind of progress: the
// files of two folders, the bytes of one file, neither.
func TestText(t *testing.T) {
	s := themes.MustNew(themes.Mono)
	for _, c := range []struct {
		p       ports.DatasetProgress
		bar, of string
	}{
		{ports.DatasetProgress{Cases: 3, Files: 12}, "██░░░░░░░░", "3 of 12 cases scored"},
		{ports.DatasetProgress{Cases: 1000, Read: 2048, Total: 8192}, "██░░░░░░░░", "1,000 cases scored · 2.0 KB of 8.0 KB done (about 4,000 cases in all)"},
		{ports.DatasetProgress{Cases: 7, Read: 100}, "░░░░░░░░░░", "7 cases scored · 100 B done"},
	} {
		bar, of := Text(s, c.p, 10)
		if ansi.Strip(bar) != c.bar || of != c.of {
			t.Errorf("Text(%+v) = %q, %q; want %q, %q", c.p, ansi.Strip(bar), of, c.bar, c.of)
		}
	}
}
