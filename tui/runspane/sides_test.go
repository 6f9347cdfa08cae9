package runspane

import (
	"testing"
	"time"

	"github.com/jsontui/jsontui/tui/ports"
)

func TestRunIsA(t *testing.T) {
	at := func(m int) time.Time { return time.Date(2026, 11, 20, 10, m, 0, 0, time.UTC) }
	mine0 := ports.RunSummary{ID: "m0", Time: at(0), ThisPair: true}
	mine2 := ports.RunSummary{ID: "m2", Time: at(20), ThisPair: true}
	other := ports.RunSummary{ID: "o1", Time: at(10)}
	older := ports.RunSummary{ID: "o0", Time: at(-5)}
	listed := []ports.RunSummary{mine2, other, mine0, older} // newest first
	cases := []struct {
		name   string
		listed []ports.RunSummary
		run    ports.RunSummary
		want   bool
	}{
		{"own files, older", listed, mine0, true},
		{"own files, newest", listed, mine2, true},
		{"other files after the first of these", listed, other, false},
		{"other files before the first of these", listed, older, true},
		{"these files never recorded", []ports.RunSummary{other}, other, true},
	}
	for _, c := range cases {
		if got := RunIsA(c.listed, c.run); got != c.want {
			t.Errorf("%s: RunIsA = %v, want %v", c.name, got, c.want)
		}
	}
}
