package pair

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/scoringtest"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/shell"
)

// withMetrics offers every metric on `m`, rescored by scoring.Run.
func withMetrics(opts ports.Options) ports.Options {
	opts.Metrics = ports.ChoicesOf(scoring.Metrics())
	opts.Rescore = ports.RunMetric
	return opts
}

// pizzaDocs parses the pizza case.
func pizzaDocs(t testing.TB) (ref, out *jsondoc.Doc, w *scoring.Weights) {
	t.Helper()
	return scoringtest.Case(t, "pizza")
}

// underMetric scores ref and out under w with metric and its options, as
// the explorer's caller does, and returns the explorer's options.
func underMetric(t testing.TB, ref, out *jsondoc.Doc, w *scoring.Weights, metric string, mo scoring.MetricOptions) ports.Options {
	t.Helper()
	m, err := scoring.LookupMetric(metric)
	if err != nil {
		t.Fatal(err)
	}
	res, err := scoring.Run(m, &scoring.Input{Ref: ref, Out: out, Weights: w, Opt: mo})
	if err != nil {
		t.Fatal(err)
	}
	l, err := ports.NewLoaded(context.Background(), res, ref, out, w)
	if err != nil {
		t.Fatal(err)
	}
	files := ports.Files{Reference: "reference.json", Output: "output.json"}
	if w != nil {
		files.Weights = "weights.json"
	}
	return withMetrics(ports.Options{Files: files, Loaded: &l, Metric: metric, MetricOptions: mo, Theme: "dark"})
}

// pizzaUnder is the pizza case opened under metric with options.
func pizzaUnder(t testing.TB, metric string, options ...string) ports.Options {
	t.Helper()
	mo, err := scoring.ParseMetricOptions(options)
	if err != nil {
		t.Fatal(err)
	}
	ref, out, w := pizzaDocs(t)
	return underMetric(t, ref, out, w, metric, mo)
}

// choose switches to metric with the chooser.
func (d *driver) choose(metric string) {
	d.T.Helper()
	d.ChooseMetric(&d.m.Shell, metric, d.statusText)
	if d.m.metric.Name != metric {
		d.T.Fatalf("metric %s after choosing %s: %s", d.m.metric.Name, metric, d.statusText())
	}
}

// slotWeight returns the weight in force of the key at schema path p in
// the session s.
func slotWeight(t *testing.T, d *driver, p string) float64 {
	t.Helper()
	tr := d.m.wsess.Tree()
	for i, sl := range tr.Slots() {
		if sl.IsKey() && tr.SchemaPath(i) == p {
			return sl.Weight
		}
	}
	t.Fatalf("no key %s", p)
	return 0
}

// runTotal scores the pizza with metric under a weights file's text.
func runTotal(t *testing.T, metric, weights string) float64 {
	t.Helper()
	ref, out, _ := pizzaDocs(t)
	w, err := scoring.ParseWeights("w.json", []byte(weights))
	if err != nil {
		t.Fatal(err)
	}
	m, _ := scoring.LookupMetric(metric)
	res, err := scoring.Run(m, &scoring.Input{Ref: ref, Out: out, Weights: w})
	if err != nil {
		t.Fatal(err)
	}
	return res.Score
}

// TestMetricSwitchKeepsWeights tunes a weight under jsondiff, then
// switches through lynxius, uipath and edit-distance and back: the
// weight stays in force (and unsaved) all along, and each tree metric
// that uses weights scores with it.
func TestMetricSwitchKeepsWeights(t *testing.T) {
	d := newDriver(t, withMetrics(pizza(t)), 160, 45)
	d.Keys("j", "j", "j", "w", "1", "enter") // .beer 0.25 → 1
	edited, _ := d.m.sess.Tree().Total()
	weights := string(d.m.sess.Tree().MarshalWeights())
	if !near(edited, runTotal(t, "jsondiff", weights)) || !d.m.wsess.Dirty() {
		t.Fatalf("edited total %v, dirty %v", edited, d.m.wsess.Dirty())
	}
	d.choose("lynxius")
	if w := slotWeight(t, d, ".beer"); w != 1 {
		t.Fatalf("lynxius: .beer weighs %v", w)
	}
	tot, _ := d.m.sess.Tree().Total()
	if !near(tot, runTotal(t, "lynxius", weights)) {
		t.Errorf("lynxius total %v, want %v", tot, runTotal(t, "lynxius", weights))
	}
	beer, _ := d.m.sess.Tree().Find(".beer")
	if !d.m.wsess.Dirty() || !d.m.sess.Changed(d.m.sess.Tree().Slot(beer)) || !strings.Contains(d.Screen(), "● unsaved") {
		t.Error("lynxius: the edit is no longer unsaved and changed")
	}
	if !strings.Contains(d.Screen(), "Δ since switch ±0") {
		t.Errorf("no Δ since the switch:\n%s", d.Screen())
	}
	d.choose("uipath")
	if d.m.wsess == d.m.sess || slotWeight(t, d, ".beer") != 1 || !strings.Contains(d.Screen(), "● unsaved") {
		t.Fatal("uipath: the user's weights are not held apart, unsaved")
	}
	d.choose("edit-distance")
	if slotWeight(t, d, ".beer") != 1 || !d.m.wsess.Dirty() {
		t.Fatal("edit-distance: the weights in force were lost")
	}
	d.choose("jsondiff")
	tot, _ = d.m.sess.Tree().Total()
	if slotWeight(t, d, ".beer") != 1 || !near(tot, edited) || !d.m.wsess.Dirty() {
		t.Errorf("back to jsondiff: .beer %v, total %v want %v", slotWeight(t, d, ".beer"), tot, edited)
	}
	// The file's weight is still the file's: r resets to it.
	d.Keys("g", "j", "j", "j", "r")
	if w := slotWeight(t, d, ".beer"); w != 0.25 {
		t.Errorf("r reset .beer to %v, want the file's 0.25", w)
	}
}

// TestRescoreInBackground checks that choosing a metric scores in a
// command, not in Update, and that a result made stale by a newer choice
// is dropped.
func TestRescoreInBackground(t *testing.T) {
	d := newDriver(t, withMetrics(pizza(t)), 80, 24)
	first := d.m.chooseMetric("lynxius")
	second := d.m.chooseMetric("uipath")
	if first == nil || second == nil || d.m.metric.Name != "jsondiff" {
		t.Fatalf("the metric changed before its command ran: %s", d.m.metric.Name)
	}
	if s := d.statusText(); !strings.HasPrefix(s, "scoring with uipath…") {
		t.Errorf("status %q", s)
	}
	stale, fresh := first(), second()
	d.Send(fresh)
	d.Send(stale)
	if d.m.metric.Name != "uipath" {
		t.Errorf("a stale rescore replaced uipath with %s", d.m.metric.Name)
	}
	// An error is shown, never a crash.
	d.m.opts.Rescore = func(ctx context.Context, req ports.RescoreRequest) (*scoring.Result, error) {
		return nil, context.DeadlineExceeded
	}
	d.Send(d.m.chooseMetric("galtea")())
	if s := d.statusText(); d.m.metric.Name != "uipath" || !strings.HasPrefix(s, "galtea: context deadline exceeded") {
		t.Errorf("metric %s, status %q", d.m.metric.Name, s)
	}
}

// TestWeightKeysRefused checks that weight keys say why under a metric
// whose weights are its own, or that is one number, and change nothing.
func TestWeightKeysRefused(t *testing.T) {
	cases := []struct{ metric, want string }{
		{"uipath", "uipath weighs each node by its share of the leaves: weights fixed"},
		{"galtea", "galtea counts every top-level field alike: weights fixed"},
		{"edit-distance", "edit-distance is one number: it has no per-key weights"},
	}
	for _, c := range cases {
		d := newDriver(t, pizzaUnder(t, c.metric), 80, 24)
		before := string(d.m.wsess.Tree().MarshalWeights())
		for _, k := range []string{"w", "+", "-", "x", "r", "R", "u", "ctrl+r"} {
			d.Keys("g", "j", k)
			if s := d.statusText(); !strings.HasPrefix(s, c.want) || d.m.Mode != shell.ModeNormal {
				t.Errorf("%s, %s: status %q", c.metric, k, s)
			}
		}
		if after := string(d.m.wsess.Tree().MarshalWeights()); after != before || d.m.wsess.Dirty() {
			t.Errorf("%s: the weights changed", c.metric)
		}
		// A wide screen has room for which metrics use weights.
		d.Send(tea.WindowSizeMsg{Width: 160, Height: 45})
		d.Keys("w")
		if s, want := d.statusText(), c.want+"; m → jsondiff, lynxius use yours"; !strings.HasPrefix(s, want) {
			t.Errorf("%s at 160: status %q, want %q", c.metric, s, want)
		}
	}
}

// TestMetricOptionsCarry checks that the user's options go to the metrics
// that take them, and that the others say what they leave out.
func TestMetricOptionsCarry(t *testing.T) {
	d := newDriver(t, pizzaUnder(t, "jsondiff", "abs-tol=20", "lists=best"), 160, 45)
	if !strings.Contains(d.Screen(), "metric jsondiff [abs-tol=20 lists=best]") {
		t.Errorf("header:\n%s", d.Screen())
	}
	d.choose("lynxius")
	if s := d.statusText(); !strings.Contains(s, "lynxius does not take abs-tol=20, lists=best: left out") {
		t.Errorf("status %q", s)
	}
	if sc := d.Screen(); len(d.m.metric.Options) != 0 || !strings.Contains(sc, "metric lynxius") || strings.Contains(sc, "metric lynxius [") {
		t.Errorf("lynxius options %q", d.m.metric.Options)
	}
	d.choose("jsondiff")
	if strings.Join(d.m.metric.Options, " ") != "abs-tol=20 lists=best" {
		t.Errorf("jsondiff options %q", d.m.metric.Options)
	}
	// Within the tolerance, the margherita (19.0 vs 39.0) scores 1.
	id, _ := d.m.sess.Tree().Find(".margherita")
	if s, _ := d.m.sess.Tree().Score(id); s != 1 {
		t.Errorf(".margherita scores %v under abs-tol=20", s)
	}
}

// TestOneNumber checks the screen of a metric that is one number: the
// panel's score and explanation, the values-only tree, and what its keys
// refuse.
func TestOneNumber(t *testing.T) {
	d := newDriver(t, pizzaUnder(t, "edit-distance"), 160, 45)
	sc := d.Screen()
	for _, want := range []string{"edit-distance: one number", "score 0.98068", "distance 0.019324", "Damerau–Levenshtein distance 4",
		"one number: no per-key breakdown", "≠ margherita", "= pepperoni"} {
		if !strings.Contains(sc, want) {
			t.Errorf("no %q:\n%s", want, sc)
		}
	}
	for _, l := range strings.Split(sc, "\n") {
		if strings.HasPrefix(l, "key ") && (strings.Contains(l, "weight") || strings.Contains(l, "score") || strings.Contains(l, "loss")) {
			t.Errorf("figure columns on the values-only screen: %q", l)
		}
	}
	if strings.Contains(sc, "0.87601") {
		t.Error("jsondiff's total shows under edit-distance")
	}
	d.Keys("]")
	if s := d.statusText(); !strings.HasPrefix(s, "edit-distance is one number: the nodes have no scores or losses") {
		t.Errorf("] status %q", s)
	}
}

// TestHistoryAcrossMetrics checks the history pane's actions under other
// metrics than the runs': compare says the scores are two metrics', a
// Metric that is one number compares the totals only and diffs no path,
// and R loads a run's weights into the weights in force even where the
// Metric does not use them.
func TestHistoryAcrossMetrics(t *testing.T) {
	opts, _ := pizzaWithHistory(t)
	d := newDriver(t, withMetrics(opts), 160, 45)
	d.choose("lynxius")
	d.Keys("H", "j", "enter")
	if s := d.m.Status.Text(); d.m.runs.Comparison() == nil || !strings.Contains(s, "the run was scored by jsondiff, now by lynxius: the scores are those of two metrics") {
		t.Errorf("compare under lynxius: status %q", s)
	}
	if !strings.Contains(d.Screen(), "run by jsondiff") {
		t.Errorf("the comparison line does not say the run's metric:\n%s", d.Screen())
	}
	d.Keys("esc")
	d.choose("edit-distance")
	d.Keys("H", "g", "j", "enter")
	if s := d.m.Status.Text(); d.m.runs.Comparison() != nil || !strings.HasPrefix(s, "edit-distance is one number: no per-path scores to compare; run 1hthq03k7m “beer counts” scored 0.97266 (by jsondiff), now 0.98068") {
		t.Errorf("compare under edit-distance: status %q", s)
	}
	d.Keys("d")
	if df := d.m.Hist.Diff; d.m.Hist.Shown != runspane.PaneDiff || !df.D.NoScores || len(df.D.Weights) == 0 ||
		!strings.Contains(d.Screen(), "No per-path scores: edit-distance is one number") {
		t.Errorf("diff under edit-distance:\n%s", d.Screen())
	}
	d.Keys("esc", "g", "j", "R") // beer counts
	if w := slotWeight(t, d, ".beer"); w != 1 || !d.m.wsess.Dirty() {
		t.Errorf("R under edit-distance: .beer %v", w)
	}
	d.choose("uipath")
	d.Keys("H", "g", "j", "j", "R") // margherita half
	if s := d.m.Status.Text(); slotWeight(t, d, ".margherita") != 0.5 || !strings.Contains(s, "uipath does not use them") {
		t.Errorf("R under uipath: .margherita %v, status %q", slotWeight(t, d, ".margherita"), s)
	}
	d.choose("jsondiff")
	if got, _ := d.m.sess.Tree().Total(); !near(got, rebuilt(t, halfMargherita)) {
		t.Errorf("back under jsondiff: total %v, want the loaded run's %v", got, rebuilt(t, halfMargherita))
	}
}

// TestWrapWords checks the wrapping of the panel and the detail pane:
// no line wider than asked, words with hyphens included, and a word
// longer than a line cut.
// TestRescoreAfterEdit checks that a weight edited while a metric scores
// in the background is not lost: the result is out of date, and the
// Metric scores again under the weights in force.
func TestRescoreAfterEdit(t *testing.T) {
	d := newDriver(t, withMetrics(pizza(t)), 80, 24)
	cmd := d.m.chooseMetric("lynxius")
	d.Keys("j", "j", "j", "w", "1", "enter") // .beer → 1 meanwhile
	d.Send(cmd())
	if d.m.metric.Name != "lynxius" || slotWeight(t, d, ".beer") != 1 {
		t.Fatalf("metric %s, .beer %v: the edit made meanwhile was lost", d.m.metric.Name, slotWeight(t, d, ".beer"))
	}
	tot, _ := d.m.sess.Tree().Total()
	if want := runTotal(t, "lynxius", string(d.m.wsess.Tree().MarshalWeights())); !near(tot, want) {
		t.Errorf("total %v, want %v", tot, want)
	}
}

// TestRescoreCancelled checks a rescore in flight is cancelled when a
// newer choice replaces it and when the user quits: its context ends.
func TestRescoreCancelled(t *testing.T) {
	started := make(chan context.Context, 2)
	opts := withMetrics(pizza(t))
	opts.Rescore = func(ctx context.Context, req ports.RescoreRequest) (*scoring.Result, error) {
		started <- ctx
		<-ctx.Done() // a score that would take long
		return nil, ctx.Err()
	}
	d := newDriver(t, opts, 160, 45)
	wait, ended := watchRescores(t, started)
	// The rescores run on their own goroutines, as the program runs
	// commands; the driver would wait for them.
	go d.m.chooseMetric("lynxius")()
	first := wait("lynxius")
	go d.m.chooseMetric("uipath")()
	second := wait("uipath")
	ended(first, "a newer choice")
	if second.Err() != nil {
		t.Fatal("the newer rescore was cancelled too")
	}
	d.Keys("q")
	ended(second, "quit")
}
