package pair

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/recovery"
	"github.com/jsontui/jsontui/tui/shell"
)

// invoiceKept returns the invoice case under its rules file (a copy,
// Rules.json in the test's folder, see invoiceInTemp), with the keeper of
// an explorer's unsaved weights and rules over it: the recovery file
// goes beside weights.json in that folder.
func invoiceKept(t *testing.T) (ports.Options, string) {
	t.Helper()
	opts := invoiceInTemp(t)
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return invoiceKeeper(opts, dir), dir
}

// invoiceKeeper gives opts the keeper of a new explorer on the invoice in
// dir.
func invoiceKeeper(opts ports.Options, dir string) ports.Options {
	opts.Recovery = recovery.New(func() (recovery.Pair, error) {
		return recovery.Pair{
			Reference: recovery.Input{Path: "/cases/invoice/reference.json", SHA256: "aa"},
			Output:    recovery.Input{Path: "/cases/invoice/output.json", SHA256: "bb"},
			Rules:     recovery.Input{Path: filepath.Join(dir, "rules.json"), SHA256: "cc"},
			SaveTo:    filepath.Join(dir, "weights.json"),
		}, nil
	}, "")
	opts.Files.DefaultSave = filepath.Join(dir, "weights.json")
	return opts
}

// keptRecord returns the record of the only recovery file in dir.
func keptRecord(t *testing.T, dir string) (string, recovery.Record) {
	t.Helper()
	return tuitest.KeptFolder{Dir: dir}.OnlyRecord(t)
}

// TestUnsavedRulesKeptAndRestored: a rule set in the chooser is kept in
// the recovery file with the weights, and a signal keeps both; the next
// explorer on the pair offers the rules that differ, restores rules and
// weights as one step (the documents scored again under the rules), and
// takes the file over; u takes back both, ctrl+r does both again,
// saving both removes the file, and u after the save makes the rules
// before unsaved against the file as saved.
func TestUnsavedRulesKeptAndRestored(t *testing.T) {
	next := invoiceRules(t, filepath.Join(invoiceDir, "rules.json")) // the next explorer's, read before the move
	next.Files.RulesSavePath = "rules.json"
	opts, dir := invoiceKept(t)
	const opening = 0.8831086680417708
	tuned, kept := keepRulesAtSignal(t, opts, dir, opening)

	// The next explorer on the pair.
	d := newDriver(t, invoiceKeeper(next, dir), 120, 35)
	if d.m.Mode != shell.ModeRecover {
		t.Fatalf("no offer:\n%s", d.Screen())
	}
	box := tuitest.BoxText(d.Screen())
	for _, want := range []string{"Unsaved weights and rules of an explorer", "1 weight differs from those in force",
		".currency        1 → 0.95", "1 rule differs from those in force (in force → kept):", ".invoice_number  exact → levenshtein", "r restore"} {
		if !strings.Contains(box, want) {
			t.Errorf("the offer does not say %q:\n%s", want, d.Screen())
		}
	}
	d.Keys("r")
	if got := total(d); math.Abs(got-tuned) > 1e-9 {
		t.Errorf("restored total %.17g, want %.17g", got, tuned)
	}
	if !strings.Contains(d.Screen(), "restored the unsaved weights and rules of") || !strings.Contains(d.Screen(), "1 weight and 1 rule changed") {
		t.Errorf("status:\n%s", d.Screen())
	}
	if r, _ := d.m.rules.Rule(".invoice_number"); r.String() != "levenshtein" || !d.m.rules.Changed() || !d.m.wsess.Dirty() {
		t.Fatalf("rules in force: %v, changed %v, dirty %v", r, d.m.rules.Changed(), d.m.wsess.Dirty())
	}
	now, rec := keptRecord(t, dir)
	if now == kept || !strings.Contains(string(rec.Rules), `".invoice_number": "levenshtein"`) {
		t.Fatalf("after restoring: %s (was %s), rules:\n%s", now, kept, rec.Rules)
	}

	checkUndoRedoSave(t, d, dir, opening, tuned)
}

// keepRulesAtSignal sets a rule and a weight in an explorer over the
// invoice kept in dir, checks that the recovery file keeps both, and
// ends it on a signal: it returns the total tuned and the file kept.
func keepRulesAtSignal(t *testing.T, opts ports.Options, dir string, opening float64) (float64, string) {
	t.Helper()
	d := newDriver(t, opts, 120, 35)
	d.Keys("tab") // the detail pane, which gives way to the invoice's tree at 120
	selectPath(t, d, ".invoice_number")
	d.Keys("C", "j", "enter") // exact → levenshtein
	if !d.m.Unsaved.Scheduled {
		t.Fatal("no write scheduled after a rule change")
	}
	d.FireTimers()
	_, rec := keptRecord(t, dir)
	if rec.Format != 2 || !strings.Contains(string(rec.Rules), `".invoice_number": "levenshtein"`) || rec.RulesFile.SHA256 != "cc" {
		t.Fatalf("kept format %d, rules file %+v, rules:\n%s", rec.Format, rec.RulesFile, rec.Rules)
	}
	// A weight too, and a signal.
	selectPath(t, d, ".currency")
	d.Keys("-")
	afterRule := opening + 0.9375/15
	tuned := total(d)
	if math.Abs(tuned-afterRule) < 1e-6 {
		t.Fatal("the weight edit changed nothing")
	}
	ie, ok := tuitest.FinishErr(d.m, syscall.SIGHUP, nil, nil).(*shell.Interrupted)
	if !ok {
		t.Fatal("not interrupted")
	}
	kept, rec := keptRecord(t, dir)
	if want := "the explorer ended on SIGHUP; the unsaved weights and rules are kept in " + kept +
		", and opening the pair again offers them"; !ie.KeptRules || ie.Error() != want {
		t.Errorf("interrupted: %q, want %q", ie.Error(), want)
	}
	if !strings.Contains(string(rec.Weights), `"currency": 0.95`) || !strings.Contains(string(rec.Rules), `".invoice_number": "levenshtein"`) {
		t.Fatalf("kept at the signal:\n%s\n%s", rec.Weights, rec.Rules)
	}
	return tuned, kept
}

// checkUndoRedoSave checks, after restoring the rules and weights kept
// in dir: u takes back both as one step, ctrl+r does both again, saving
// both removes the file, and u after the save makes the rules before
// unsaved against the file as saved.
func checkUndoRedoSave(t *testing.T, d *driver, dir string, opening, tuned float64) {
	t.Helper()
	// One step: u takes back the weight and the rule.
	d.Keys("u")
	if got := total(d); math.Abs(got-opening) > 1e-9 {
		t.Errorf("undone: total %.17g, want the opening's %.17g", got, opening)
	}
	if r, _ := d.m.rules.Rule(".invoice_number"); r.String() != "exact" || d.m.rules.Changed() || d.m.wsess.Dirty() {
		t.Errorf("undone: rule %v, rules changed %v, weights dirty %v", r, d.m.rules.Changed(), d.m.wsess.Dirty())
	}
	if files, _ := filepath.Glob(filepath.Join(dir, ".weights.json.recovery-*.json")); len(files) != 0 {
		t.Errorf("nothing is unsaved, yet %q", files)
	}
	// Told against the total before the undo, not the one between its
	// weights and its rules.
	if want := "undid: restore the unsaved weights and rules of"; !strings.Contains(d.Screen(), want) ||
		!strings.Contains(d.Screen(), ": total "+common.Fixed5(opening)+" (was "+common.Fixed5(tuned)+")") {
		t.Errorf("status:\n%s", d.Screen())
	}
	d.Keys("ctrl+r")
	if got := total(d); math.Abs(got-tuned) > 1e-9 || !d.m.rules.Changed() {
		t.Errorf("redone: total %.17g, want %.17g; rules changed %v", got, tuned, d.m.rules.Changed())
	}
	d.FireTimers()
	keptRecord(t, dir)

	// Saving both removes the file.
	d.Keys("ctrl+s")
	if !strings.Contains(d.Screen(), "save weights to: "+filepath.Join(dir, "weights.json")) {
		t.Fatalf("ctrl+s saved the rules, then should ask where the weights go:\n%s", d.Screen())
	}
	d.Keys("enter")
	if files, _ := filepath.Glob(filepath.Join(dir, ".weights.json.recovery-*.json")); len(files) != 0 || d.m.UnsavedDirty() {
		t.Errorf("after saving: %q, unsaved %v\n%s", files, d.m.UnsavedDirty(), d.Screen())
	}
	if got := tuitest.ReadFile(t, filepath.Join(dir, "rules.json")); !strings.Contains(got, `".invoice_number": "levenshtein"`) {
		t.Errorf("rules saved:\n%s", got)
	}
	// Undone after the save, the rule the file had before is unsaved,
	// against the file as saved.
	d.Keys("u")
	if r, _ := d.m.rules.Rule(".invoice_number"); r.String() != "exact" || !d.m.rules.Changed() || !d.m.wsess.Dirty() {
		t.Errorf("undone after the save: rule %v, rules changed %v, weights dirty %v", r, d.m.rules.Changed(), d.m.wsess.Dirty())
	}
	d.FireTimers()
	if _, rec := keptRecord(t, dir); !strings.Contains(string(rec.Rules), `".invoice_number": "exact"`) {
		t.Errorf("kept after the undo:\n%s", rec.Rules)
	}
}
