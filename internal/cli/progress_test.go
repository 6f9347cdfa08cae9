package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jsontui/jsontui/scoring/dataset"
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

// TestProgressShareOfCasesDone: scoring a file of 3,000 records of one
// size, the line's share before case k+1 is handed over is k of the
// 3,000 cases, to the percent: the records read ahead of the cases
// scored (a window of batches) do not count.
func TestProgressShareOfCasesDone(t *testing.T) {
	const n = 3000
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `{"id": "c%04d", "expected": {"x": %d}, "output": {"x": %d}}`+"\n", i, i%10, i%7)
	}
	path := filepath.Join(t.TempDir(), "d.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	p := &progress{}
	src, err := dataset.Open(dataset.Spec{Ref: path, Progress: p.onDone})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	_, p.total = src.Size()
	k := 0
	cfg := dataset.Config{Workers: 4, Cases: func(*dataset.Case) error {
		line := p.line(time.Second)
		if want := fmt.Sprintf(" · %d%%", 100*k/n); k > 0 && !strings.Contains(line, want) {
			return fmt.Errorf("after %d of %d cases: %q, want %q", k, n, line, want)
		}
		k++
		return nil
	}}
	countCases(&cfg, p)
	if _, err := dataset.Score(context.Background(), src, cfg); err != nil {
		t.Fatal(err)
	}
	if got, want := p.line(time.Second), "jsontui: 3,000 cases · 3,000/s · 100%"; got != want {
		t.Errorf("at the end %q, want %q", got, want)
	}
}
