package pair

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/shell"
)

// TestChooserScreens compares the metric chooser's screens at 60×15 (and
// a few at 80×24) with golden files: the list fits the screen and scrolls
// To keep the cursor in view; the options of a metric, a refused value,
// values set.
func TestChooserScreens(t *testing.T) {
	cases := []struct {
		name string
		w, h int
		keys []string
	}{
		{"chooser", 60, 15, []string{"m"}},
		{"chooser-bottom", 60, 15, []string{"m", "G"}},
		{"chooser-up-again", 60, 15, []string{"m", "G", "k", "k", "k", "k", "k", "k", "k", "k"}},
		{"chooser-options", 60, 15, []string{"m", "o"}},
		{"chooser-option-refused", 60, 15, []string{"m", "o", "enter", "ctrl+u", "-", "1", "enter"}},
		{"chooser-options-set", 60, 15, []string{"m", "o", "j", "enter", "ctrl+u", "2", "enter", "j", "j", "space", "space"}},
		{"chooser-options-typing", 80, 24, []string{"m", "o", "j", "j", "enter", "ctrl+u", "type:case"}},
		{"chooser-options-none", 80, 24, []string{"m", "j", "o"}},
		{"chooser-options-uipath", 80, 24, []string{"m", "j", "j", "o"}},
	}
	for _, c := range cases {
		t.Run(c.name+"-"+tuitest.Itoa(c.w)+"x"+tuitest.Itoa(c.h), func(t *testing.T) {
			d := newDriver(t, withMetrics(pizza(t)), c.w, c.h)
			d.Keys(c.keys...)
			screen := d.Screen()
			tuitest.CheckSize(t, screen, c.w, c.h)
			golden.RequireEqual(t, []byte(screen))
		})
	}
}

// TestChooserFitsAndFollows: at 60×15 the box is no wider than the
// screen, and the cursor stays on screen wherever it goes.
func TestChooserFitsAndFollows(t *testing.T) {
	d := newDriver(t, withMetrics(pizza(t)), 60, 15)
	d.Keys("m")
	n := d.m.Chooser.Count()
	for i := 0; i < 2*n; i++ {
		k := "j"
		if i >= n {
			k = "k"
		}
		d.Keys(k)
		screen := d.Screen()
		tuitest.CheckSize(t, screen, 60, 15)
		name := d.m.Chooser.Highlighted()
		if !strings.Contains(screen, "› "+name) {
			t.Fatalf("after %d keys the cursor (%s) is off screen:\n%s", i+1, name, screen)
		}
	}
	d.Keys("G")
	if !strings.Contains(d.Screen(), "› rouge-l") || !strings.Contains(d.Screen(), "5–12 of 12") {
		t.Errorf("after G:\n%s", d.Screen())
	}
}

// TestChooserSetsOptions: an option set in the chooser rescores with it,
// in the background as m does, and becomes the user's; a refused value
// says why, as its flag does, and changes nothing; an option of another
// Metric switches to it.
func TestChooserSetsOptions(t *testing.T) {
	d := newDriver(t, withMetrics(pizza(t)), 120, 35)
	d.Keys("m", "o", "j", "enter", "ctrl+u", "2", "enter") // rel-tol 2
	// Every number within tolerance: margherita scores 1, as rebuilt.
	ref, out, w := pizzaDocs(t)
	res, err := scoring.RunNamed("jsondiff", &scoring.Input{Ref: ref, Out: out, Weights: w, Opt: scoring.MetricOptions{RelTol: 2}})
	if err != nil {
		t.Fatal(err)
	}
	tot, _ := d.m.metric.Total(d.m.sess.Tree())
	if d.m.Mode != shell.ModeMetric || !slices.Equal(d.m.metric.Options, []string{"rel-tol=2"}) || d.m.opts.MetricOptions.RelTol != 2 ||
		math.Abs(tot-res.Score) > 1e-9 || math.Abs(tot-0.98907103825136611) > 1e-9 {
		t.Fatalf("rel-tol 2: mode %d, options %v, user %+v, total %v (want %v)", d.m.Mode, d.m.metric.Options, d.m.opts.MetricOptions, tot, res.Score)
	}
	if !strings.Contains(d.Screen(), "metric jsondiff [rel-tol=2]") {
		t.Errorf("the header does not name the option:\n%s", d.Screen())
	}
	// A value refused: the option's error, nothing changed.
	d.Keys("enter", "ctrl+u", "x", "enter")
	if !d.m.Chooser.EditingOption() || !strings.Contains(d.Screen(), `✗ rel-tol "x": want a number ≥ 0`) || d.m.opts.MetricOptions.RelTol != 2 {
		t.Fatalf("refused value:\n%s", d.Screen())
	}
	d.Keys("esc") // the edit
	// Space steps strings through its values: damerau, then jaro-winkler.
	d.Keys("j", "j", "space", "space")
	if !slices.Equal(d.m.metric.Options, []string{"rel-tol=2", "strings=jaro-winkler"}) {
		t.Fatalf("strings stepped: %v", d.m.metric.Options)
	}
	d.Keys("left")
	if !slices.Equal(d.m.metric.Options, []string{"rel-tol=2", "strings=damerau"}) {
		t.Fatalf("strings stepped back: %v", d.m.metric.Options)
	}
	// An empty value is the default.
	d.Keys("enter", "ctrl+u", "enter")
	if !slices.Equal(d.m.metric.Options, []string{"rel-tol=2"}) {
		t.Fatalf("strings back to the default: %v", d.m.metric.Options)
	}
	// A value the scoring refuses (a key no element has): its error, and
	// the options stay as they were.
	d.Keys("j", "enter", "ctrl+u", "type:key=nope", "enter")
	if !strings.Contains(d.m.Chooser.WhyRefused(), `no element of the reference's arrays of objects`) || d.m.opts.MetricOptions.Lists.Mode != scoring.ListIndex ||
		!slices.Equal(d.m.metric.Options, []string{"rel-tol=2"}) {
		t.Fatalf("lists key=nope: err %q, options %v", d.m.Chooser.WhyRefused(), d.m.metric.Options)
	}
	// Per path, then space: a value off the list is typed, not stepped.
	d.Keys("enter", "ctrl+u", "type:.fixed_menus=best", "enter")
	if !slices.Equal(d.m.metric.Options, []string{"rel-tol=2", "lists=.fixed_menus=best"}) {
		t.Fatalf("lists per path: %v (%s)", d.m.metric.Options, d.m.Chooser.WhyRefused())
	}
	d.Keys("space")
	if !strings.Contains(d.Screen(), "✗ .fixed_menus=best is not one of index, best: enter types another") {
		t.Fatalf("space on a value off the list:\n%s", d.Screen())
	}
	d.Keys("enter", "ctrl+u", "enter")
	// esc goes back to the list, esc again closes it.
	d.Keys("esc")
	if d.m.Mode != shell.ModeMetric || d.m.Chooser.InOptions() {
		t.Fatalf("esc from the options: mode %d, options %v", d.m.Mode, d.m.Chooser.InOptions())
	}
	d.Keys("esc")
	if d.m.Mode != shell.ModeNormal {
		t.Fatalf("esc from the list: mode %d", d.m.Mode)
	}
	// An option of uipath: it switches to uipath with it, keeping the
	// user's rel-tol for a metric that takes it.
	d.Keys("m", "g", "j", "j", "o", "enter", "type:.fixed_menus", "enter")
	if d.m.metric.Name != "uipath" || !slices.Equal(d.m.metric.Options, []string{"target=.fixed_menus"}) ||
		d.m.opts.MetricOptions.RelTol != 2 || !slices.Equal(d.m.opts.MetricOptions.Targets, []string{".fixed_menus"}) {
		t.Fatalf("uipath: %s %v, user %+v", d.m.metric.Name, d.m.metric.Options, d.m.opts.MetricOptions)
	}
	if !strings.Contains(d.statusText(), "jsondiff") && !strings.Contains(d.statusText(), "rel-tol") {
		t.Logf("status %q", d.statusText())
	}
	// Back to jsondiff: it takes rel-tol again.
	d.Keys("esc", "g", "enter")
	if d.m.metric.Name != "jsondiff" || !slices.Equal(d.m.metric.Options, []string{"rel-tol=2"}) {
		t.Fatalf("back to jsondiff: %s %v", d.m.metric.Name, d.m.metric.Options)
	}
}
