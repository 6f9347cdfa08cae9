package datasetpage

import (
	"math"
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

// TestDatasetUnsavedRulesKeptAndRestored: a rule set with C on a dataset
// is kept in the recovery file, alone or with the weights, and a signal
// keeps both (as a pair's explorer keeps them); the next explorer on the
// dataset offers the rules that differ with the weights, restores both
// (the dataset scored again under the rules, the weights as one step) to
// the score it ended on, and takes the file over; saving the rules and
// the weights removes it, and saving the rules alone when the weights
// are the file's removes it too.
func TestDatasetUnsavedRulesKeptAndRestored(t *testing.T) {
	k := newKeptSmall(t)
	opts := func() ports.DatasetOptions {
		o := k.opts(t)
		o.Files.DefaultSave = k.Weights
		return o
	}
	d := newDSDriver(t, opts(), 120, 35)
	d.Keys("j", "C", "j", "enter") // .vendor: exact
	if r, _ := d.m.ds.Rules.Rule(".vendor"); r.String() != "exact" {
		t.Fatalf("the rule was not set: %s", d.statusText())
	}
	if !d.m.Unsaved.Scheduled {
		t.Fatal("no write scheduled after a rule change")
	}
	d.FireTimers()
	_, rec := k.OnlyRecord(t)
	if rec.Format != recovery.Format || !rec.Dataset || !strings.Contains(string(rec.Rules), `".vendor": "exact"`) {
		t.Fatalf("kept format %d, dataset %v, rules:\n%s", rec.Format, rec.Dataset, rec.Rules)
	}
	// A weight too, and a signal.
	d.Keys("-")
	tuned, _ := d.m.ds.Total()
	ie, ok := tuitest.FinishErr(d.m, syscall.SIGHUP, nil, nil).(*shell.Interrupted)
	if !ok {
		t.Fatal("not interrupted")
	}
	kept, rec := k.OnlyRecord(t)
	if want := "the explorer ended on SIGHUP; the unsaved weights and rules are kept in " + kept +
		", and opening the dataset again offers them"; !ie.KeptRules || ie.Error() != want {
		t.Errorf("interrupted: %q, want %q", ie.Error(), want)
	}
	if !strings.Contains(string(rec.Weights), `"vendor": 0.95`) || !strings.Contains(string(rec.Rules), `".vendor": "exact"`) {
		t.Fatalf("kept at the signal:\n%s\n%s", rec.Weights, rec.Rules)
	}

	// The next explorer on the dataset.
	d = newDSDriver(t, opts(), 120, 35)
	if d.m.Mode != shell.ModeRecover {
		t.Fatalf("no offer:\n%s", d.Screen())
	}
	box := tuitest.BoxText(d.Screen())
	for _, want := range []string{"Unsaved weights and rules of an explorer", "1 weight differs from those in force",
		".vendor  1 → 0.95", "1 rule differs from those in force (in force → kept):", ".vendor  default → exact", "r restore"} {
		if !strings.Contains(box, want) {
			t.Errorf("the offer does not say %q:\n%s", want, d.Screen())
		}
	}
	opening, _ := d.m.ds.Total()
	d.Keys("r")
	if got, _ := d.m.ds.Total(); math.Abs(got-tuned) > 1e-9 {
		t.Errorf("restored: score %.17g, want %.17g\n%s", got, tuned, d.Screen())
	}
	if r, _ := d.m.ds.Rules.Rule(".vendor"); r.String() != "exact" || !d.m.ds.Rules.Changed() || !d.m.ds.WSess.Dirty() {
		t.Fatalf("rules in force: %v, changed %v, weights dirty %v", r, d.m.ds.Rules.Changed(), d.m.ds.WSess.Dirty())
	}
	if s := d.statusText(); !strings.HasPrefix(s, "restored the unsaved weights and rules of ") ||
		!strings.Contains(s, "1 weight and 1 rule changed, score "+common.Fixed5(opening)+" → "+common.Fixed5(tuned)) {
		t.Errorf("status %q", s)
	}
	now, rec := k.OnlyRecord(t)
	if now == kept || !strings.Contains(string(rec.Rules), `".vendor": "exact"`) || !strings.Contains(string(rec.Weights), `"vendor": 0.95`) {
		t.Fatalf("after restoring: %s (was %s):\n%s\n%s", now, kept, rec.Weights, rec.Rules)
	}

	savedLeavesNothing(t, d, k)
}

// savedLeavesNothing checks that saving the weights and rules restored
// in d removes the recovery file of k, and that a rule changed alone and
// saved alone leaves nothing either.
func savedLeavesNothing(t *testing.T, d *dsDriver, k *keptSmall) {
	t.Helper()
	// Saving both removes the file.
	d.Keys("ctrl+s")
	if d.m.Mode != shell.ModeRulesPath {
		t.Fatalf("ctrl+s does not ask where the rules go:\n%s", d.Screen())
	}
	d.Keys("enter")
	if files := k.Files(t); len(files) != 0 || d.m.ds.Dirty() {
		t.Errorf("after saving: %q, unsaved %v\n%s", files, d.m.ds.Dirty(), d.Screen())
	}
	if got := tuitest.ReadFile(t, filepath.Join(k.Dir, "rules.json")); got != "{\n  \".vendor\": \"exact\"\n}\n" {
		t.Errorf("rules saved:\n%s", got)
	}

	// A rule alone, saved alone: nothing is left.
	d.Keys("j", "C", "j", "j", "enter")
	d.FireTimers()
	if _, rec := k.OnlyRecord(t); !strings.Contains(string(rec.Rules), `".vendor": "damerau"`) || d.m.ds.WSess.Dirty() {
		t.Fatalf("a rule alone: rules kept %s, weights dirty %v", rec.Rules, d.m.ds.WSess.Dirty())
	}
	d.Keys("ctrl+s")
	if files := k.Files(t); len(files) != 0 || d.m.ds.Dirty() {
		t.Errorf("after saving the rules alone: %q, unsaved %v\n%s", files, d.m.ds.Dirty(), d.Screen())
	}
}
