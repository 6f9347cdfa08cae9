package datasetpage

import (
	"fmt"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// TestDatasetScreens compares the dataset explorer's screens, ANSI
// stripped, with golden files (go test ./tui -update writes them): the
// dataset opened (the header with its histogram, the tree), the cases
// pane unfiltered and filtered by a path, a case opened from it, the
// heat map, a path's detail and the help, at 120×35 and 80×24, in the
// dark and mono themes.
func TestDatasetScreens(t *testing.T) {
	cases := []struct {
		name string
		keys []string
	}{
		{"open", nil},
		{"detail-paid", []string{"j", "j", "j", "tab"}},
		{"cases", []string{"c"}},
		{"cases-paid", []string{"j", "j", "j", "f"}},
		{"case-opened", []string{"j", "j", "j", "f", "enter"}},
		{"case-back", []string{"j", "j", "j", "f", "enter", "esc"}},
		{"heat", []string{"e", "v", "l", "l", "j", "j", "j"}},
		{"help", []string{"?"}},
	}
	for _, theme := range []string{"dark", "mono"} {
		for _, size := range []struct{ w, h int }{{120, 35}, {80, 24}} {
			for _, c := range cases {
				t.Run(fmt.Sprintf("%s-%dx%d-%s", c.name, size.w, size.h, theme), func(t *testing.T) {
					d := newDSDriver(t, smallDataset(t, theme), size.w, size.h)
					d.Keys(c.keys...)
					golden.RequireEqual(t, []byte(d.Screen()))
				})
			}
		}
	}
}
