package pair

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/scoringtest"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/shell"
)

// invoiceRules returns the invoice case (invoiceDir) scored under the rules file at
// rulesPath ("" for none, else a copy the test may overwrite), named
// Rules.json in messages.
func invoiceRules(t testing.TB, rulesPath string) ports.Options {
	t.Helper()
	ref, out := scoringtest.Docs(t, tuitest.ReadFile(t, filepath.Join(invoiceDir, "reference.json")), tuitest.ReadFile(t, filepath.Join(invoiceDir, "output.json")))
	var rs *scoring.RuleSet
	opts := ports.Options{Files: ports.Files{Reference: "reference.json", Output: "output.json", DefaultRulesSave: "rules.json"},
		Metric: "jsondiff", Theme: "dark", Rescore: ports.RunMetric, Metrics: ports.ChoicesOf(scoring.Metrics())}
	if rulesPath != "" {
		var err error
		if rs, err = scoring.ParseRules("rules.json", []byte(tuitest.ReadFile(t, rulesPath))); err != nil {
			t.Fatal(err)
		}
		opts.Files.Rules, opts.Files.RulesSavePath = "rules.json", rulesPath
	}
	res, err := scoring.RunNamed("jsondiff", &scoring.Input{Ref: ref, Out: out, Rules: rs})
	if err != nil {
		t.Fatal(err)
	}
	l, err := ports.NewLoaded(context.Background(), res, ref, out, nil)
	if err != nil {
		t.Fatal(err)
	}
	opts.Loaded, opts.Rules = &l, rs
	return opts
}

// invoiceInTemp returns the invoice case under its rules file, and
// moves the test into a temporary folder holding a copy of that file,
// Rules.json, which the explorer saves to.
func invoiceInTemp(t *testing.T) ports.Options {
	t.Helper()
	src := filepath.Join(invoiceDir, "rules.json")
	opts := invoiceRules(t, src)
	data := tuitest.ReadFile(t, src)
	t.Chdir(t.TempDir())
	if err := os.WriteFile("rules.json", []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	opts.Files.RulesSavePath = "rules.json"
	return opts
}

// TestRuleScreens: the rule chooser over the invoice, and the detail pane
// naming the rule of .due_date and where it comes from.
func TestRuleScreens(t *testing.T) {
	cases := []struct {
		name, path string
		w, h       int
		keys       []string
	}{
		{"rule-chooser", "", 120, 35, []string{"j", "C"}},
		{"rule-chooser", "", 80, 24, []string{"j", "C"}},
		{"rule-chooser-number", ".line_items[3].unit_price", 120, 35, []string{"C"}},
		{"rule-detail", "", 120, 35, []string{"tab", "j", "j", "j", "j"}},
		{"rule-detail-set", "", 120, 35, []string{"tab", "j", "C", "j", "enter"}},
	}
	for _, c := range cases {
		t.Run(c.name+"-"+tuitest.Itoa(c.w)+"x"+tuitest.Itoa(c.h), func(t *testing.T) {
			d := newDriver(t, invoiceRules(t, filepath.Join(invoiceDir, "rules.json")), c.w, c.h)
			if c.path != "" {
				selectPath(t, d, c.path)
			}
			d.Keys(c.keys...)
			screen := d.Screen()
			tuitest.CheckSize(t, screen, c.w, c.h)
			golden.RequireEqual(t, []byte(screen))
		})
	}
}

// selectPath moves the cursor to the node at path.
func selectPath(t *testing.T, d *driver, path string) {
	t.Helper()
	id, ok := d.m.sess.Tree().Find(path)
	if !ok {
		t.Fatalf("no %s", path)
	}
	d.m.tree.SelectNode(id)
}

// total returns the tree's total.
func total(d *driver) float64 {
	s, _ := d.m.sess.Tree().Total()
	return s
}

func TestSetRuleRescoresAndSaves(t *testing.T) {
	opts := invoiceInTemp(t)
	path := "rules.json"
	orig := tuitest.ReadFile(t, path)
	d := newDriver(t, opts, 120, 35)
	d.Keys("tab") // the detail pane, which gives way to the invoice's tree at 120
	if got := total(d); math.Abs(got-0.8831086680417708) > 1e-9 {
		t.Fatalf("opening total %.17g", got)
	}
	// .invoice_number: exact → levenshtein gives back 0.9375 of its 1/15.
	selectPath(t, d, ".invoice_number")
	d.Keys("C", "j", "enter")
	if got, want := total(d), 0.8831086680417708+0.9375/15; math.Abs(got-want) > 1e-9 {
		t.Errorf("total %.17g, want %.17g", got, want)
	}
	screen := d.Screen()
	for _, want := range []string{"rule levenshtein for .invoice_number: total 0.94561 (was 0.88311) · ctrl+s saves the rules",
		"rule levenshtein · set here, not", "● unsaved", "· rules rules.json*"} {
		if !strings.Contains(screen, want) {
			t.Errorf("screen lacks %q:\n%s", want, screen)
		}
	}
	d.Keys("q")
	if !strings.Contains(d.Screen(), "unsaved rules: quit anyway?") {
		t.Errorf("quit does not ask:\n%s", d.Screen())
	}
	d.Keys("esc", "ctrl+s")
	want := strings.Replace(orig, `".invoice_number": "exact"`, `".invoice_number": "levenshtein"`, 1)
	if got := tuitest.ReadFile(t, path); got != want {
		t.Errorf("saved:\n%s\nwant\n%s", got, want)
	}
	if got := tuitest.ReadFile(t, path+".bak"); got != orig {
		t.Errorf(".bak:\n%s", got)
	}
	screen = d.Screen()
	for _, want := range []string{"saved the rules to " + path + " (16 rules); the previous file is kept as rules.json.bak",
		"rule levenshtein · " + path + ":2:3"} {
		if !strings.Contains(screen, want) {
			t.Errorf("screen lacks %q:\n%s", want, screen)
		}
	}
	if strings.Contains(screen, "● unsaved") {
		t.Error("still unsaved after ctrl+s")
	}
	// A tolerance is asked for; a bad one is refused in the prompt.
	selectPath(t, d, ".line_items[3].unit_price")
	d.Keys("C", "G", "enter")
	if !strings.Contains(d.Screen(), "rel_tol for .line_items[].unit_price: 0.01") {
		t.Fatalf("no prompt:\n%s", d.Screen())
	}
	d.Keys("backspace", "backspace", "backspace", "backspace", "type:-1", "enter")
	if !strings.Contains(d.Screen(), "✗ rel_tol -1: want a number ≥ 0") {
		t.Errorf("no error:\n%s", d.Screen())
	}
	d.Keys("backspace", "backspace", "type:0.5", "enter")
	// 12.5 and 18.4: |5.9| ≤ 0.5 · 18.4.
	id, _ := d.m.sess.Tree().Find(".line_items[3].unit_price")
	if s, _ := d.m.sess.Tree().Score(id); s != 1 {
		t.Errorf(".line_items[3].unit_price under rel_tol 0.5: %v", s)
	}
	// The second save keeps the .bak of the first.
	d.Keys("ctrl+s")
	if got := tuitest.ReadFile(t, path+".bak"); got != orig {
		t.Errorf(".bak after the second save:\n%s", got)
	}
	if got := tuitest.ReadFile(t, path); !strings.Contains(got, `  ".line_items[].unit_price": {"rel_tol": 0.5},`+"\n") {
		t.Errorf("saved:\n%s", got)
	}
}

// Without a rules file, ctrl+s asks where to write the rules set.
func TestSaveNewRulesFile(t *testing.T) {
	opts := invoiceRules(t, "")
	t.Chdir(t.TempDir())
	opts.Files.DefaultRulesSave = "rules.json"
	d := newDriver(t, opts, 120, 35)
	d.Keys("tab") // the detail pane, which gives way to the invoice's tree at 120
	selectPath(t, d, ".due_date")
	d.Keys("C", "G", "k", "k", "enter") // date
	id, _ := d.m.sess.Tree().Find(".due_date")
	if s, _ := d.m.sess.Tree().Score(id); s != 1 {
		t.Errorf(".due_date under date: %v", s)
	}
	if !strings.Contains(d.Screen(), "· rules (not saved)") {
		t.Errorf("header:\n%s", d.Screen())
	}
	d.Keys("ctrl+s")
	if !strings.Contains(d.Screen(), "save rules to: "+opts.Files.DefaultRulesSave) {
		t.Fatalf("no prompt:\n%s", d.Screen())
	}
	d.Keys("enter")
	if got := tuitest.ReadFile(t, opts.Files.DefaultRulesSave); got != "{\n  \".due_date\": \"date\"\n}\n" {
		t.Errorf("saved %q", got)
	}
	if !strings.Contains(d.Screen(), "rule date · "+opts.Files.DefaultRulesSave+":2:3") {
		t.Errorf("detail:\n%s", d.Screen())
	}
}

// C opens the rule chooser; c is left free (the dataset explorer's cases
// pane takes it).
func TestRuleKey(t *testing.T) {
	d := newDriver(t, invoiceRules(t, filepath.Join(invoiceDir, "rules.json")), 120, 35)
	d.Keys("j", "c")
	if d.m.Mode != shell.ModeNormal {
		t.Fatalf("c: mode %v, want normal", d.m.Mode)
	}
	d.Keys("C")
	if d.m.Mode != shell.ModeRule {
		t.Fatalf("C: mode %v, want the rule chooser", d.m.Mode)
	}
}

func TestRuleRefusals(t *testing.T) {
	d := newDriver(t, invoiceRules(t, filepath.Join(invoiceDir, "rules.json")), 120, 35)
	d.Keys("C")
	if !strings.Contains(d.Screen(), "rules compare leaves: . is object; select a key below it") {
		t.Errorf("root:\n%s", d.Screen())
	}
	d.Keys("m", "j", "enter") // lynxius
	if !strings.Contains(d.Screen(), "lynxius takes no per-key rules (it reproduces another evaluator): yours keep jsondiff") {
		t.Errorf("metric switch:\n%s", d.Screen())
	}
	if d.m.metric.Name != "jsondiff" {
		t.Errorf("metric %s", d.m.metric.Name)
	}
}

// R on a run restores its rules with its weights.
func TestLoadRunRestoresRules(t *testing.T) {
	opts := invoiceRules(t, filepath.Join(invoiceDir, "rules.json"))
	f := &fakeHistory{lists: map[bool]int{}}
	run := &ports.RunDetail{RunSummary: ports.RunSummary{ID: runID(1), Time: runTime(1), Source: "score", Metric: "jsondiff",
		Reference: "reference.json", Output: "output.json", Score: 0.9, HasScore: true},
		RulesJSON: []byte(`{".due_date": "date", ".invoice_number": "levenshtein"}`)}
	noRules := &ports.RunDetail{RunSummary: ports.RunSummary{ID: runID(0), Time: runTime(0), Source: "score", Metric: "jsondiff",
		Reference: "reference.json", Output: "output.json", Score: 0.89, HasScore: true}}
	f.add(noRules)
	f.add(run)
	opts.History = f
	d := newDriver(t, opts, 120, 35)
	d.Keys("H", "g", "R")
	paths, rules := d.m.rules.Entries()
	if len(paths) != 2 || paths[0] != ".invoice_number" || rules[0].String() != "levenshtein" || paths[1] != ".due_date" {
		t.Errorf("rules %v %v", paths, rules)
	}
	// 15 keys: the invoice number back to 0.9375, due_date 1; the rest
	// as without rules (0.894405385213488 with due_date 0 and 0.9375).
	if got, want := total(d), 0.894405385213488+1.0/15; math.Abs(got-want) > 1e-9 {
		t.Errorf("total %.17g, want %.17g", got, want)
	}
	if !strings.Contains(d.Screen(), "loaded the rules of run 1hthq01k7m (2; ctrl+s saves them), its weights are those in force: total 0.88311 → 0.96107") {
		t.Errorf("status:\n%s", d.Screen())
	}
	if !d.m.rules.Changed() {
		t.Error("restored rules are not marked for saving")
	}
	d.Keys("H", "j", "R")
	if n := d.m.rules.Len(); n != 0 {
		t.Errorf("a run without rules restores %d", n)
	}
}

// TestRuleRescoreCancelled: the rescore a rule starts is cancelled as a
// Metric's is, by a newer rule and by quitting; and the rescore that
// restores a run's rules is cancelled by quitting.
func TestRuleRescoreCancelled(t *testing.T) {
	started := make(chan context.Context, 3)
	opts := invoiceRules(t, filepath.Join(invoiceDir, "rules.json"))
	opts.Rescore = func(ctx context.Context, req ports.RescoreRequest) (*scoring.Result, error) {
		started <- ctx
		<-ctx.Done() // a score that would take long
		return nil, ctx.Err()
	}
	run := &ports.RunDetail{RunSummary: ports.RunSummary{ID: runID(1), Time: runTime(1), Source: "score", Metric: "jsondiff",
		Reference: "reference.json", Output: "output.json", Score: 0.9, HasScore: true},
		RulesJSON: []byte(`{".invoice_number": "levenshtein"}`)}
	f := &fakeHistory{lists: map[bool]int{}}
	f.add(run)
	opts.History = f
	d := newDriver(t, opts, 120, 35)
	wait, ended := watchRescores(t, started)
	// The rescores run on their own goroutines, as the program runs
	// commands; the driver would wait for them.
	go d.m.SetRule(".invoice_number", scoring.Rule{Kind: scoring.RuleLevenshtein})()
	first := wait("levenshtein")
	go d.m.SetRule(".invoice_number", scoring.Rule{Kind: scoring.RuleJaroWinkler})()
	second := wait("jaro-winkler")
	ended(first, "a newer rule")
	if second.Err() != nil {
		t.Fatal("the newer rescore was cancelled too")
	}
	d.Keys("H") // the history pane, its run selected
	sel, _ := d.m.Hist.Selected()
	go d.m.runs.RunAction(runspane.RunActionMsg{Act: runspane.ActLoad, Run: sel})()
	restore := wait("restoring the run's rules")
	d.Keys("esc", "q")
	ended(second, "quit")
	ended(restore, "quit")
}
