package datasetpage

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/datasetpage/dsdata"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
)

// expectedGroups returns the groups of dataset-small's expected.json
// (`score --group-by .category --pass 0.9`, the engine's figures).
func expectedGroups(t *testing.T) []struct {
	Group        string
	Cases        int
	Mean, Median float64
	Pass         float64
} {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(smallDir, "expected.json"))
	if err != nil {
		t.Fatal(err)
	}
	var want struct {
		Groups []struct {
			Group        string
			Cases        int
			Mean, Median float64
			Pass         float64
		}
	}
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	return want.Groups
}

// TestDatasetGroupsPane checks that b shows the groups of dataset-small
// grouped by .category with the engine's figures to the digits shown,
// that o lists them lowest mean first, that a re-weight changes them at
// once, and that esc goes back to the tree; without --group-by, b says
// how to have groups.
func TestDatasetGroupsPane(t *testing.T) {
	d := newDSDriver(t, smallDatasetBy(t, "mono", ".category"), 120, 35)
	if got := line(t, d.Screen(), "6 cases:"); !strings.Contains(got, "· 3 groups (b)") {
		t.Errorf("the header does not count the groups: %q", got)
	}
	d.Keys("b")
	if d.m.view != dsdata.ViewGroups {
		t.Fatalf("b shows view %d", d.m.view)
	}
	all := d.m.ds.Stats.Mean
	for _, g := range expectedGroups(t) {
		want := fmt.Sprintf("%s %d %s %s %s %s", g.Group, g.Cases, common.ScoreText(g.Mean, true), common.ScoreText(g.Median, true),
			common.Percent(g.Pass), common.Signed(g.Mean-all))
		if got := strings.Join(strings.Fields(line(t, d.Screen(), g.Group+" ")), " "); got != want {
			t.Errorf("group %s: %q, want %q", g.Group, got, want)
		}
	}
	order := func() string {
		var out []string
		for _, l := range strings.Split(d.Screen(), "\n")[5:8] {
			out = append(out, strings.Fields(l)[0])
		}
		return strings.Join(out, " ")
	}
	if got := order(); got != "invoice receipt menu" {
		t.Errorf("as met: %s", got)
	}
	d.Keys("o")
	if got := order(); got != "receipt invoice menu" || d.statusText() != "groups lowest mean first" {
		t.Errorf("o: %s, %q", got, d.statusText())
	}
	before := d.m.ds.Groups[1].Mean // receipt
	d.Keys("esc", "j", "j", "x", "b")
	if after := d.m.ds.Groups[1].Mean; after == before || !strings.Contains(d.Screen(), common.ScoreText(after, true)) {
		t.Errorf("x on .total: receipt's mean %v, was %v\n%s", after, before, d.Screen())
	}
	d.Keys("esc")
	if d.m.view != dsdata.ViewTree {
		t.Errorf("esc: view %d", d.m.view)
	}
	plain := newDSDriver(t, smallDataset(t, "mono"), 120, 35)
	plain.Keys("b")
	if plain.m.view != dsdata.ViewTree || !strings.HasPrefix(plain.statusText(), "no groups: open the dataset with --group-by PATH") {
		t.Errorf("b without groups: view %d, %q", plain.m.view, plain.statusText())
	}
}

// TestDatasetGroupsScreens compares the groups pane's screens with golden
// files: as met and lowest mean first, at 120×35 and 80×24, in the dark
// and mono themes.
func TestDatasetGroupsScreens(t *testing.T) {
	for _, theme := range []string{"dark", "mono"} {
		for _, size := range []struct{ w, h int }{{120, 35}, {80, 24}} {
			for _, c := range []struct {
				name string
				keys []string
			}{{"groups", []string{"b"}}, {"groups-mean", []string{"b", "o", "j"}}} {
				t.Run(fmt.Sprintf("%s-%dx%d-%s", c.name, size.w, size.h, theme), func(t *testing.T) {
					d := newDSDriver(t, smallDatasetBy(t, theme, ".category"), size.w, size.h)
					d.Keys(c.keys...)
					golden.RequireEqual(t, []byte(d.Screen()))
				})
			}
		}
	}
}

// TestDatasetGroupsEndToEnd runs the explorer as a program on
// dataset-small grouped by .category: b opens the groups pane, which
// names the field and shows each group, and q quits.
func TestDatasetGroupsEndToEnd(t *testing.T) {
	tm := teatest.NewTestModel(t, New(smallDatasetBy(t, "mono", ".category")), teatest.WithInitialTermSize(120, 35))
	wait := func(text string) { t.Helper(); tuitest.WaitText(t, tm, text) }
	wait("3 groups (b)")
	tm.Send(tuitest.KeyMsg("b"))
	wait("Groups by .category") // the frame's rows came with it: the last screen shows them
	tm.Send(tuitest.KeyMsg("q"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(30*time.Second))
	m, ok := tm.FinalModel(t).(*Model)
	if !ok {
		t.Fatal("the final model is not the dataset's")
	}
	g := expectedGroups(t)[2] // menu: one case
	if got := m.ds.Groups[2]; got.Group != "menu" || math.Abs(got.Mean-g.Mean) > 1e-12 {
		t.Errorf("the menu group: %+v, want mean %v", got, g.Mean)
	}
	if screen := tuitest.StripANSI(m.View().Content); !strings.Contains(screen, "menu ") || !strings.Contains(screen, common.ScoreText(g.Mean, true)) {
		t.Errorf("the last screen lacks the menu group:\n%s", screen)
	}
}
