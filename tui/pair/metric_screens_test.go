package pair

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/validate"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/shell"
)

// schemaDir holds a small case whose output breaks a JSON Schema.
const schemaDir = "../../testdata/schema"

// schemaCase is the schema case opened under metric, with --schema.
func schemaCase(t testing.TB, metric string) ports.Options {
	t.Helper()
	read := func(name string) []byte { return []byte(tuitest.ReadFile(t, filepath.Join(schemaDir, name))) }
	ref, err := jsondoc.Parse("reference.json", read("reference.json"), nil)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jsondoc.ParseLenient("output.json", read("output.json"), nil)
	if err != nil {
		t.Fatal(err)
	}
	w, err := scoring.ParseWeights("weights.json", read("weights.json"))
	if err != nil {
		t.Fatal(err)
	}
	opts := underMetric(t, ref, out, w, metric, scoring.MetricOptions{})
	// Named as a user in the case's folder would name it (it has no
	// $ref to resolve).
	if opts.Schema, err = validate.Compile("schema.json", read("schema.json"), nil); err != nil {
		t.Fatal(err)
	}
	return opts
}

// TestMetricScreens compares the metrics' screens, ANSI stripped, with
// golden files (go test ./tui -update writes them): the chooser, the
// pizza under lynxius and uipath with the detail pane on
// .fixed_menus[1].pizza, under galtea on the root, a metric that is one
// number, the header with options, and --schema's marks.
func TestMetricScreens(t *testing.T) {
	sizes := []struct{ w, h int }{{80, 24}, {160, 45}}
	pizzaPath := []string{"e", "G", "k", "k"} // .fixed_menus[1].pizza, as TestScreens
	cases := []struct {
		name   string
		opts   func(testing.TB) ports.Options
		keys   []string
		detail bool // show the detail pane on a narrow screen
	}{
		{"chooser", func(t testing.TB) ports.Options { return withMetrics(pizza(t)) }, []string{"m"}, false},
		{"lynxius-pizza", func(t testing.TB) ports.Options { return pizzaUnder(t, "lynxius") }, pizzaPath, true},
		{"uipath-pizza", func(t testing.TB) ports.Options { return pizzaUnder(t, "uipath") }, pizzaPath, true},
		{"galtea-root", func(t testing.TB) ports.Options { return pizzaUnder(t, "galtea") }, nil, true},
		{"edit-distance", func(t testing.TB) ports.Options { return pizzaUnder(t, "edit-distance") }, []string{"j"}, false},
		{"header-options", func(t testing.TB) ports.Options { return pizzaUnder(t, "jsondiff", "abs-tol=0.01", "lists=best") }, nil, false},
		{"schema", func(t testing.TB) ports.Options { return schemaCase(t, "jsondiff") }, []string{"e", "j", "j"}, true},
	}
	for _, sz := range sizes {
		for _, c := range cases {
			name := c.name + "-" + tuitest.Itoa(sz.w) + "x" + tuitest.Itoa(sz.h)
			t.Run(name, func(t *testing.T) {
				d := newDriver(t, c.opts(t), sz.w, sz.h)
				d.Keys(c.keys...)
				if c.detail && sz.w < shell.SideMinWidth {
					d.Keys("tab")
				}
				screen := d.Screen()
				tuitest.CheckSize(t, screen, sz.w, sz.h)
				golden.RequireEqual(t, []byte(screen))
			})
		}
	}
}

// TestMetricRules checks that the detail pane writes each metric's own
// rule for .fixed_menus[1].pizza ("pepperoni" vs "peppers").
func TestMetricRules(t *testing.T) {
	cases := []struct {
		metric string
		want   []string
	}{
		{"jsondiff", []string{"score = 1 − lev(r, o) / max(len r, len o)", "= 1 − 3 / 9 = 0.66667"}},
		{"lynxius", []string{"lynxius: code points as written, no normalization", "= 1 − 3 / 9 = 0.66667"}},
		{"uipath", []string{"a leaf: it counts 1 in the leaves of every node above it", "uipath: code points as written, no normalization", "weight 0.25: 1 of its parent's 4 leaves (uipath's own"}},
	}
	for _, c := range cases {
		d := newDriver(t, pizzaUnder(t, c.metric), 160, 45)
		d.goTo(".fixed_menus[1].pizza")
		sc := d.Screen()
		for _, w := range c.want {
			if !strings.Contains(sc, w) {
				t.Errorf("%s: no %q:\n%s", c.metric, w, sc)
			}
		}
		if c.metric != "jsondiff" && strings.Contains(sc, "f = n / Σw") {
			t.Errorf("%s: jsondiff's formula shows", c.metric)
		}
	}
	// uipath's containers are their leaves' mean; galtea's root counts
	// fields; galtea's field is equal after normalization or not.
	d := newDriver(t, pizzaUnder(t, "uipath"), 160, 45)
	d.goTo(".fixed_menus[1]")
	if sc := d.Screen(); !strings.Contains(sc, "score = matched leaves / leaves") || !strings.Contains(sc, "= 3.66667 / 4 = 0.91667") {
		t.Errorf("uipath container:\n%s", sc)
	}
	d = newDriver(t, pizzaUnder(t, "galtea"), 160, 45)
	if sc := d.Screen(); !strings.Contains(sc, "score = 1 − non-matching fields / fields") || !strings.Contains(sc, "= 1 − 2 / 4 = 0.50000") {
		t.Errorf("galtea root:\n%s", sc)
	}
	d.goTo(".margherita")
	if sc := d.Screen(); !strings.Contains(sc, "19.0 ≠ 39.0: no match (0)") {
		t.Errorf("galtea field:\n%s", sc)
	}
	// jsondiff under --abs-tol says why two numbers within it score 1.
	d = newDriver(t, pizzaUnder(t, "jsondiff", "abs-tol=20"), 160, 45)
	d.goTo(".margherita")
	if sc := d.Screen(); !strings.Contains(sc, "score = 1: |r − o| = 20 ≤ abs-tol 20") {
		t.Errorf("abs-tol:\n%s", sc)
	}
}

// TestSchemaMarks checks --schema: the count in the header, the nodes
// marked, the messages in the detail pane, and the violations at values
// the tree has no node for listed with the warnings.
func TestSchemaMarks(t *testing.T) {
	d := newDriver(t, schemaCase(t, "jsondiff"), 160, 45)
	sc := d.Screen()
	if !strings.Contains(sc, "schema: 6 violations") {
		t.Errorf("no count:\n%s", sc)
	}
	for _, p := range []string{".", ".price", ".toppings[2]", ".size.cm", ".vegan"} {
		id, ok := d.m.sess.Tree().Find(p)
		if !ok || !d.m.schema.Has(id) {
			t.Errorf("%s is not marked", p)
		}
	}
	if id, _ := d.m.sess.Tree().Find(".name"); d.m.schema.Has(id) {
		t.Error(".name is marked")
	}
	d.goTo(".price")
	if sc := d.Screen(); !strings.Contains(sc, "! schema schema.json: 1 violation here") || !strings.Contains(sc, "minimum: got -9.5, want 0") {
		t.Errorf("detail:\n%s", sc)
	}
	if len(d.m.schema.Unplaced()) != 0 {
		t.Errorf("unplaced under jsondiff: %v", d.m.schema.Unplaced())
	}
	// galtea builds nothing below the fields: .toppings[2] and .size.cm
	// have no node, and show with the warnings.
	d = newDriver(t, schemaCase(t, "galtea"), 160, 45)
	d.Keys("!")
	sc = d.Screen()
	for _, w := range []string{"schema schema.json: .toppings[2]: got number, want string (not a node of this tree)",
		"schema schema.json: .size.cm: got string, want integer (not a node of this tree)"} {
		if !strings.Contains(sc, w) {
			t.Errorf("no %q:\n%s", w, sc)
		}
	}
	// The marks follow a switch of metric.
	d.choose("jsondiff")
	if id, _ := d.m.sess.Tree().Find(".size.cm"); !d.m.schema.Has(id) || len(d.m.schema.Unplaced()) != 0 {
		t.Error("the marks did not follow the switch")
	}
}
