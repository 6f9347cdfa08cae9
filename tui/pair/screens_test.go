package pair

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/shell"
)

// notesCase is a document with a parse repair (the output sits in a
// Markdown fence inside prose) and warnings (a duplicate key, a weights
// entry for a key the reference does not have).
func notesCase(t testing.TB) ports.Options {
	ref := `{"name": "Margherita", "size": {"cm": 30, "cm": 32}, "toppings": ["tomato", "mozzarella", "basil"], "vegan": false}`
	out := "Sure! Here is the pizza as JSON:\n\n```json\n" +
		`{"name": "Margarita", "size": {"cm": 32}, "toppings": ["tomato", "mozzarela"], "vegan": "no", "price": 9.5}` +
		"\n```\nLet me know if you need anything else."
	w := `{"name": 0.5, "topings": 0.8, "vegan": 0.25}`
	l := loadPair(t, ref, out, w)
	return ports.Options{Files: ports.Files{Reference: "pizza.json", Output: "answer.md", Weights: "weights.json"},
		Loaded: &l, Metric: "jsondiff", Theme: "dark"}
}

// floodCase is a weights file of 30 entries the reference does not have:
// the tree keeps the first 20 warnings and counts the others, and the
// header's count and its expanded notes say so.
func floodCase(t testing.TB) ports.Options {
	ref := `{"name": "Margherita", "vegan": false}`
	var w strings.Builder
	w.WriteString(`{"name": 0.5`)
	for i := range 30 {
		w.WriteString(`, "extra_` + tuitest.Itoa(i) + `": 1`)
	}
	w.WriteString("}")
	l := loadPair(t, ref, ref, w.String())
	return ports.Options{Files: ports.Files{Reference: "pizza.json", Output: "answer.json", Weights: "weights.json"},
		Loaded: &l, Metric: "jsondiff", Theme: "dark"}
}

// TestScreens compares whole screens, ANSI stripped, with golden files
// (go test ./tui -update writes them).
func TestScreens(t *testing.T) {
	sizes := []struct{ w, h int }{{80, 24}, {160, 45}}
	cases := []struct {
		name string
		opts func(testing.TB) ports.Options
		keys []string
	}{
		{"open", pizza, nil},
		{"expanded", pizza, []string{"e"}},
		// .fixed_menus[1].pizza is row 12 once all is expanded; tab shows
		// the detail pane where it is off by default.
		{"detail-pizza", pizza, []string{"e", "G", "k", "k", "tab"}},
		{"beer-weight-1", pizza, []string{"j", "j", "j", "w", "1", "enter"}},
		{"help", pizza, []string{"?"}},
		{"notes", notesCase, []string{"!", "e"}},
		{"notes-flood", floodCase, []string{"!"}},
	}
	for _, sz := range sizes {
		for _, c := range cases {
			name := c.name + "-" + tuitest.Itoa(sz.w) + "x" + tuitest.Itoa(sz.h)
			t.Run(name, func(t *testing.T) {
				d := newDriver(t, c.opts(t), sz.w, sz.h)
				keys := c.keys
				if c.name == "detail-pizza" && sz.w >= shell.SideMinWidth {
					keys = keys[:len(keys)-1] // the pane shows already
				}
				d.Keys(keys...)
				screen := d.Screen()
				tuitest.CheckSize(t, screen, sz.w, sz.h)
				golden.RequireEqual(t, []byte(screen))
			})
		}
	}
}

// TestSmallTerminal is the pizza on a 60×15 terminal, expanded, cursor on
// the partial pizza.
func TestSmallTerminal(t *testing.T) {
	d := newDriver(t, pizza(t), 60, 15)
	d.Keys("e", "G", "k", "k")
	screen := d.Screen()
	tuitest.CheckSize(t, screen, 60, 15)
	golden.RequireEqual(t, []byte(screen))
}

// TestApproximateScreen shows a string pair scored past its comparator's
// exact limit (--strings damerau on 4,200 characters): the header gives
// the total's upper end, the row "≥" and four decimals, and the detail
// pane the interval.
func TestApproximateScreen(t *testing.T) {
	x := []rune(strings.Repeat("the quick brown fox jumps over a lazy dog ", 100))[:4200]
	y := slices.Clone(x)
	for i := 0; i+1 < len(y); i += 10 {
		y[i], y[i+1] = y[i+1], y[i]
	}
	ref, err := jsondoc.Parse("ref.json", []byte(`{"id": 7, "text": "`+string(x)+`"}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jsondoc.Parse("out.json", []byte(`{"id": 7, "text": "`+string(y)+`"}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	opts := underMetric(t, ref, out, nil, "jsondiff", scoring.MetricOptions{Comparator: "damerau"})
	d := newDriver(t, opts, 120, 32)
	d.Keys("j", "j")
	screen := d.Screen()
	tuitest.CheckSize(t, screen, 120, 32)
	golden.RequireEqual(t, []byte(screen))
}
