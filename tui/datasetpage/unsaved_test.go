package datasetpage

import (
	"encoding/json"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/recovery"
	"github.com/jsontui/jsontui/tui/shell"
)

// keptSmall is dataset-small with its weights file in a folder of its
// own, and the keeper of a dataset explorer's unsaved weights over it.
type keptSmall struct {
	tuitest.KeptFolder
}

func newKeptSmall(t *testing.T) *keptSmall {
	t.Helper()
	return &keptSmall{tuitest.NewKeptFolder(t, smallDir)}
}

// opts returns the options of an explorer on the dataset, with a keeper.
func (k *keptSmall) opts(t *testing.T) ports.DatasetOptions {
	opts := smallDataset(t, "mono")
	opts.Files.SavePath = k.Weights
	data := recovery.Input{Path: "/cases/dataset-small/data.jsonl", SHA256: "aa"}
	opts.Recovery = k.Keeper(recovery.Pair{Reference: data, Output: data, Dataset: true})
	return opts
}

// keptWeights returns the weights the only recovery file holds.
func (k *keptSmall) keptWeights(t *testing.T) string {
	t.Helper()
	path, rec := k.OnlyRecord(t)
	if !rec.Dataset {
		t.Errorf("%s does not say it is a dataset's", path)
	}
	return string(rec.Weights)
}

// TestDatasetUnsavedWeightsKept: a weight edit in a dataset is written to
// the recovery file once the delay has passed (not at every key), later
// edits replace it, a save removes it, and so does an undo back to the
// saved weights.
func TestDatasetUnsavedWeightsKept(t *testing.T) {
	k := newKeptSmall(t)
	d := newDSDriver(t, k.opts(t), 120, 35)
	d.CheckUnsavedKept(&d.m.Shell, k.KeptFolder, tuitest.KeptEdits{
		Select: []string{"j"}, First: `"vendor": 0.95`, Second: `"vendor": 0.9`, Kept: k.keptWeights})
	// Discarded on purpose: q, y leaves no file.
	d.Keys("-")
	d.FireTimers()
	d.Keys("q", "y")
	if files := k.Files(t); len(files) != 0 {
		t.Fatalf("left after quitting without saving on purpose: %q", files)
	}
}

// TestDatasetUnsavedWeightsOffered: a dataset's explorer that a signal
// ends keeps its unsaved weights; the next explorer on the dataset offers
// them in the pair's box, restores them to every case as one undoable
// step, and takes the recovery file over.
func TestDatasetUnsavedWeightsOffered(t *testing.T) {
	k := newKeptSmall(t)
	d := newDSDriver(t, k.opts(t), 120, 35)
	d.Keys("j", "-", "-")
	want, _ := d.m.ds.Total()
	if err := tuitest.FinishErr(d.m, syscall.SIGHUP, nil, nil); !strings.Contains(err.Error(), "opening the dataset again offers them") {
		t.Fatal(err)
	}
	files := k.Files(t)
	if len(files) != 1 {
		t.Fatalf("files %q", files)
	}

	d = newDSDriver(t, k.opts(t), 160, 40)
	if d.m.Mode != shell.ModeRecover {
		t.Fatalf("no offer:\n%s", d.Screen())
	}
	for _, want := range []string{"Unsaved weights of an explorer that ended without saving", "1 weight differs from those in force",
		".vendor  1 → 0.9", files[0], "r restore · d discard (delete the file) · k/esc keep for later"} {
		if !strings.Contains(tuitest.BoxText(d.Screen()), want) {
			t.Errorf("the offer does not say %q:\n%s", want, d.Screen())
		}
	}
	d.Keys("r")
	if got, _ := d.m.ds.Total(); got != want || !d.m.ds.Sess.Dirty() {
		t.Fatalf("restored: score %v, want %v:\n%s", got, want, d.Screen())
	}
	if s := d.statusText(); !strings.HasPrefix(s, "restored the unsaved weights of ") || !strings.Contains(s, "1 weight changed, score 0.55315 → ") {
		t.Errorf("status %q", s)
	}
	now := k.Files(t)
	if len(now) != 1 || now[0] == files[0] || !strings.Contains(k.keptWeights(t), `"vendor": 0.9`) {
		t.Fatalf("after restoring, recovery files %q (was %q)", now, files)
	}
	// Restoring is one step: u takes it back, and nothing is unsaved.
	d.Keys("u")
	if d.m.ds.Sess.Dirty() || len(k.Files(t)) != 0 {
		t.Fatalf("undo: dirty %v, files %q", d.m.ds.Sess.Dirty(), k.Files(t))
	}
}

// TestDatasetUnsavedWeightsDiscardOrKeep: two files of the dataset are
// offered in turn, newest first; d removes one, k keeps the other for a
// later opening. A file whose weights are those in force is removed
// unasked.
func TestDatasetUnsavedWeightsDiscardOrKeep(t *testing.T) {
	k := newKeptSmall(t)
	for _, key := range []string{"-", "x"} {
		d := newDSDriver(t, k.opts(t), 120, 35)
		for d.m.Mode == shell.ModeRecover {
			d.Keys("k")
		}
		d.Keys("j", key)
		if _, err := d.m.SettleUnsaved(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(10 * time.Millisecond) // distinct times
	}
	// Weights that are those in force already.
	d := newDSDriver(t, k.opts(t), 120, 35)
	for d.m.Mode == shell.ModeRecover {
		d.Keys("k")
	}
	d.Keys("j", "-", "+")
	if _, err := d.m.Unsaved.Keeper.Keep(d.m.Unsaved.Next(), mustMarshal(t, d.m), nil); err != nil {
		t.Fatal(err)
	}
	if len(k.Files(t)) != 3 {
		t.Fatalf("files %q", k.Files(t))
	}

	d = newDSDriver(t, k.opts(t), 120, 35)
	if len(k.Files(t)) != 2 {
		t.Errorf("the file of the weights in force is still there: %q", k.Files(t))
	}
	if !strings.Contains(d.Screen(), "1 more kept for this dataset") || !strings.Contains(tuitest.BoxText(d.Screen()), ".vendor  1 → 0") {
		t.Fatalf("first offer:\n%s", d.Screen())
	}
	d.Keys("d")
	if d.m.Mode != shell.ModeRecover || !strings.Contains(tuitest.BoxText(d.Screen()), ".vendor  1 → 0.95") || strings.Contains(d.Screen(), "more kept") {
		t.Fatalf("second offer:\n%s", d.Screen())
	}
	d.Keys("k")
	if d.m.Mode != shell.ModeNormal || !strings.Contains(d.statusText(), "kept for later (opening this dataset again offers it)") {
		t.Fatalf("after keeping:\n%s", d.Screen())
	}
	if w := k.keptWeights(t); !strings.Contains(w, `"vendor": 0.95`) {
		t.Fatalf("kept:\n%s", w)
	}
}

// mustMarshal returns the weights in force of m's dataset.
func mustMarshal(t *testing.T, m *Model) []byte {
	t.Helper()
	b, err := m.ds.Scored.MarshalWeights()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDatasetUnsavedOfferScreens shows the offer of a file a dataset's
// explorer kept in another process, over dataset-small whose file of
// records and weights file changed since (golden files; go test ./tui
// -update writes them), of one kept for two files of records whose
// outputs changed, of one that kept rules too, and of a file that does
// not read.
func TestDatasetUnsavedOfferScreens(t *testing.T) {
	saved := time.Date(2025, 11, 23, 15, 4, 5, 0, time.Local)
	good := recovery.Found{
		Path: "/home/ana/evals/.weights.json.recovery-7c2d1e0a9b8f6e54-1f2e3d4c.json",
		Record: recovery.Record{Format: 1, Saved: saved, PID: 4242, Dataset: true,
			Reference: recovery.Input{Path: "/home/ana/evals/data.jsonl"}, Output: recovery.Input{Path: "/home/ana/evals/data.jsonl"},
			Weights: json.RawMessage(
				`{"vendor": 0.5, "note": 0.0, "total": 1.0, "paid": 0.25, "items": {"__items": 0.8, "price": 0.75}, "po_number": 1}`)},
		Changed: []string{"reference", "output", "weights file"},
	}
	// Two files of records: the references and the outputs.
	twoFiles := good
	twoFiles.Output.Path = "/home/ana/evals/answers.jsonl"
	twoFiles.Changed = []string{"output"}
	// Rules too: set with C, never saved.
	withRules := good
	withRules.Format, withRules.Changed = recovery.Format, nil
	withRules.Rules = json.RawMessage(`{".vendor": "exact", ".items[].sku": {"normalize": ["case", "space"]}, ".total": {"abs_tol": 0.01}}`)
	bad := recovery.Found{Path: good.Path, Record: recovery.Record{Saved: saved},
		Err: &os.PathError{Op: "read", Path: good.Path, Err: syscall.EIO}}
	for _, c := range []struct {
		name  string
		found []recovery.Found
		w, h  int
	}{
		{"offer", []recovery.Found{good}, 120, 35},
		{"offer", []recovery.Found{good}, 80, 24},
		{"offer-two-files", []recovery.Found{twoFiles}, 120, 35},
		{"offer-rules", []recovery.Found{withRules}, 120, 35},
		{"offer-rules", []recovery.Found{withRules}, 80, 24},
		{"offer-unreadable", []recovery.Found{bad, good}, 120, 35},
		{"offer-unreadable", []recovery.Found{bad, good}, 80, 24},
	} {
		t.Run(c.name+"-"+tuitest.Itoa(c.w)+"x"+tuitest.Itoa(c.h), func(t *testing.T) {
			d := newDSDriver(t, smallDataset(t, "mono"), c.w, c.h)
			d.Send(shell.UnsavedFoundMsg{Found: c.found})
			if d.m.Mode != shell.ModeRecover {
				t.Fatalf("no offer:\n%s", d.Screen())
			}
			screen := d.Screen()
			tuitest.CheckSize(t, screen, c.w, c.h)
			golden.RequireEqual(t, []byte(screen))
		})
	}
}

// TestDatasetUnsavedDiscardedStaysDiscarded is
// TestUnsavedDiscardedStaysDiscarded for a dataset's explorer.
func TestDatasetUnsavedDiscardedStaysDiscarded(t *testing.T) {
	k := newKeptSmall(t)
	d := newDSDriver(t, k.opts(t), 120, 35)
	d.Keys("j", "-") // the write is due in unsavedDelay
	d.m.Update(tuitest.KeyMsg("q"))
	_, quit := d.m.Update(tuitest.KeyMsg("y")) // the program runs it a moment later
	_, cmd := d.m.Update(shell.UnsavedTickMsg{})
	tuitest.RunAll(cmd)
	if files := k.Files(t); len(files) != 0 {
		t.Errorf("the discarded weights were kept in %q", files)
	}
	if !tuitest.IsQuit(quit) {
		t.Error("y does not quit")
	}
}
