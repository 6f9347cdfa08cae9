package datasetpage

import (
	"fmt"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/jsontui/jsontui/tui/ports"
)

// TestDatasetMetricScreens compares the screens of a dataset scored
// again, ANSI stripped, with golden files (go test ./tui -update writes
// them): the metric chooser over the dataset, the dataset under lynxius
// (header, tree; then its cases), under f1 (one number: the cases), the
// rules chooser on a path, and the progress of a rescore under way, at
// 120×35 and 80×24, in the dark and mono themes.
func TestDatasetMetricScreens(t *testing.T) {
	cases := []struct {
		name string
		keys []string
		// held presses enter on the chooser and leaves the rescore under
		// way, two cases of three scored.
		held bool
	}{
		{name: "chooser", keys: []string{"j", "j", "j", "m"}},
		{name: "lynxius", keys: []string{"j", "j", "j", "m", "j", "enter"}},
		{name: "lynxius-cases", keys: []string{"m", "j", "enter", "c"}},
		{name: "f1", keys: []string{"m", "G", "k", "k", "k", "k", "enter"}},
		{name: "rules-chooser", keys: []string{"j", "j", "C"}},
		{name: "rescoring", keys: []string{"m", "j"}, held: true},
	}
	for _, theme := range []string{"dark", "mono"} {
		for _, size := range []struct{ w, h int }{{120, 35}, {80, 24}} {
			for _, c := range cases {
				t.Run(fmt.Sprintf("%s-%dx%d-%s", c.name, size.w, size.h, theme), func(t *testing.T) {
					d := newDSDriver(t, smallDataset(t, theme), size.w, size.h)
					d.Keys(c.keys...)
					if c.held {
						d.heldRescore("enter")
						d.m.job.Report(ports.DatasetProgress{Cases: 4, Read: 2456, Total: 3684})
					}
					golden.RequireEqual(t, []byte(d.Screen()))
				})
			}
		}
	}
}
