package datasetpage

import (
	"strings"
	"testing"

	"github.com/jsontui/jsontui/tui/internal/tuitest"
)

// The program runs the commands an Update returns on goroutines of their
// own, and reads the keys on another: a key typed right after one whose
// pane asks the root for something (a fast typist, a paste) may reach
// Update before a command carrying the request would. These tests feed
// the keys as such a program may, the commands of the first ones not run
// yet: what the keys do must not depend on it.

// TestDatasetSaveRightAfterAWeightKey: - on a path of the dataset's tree,
// then ctrl+s at once: the file saved holds the weight just set.
func TestDatasetSaveRightAfterAWeightKey(t *testing.T) {
	opts, w := smallInTemp(t)
	d := newDSDriver(t, opts, 120, 35)
	m := d.m
	m.Update(tuitest.KeyMsg("j")) // .vendor
	m.Update(tuitest.KeyMsg("-")) // its command not run yet
	m.Update(tuitest.KeyMsg("ctrl+s"))
	if got := tuitest.ReadFile(t, w); !strings.Contains(got, `"vendor": 0.95`) {
		t.Errorf("saved:\n%s\nwant .vendor at 0.95, the weight set just before ctrl+s", got)
	}
}

// TestDatasetQuitRightAfterClosingThePane is
// TestQuitRightAfterClosingThePane in a dataset's explorer.
func TestDatasetQuitRightAfterClosingThePane(t *testing.T) {
	opts, _ := smallWithHistory(t, "dark")
	d := newDSDriver(t, opts, 120, 35)
	d.CheckQuitAfterPane(&d.m.Shell)
}
