package cli

import (
	"strings"
	"testing"
	"time"
)

// TestProgressLine checks the progress line's text (cases, rate, share
// done, time left) and that it is never shown when standard error is not
// a terminal, or with --quiet.
func TestProgressLine(t *testing.T) {
	p := &progress{total: 1000}
	p.cases.Store(12345)
	p.bytes.Store(250)
	if got, want := p.line(5*time.Second), "jsontui: 12,345 cases · 2,469/s · 25% · 0:15 left"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	p.bytes.Store(1000)
	if got, want := p.line(5*time.Second), "jsontui: 12,345 cases · 2,469/s · 100%"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	dirs := &progress{total: 40, files: true}
	dirs.cases.Store(10)
	if got, want := dirs.line(2*time.Second), "jsontui: 10 cases · 5/s · 25% · 0:06 left"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	if got := clock(3725 * time.Second); got != "1:02:05" {
		t.Errorf("clock %s", got)
	}
	a := &app{stderrTTY: false}
	if a.newProgress(false) != nil {
		t.Error("a progress line where standard error is not a terminal")
	}
	a.stderrTTY = true
	if a.newProgress(true) != nil {
		t.Error("a progress line with --quiet")
	}
	var b strings.Builder
	a.stderr = &b
	q := a.newProgress(false)
	q.finish() // never begun: nothing shown, and finish may come again
	q.finish()
	if b.Len() != 0 {
		t.Errorf("finished before it showed: %q", b.String())
	}
}
