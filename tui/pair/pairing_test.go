package pair

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
)

// invoiceCase is the invoice case opened under jsondiff with the user's
// options, offering every metric.
func invoiceCase(t testing.TB, options ...string) ports.Options {
	t.Helper()
	ref, err := jsondoc.Parse("reference.json", []byte(tuitest.ReadFile(t, filepath.Join(invoiceDir, "reference.json"))), nil)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jsondoc.ParseLenient("output.json", []byte(tuitest.ReadFile(t, filepath.Join(invoiceDir, "output.json"))), nil)
	if err != nil {
		t.Fatal(err)
	}
	mo, err := scoring.ParseMetricOptions(options)
	if err != nil {
		t.Fatal(err)
	}
	return underMetric(t, ref, out, nil, "jsondiff", mo)
}

// underMetricText opens ref and out, given as text, under jsondiff.
func underMetricText(t testing.TB, ref, out string) ports.Options {
	t.Helper()
	r, err := jsondoc.Parse("reference.json", []byte(ref), nil)
	if err != nil {
		t.Fatal(err)
	}
	o, err := jsondoc.Parse("output.json", []byte(out), nil)
	if err != nil {
		t.Fatal(err)
	}
	return underMetric(t, r, o, nil, "jsondiff", scoring.MetricOptions{})
}

// toLineItems selects .line_items, row 15 of the invoice's first screen.
var toLineItems = []string{"j", "j", "j", "j", "j", "j", "j", "j", "j", "j", "j", "j", "j", "j"}

// TestPairingScreens compares the pairing hint's screens with golden
// files: the invoice's first screen, whose status line gives the hint
// once, and .line_items's detail pane with its score under each pairing,
// at 120×35 (beside the tree) and 80×24 (below it).
func TestPairingScreens(t *testing.T) {
	for _, sz := range []struct{ w, h int }{{120, 35}, {80, 24}} {
		for _, c := range []struct {
			name string
			keys []string
		}{
			{"open", nil},
			{"line-items", toLineItems},
			{"line-items-key-sku", append(append([]string(nil), toLineItems...), "p", "p")},
		} {
			t.Run(c.name+"-"+tuitest.Itoa(sz.w)+"x"+tuitest.Itoa(sz.h), func(t *testing.T) {
				d := newDriver(t, invoiceCase(t), sz.w, sz.h)
				d.Keys(c.keys...)
				if !d.m.ShowDetail() && c.keys != nil {
					d.Keys("tab") // the pane gives way to the tree's values: tab forces it
				}
				screen := d.Screen()
				tuitest.CheckSize(t, screen, sz.w, sz.h)
				golden.RequireEqual(t, []byte(screen))
			})
		}
	}
}

// TestPairingHintStatus: the status line gives the hint on opening, and
// only then.
func TestPairingHintStatus(t *testing.T) {
	d := newDriver(t, invoiceCase(t), 160, 45)
	want := "pairing hint: .line_items scores 0.52754 by index, 0.77662 by key=sku · p on it cycles the pairing"
	if s := d.statusText(); !strings.HasPrefix(s, want) {
		t.Fatalf("status %q, want %q", s, want)
	}
	// A new tree of the same comparison does not give it again.
	d.choose("lynxius")
	d.choose("jsondiff")
	if s := d.statusText(); strings.Contains(s, "pairing hint") || len(d.m.sess.Tree().PairingHints()) != 1 {
		t.Errorf("the hint again: %q", s)
	}
	// No hint: the repair, as before.
	d = newDriver(t, invoiceCase(t, "lists=.line_items=key=sku"), 160, 45)
	if s := d.statusText(); !strings.HasPrefix(s, "repaired output.json: took the JSON from the ```json code fence at line 3") {
		t.Errorf("status %q", s)
	}
}

// TestPairingCycle: p cycles the pairing of the selected array (or of the
// Array the selected node is in) through index, best and its key fields,
// rescoring in the background; the option is in force for later metric
// switches and recorded with the run.
func TestPairingCycle(t *testing.T) {
	rec := &fakeRecorder{}
	opts := invoiceCase(t)
	opts.Recorder = rec
	d := newDriver(t, opts, 160, 45)
	d.Keys(toLineItems...)
	if p := d.selectedPath(); p != ".line_items" {
		t.Fatalf("selected %s", p)
	}
	steps := []struct{ option, status string }{
		{"lists=.line_items=best", ".line_items paired by best: 0.77662 (was 0.52754 by index) · total 0.91101 (was 0.89441)"},
		{"lists=.line_items=key=sku", ".line_items paired by key=sku: 0.77662 (was 0.77662 by best) · total 0.91101 (was 0.91101)"},
		{"lists=.line_items=key=description", ".line_items paired by key=description: 0.77662 (was 0.77662 by key=sku)"},
		{"lists=.line_items=key=quantity", ".line_items paired by key=quantity: 0.77662 (was 0.77662 by key=description)"},
		{"", ".line_items paired by index: 0.52754 (was 0.77662 by key=quantity) · total 0.89441 (was 0.91101)"},
	}
	for i, st := range steps {
		if i == 1 {
			d.Keys("l", "j") // .line_items[0]: the array it is in
		}
		d.Keys("p")
		if got := strings.Join(d.m.metric.Options, " "); got != st.option {
			t.Errorf("step %d: options %q, want %q", i, got, st.option)
		}
		if got := strings.Join(d.m.opts.MetricOptions.Strings(), " "); got != st.option {
			t.Errorf("step %d: the user's options %q", i, got)
		}
		if s := d.statusText(); !strings.HasPrefix(s, st.status) {
			t.Errorf("step %d: status %q, want %q", i, s, st.status)
		}
	}
	// The pairing is recorded with the run, as any option.
	d.Keys("p", "p", "q") // key=sku, then quit
	last := rec.runs[len(rec.runs)-1]
	if last.Event != ports.RunQuit || strings.Join(last.Options, " ") != "lists=.line_items=key=sku" || !near(last.Score, 0.9110110028860029) {
		t.Errorf("recorded %s run: options %q, score %v", last.Event, last.Options, last.Score)
	}
	back, err := scoring.ParseMetricOptions(last.Options)
	if err != nil || back.ListsFor(".line_items") != (scoring.Lists{Mode: scoring.ListKey, Key: "sku"}) {
		t.Errorf("the recorded options read back as %+v, %v", back, err)
	}
}

// TestPairingRefused: p on a node in no array, and under a metric that
// pairs lists its own way, says why it does nothing.
func TestPairingRefused(t *testing.T) {
	d := newDriver(t, invoiceCase(t), 160, 45)
	d.Keys("p")
	if s := d.statusText(); !strings.HasPrefix(s, "p changes how an array's elements pair: select an array, or a node inside one") {
		t.Errorf("root: %q", s)
	}
	// An array the output lacks.
	d = newDriver(t, underMetricText(t, `{"a": [{"id": 1}], "b": 1}`, `{"b": 1}`), 160, 45)
	d.Keys("j", "p")
	if s := d.statusText(); !strings.HasPrefix(s, "the output has no array at .a: nothing to pair") {
		t.Errorf("missing: %q", s)
	}
	d = newDriver(t, invoiceCase(t), 160, 45)
	d.choose("lynxius")
	d.Keys(toLineItems...)
	d.Keys("p")
	if s := d.statusText(); !strings.HasPrefix(s, "lynxius pairs list elements its own way: p works under jsondiff (m)") {
		t.Errorf("lynxius: %q", s)
	}
}

// TestFailingSurvivesPairing checks that the failing-only view (F) and
// the children's order (o) stay on when p scores the tree again under
// another pairing: the status line still counts the nodes hidden, and
// .line_items stays selected.
func TestFailingSurvivesPairing(t *testing.T) {
	d := newDriver(t, invoiceCase(t), 160, 45)
	d.Keys(toLineItems...)
	d.Keys("F", "o")
	if d.m.tree.Outline().Filter() == nil {
		t.Fatal("F did not turn the failing-only view on")
	}
	order := d.m.tree.Outline().Order()
	before := d.m.badge()
	d.Keys("F", "F") // off and on again: the cursor's path stays
	path := d.selectedPath()
	d.Keys("p")
	if d.m.tree.Outline().Filter() == nil {
		t.Fatalf("p turned the failing-only view off:\n%s", d.Screen())
	}
	if got := d.m.tree.Outline().Order(); got != order {
		t.Errorf("p reset the order to %v, was %v", got, order)
	}
	if got := d.selectedPath(); got != path {
		t.Errorf("selected %s after p, was %s", got, path)
	}
	if got := d.m.badge(); !strings.HasPrefix(got, "failing only: ") || before == "" {
		t.Errorf("badge %q (before p %q)", got, before)
	}
}
