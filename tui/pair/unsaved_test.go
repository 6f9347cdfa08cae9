package pair

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/recovery"
	"github.com/jsontui/jsontui/tui/shell"
)

// keptPizza is the pizza case with its weights file in a folder of its
// own, and the keeper of an explorer's unsaved weights over it.
type keptPizza struct {
	tuitest.KeptFolder
}

func newKeptPizza(t *testing.T) *keptPizza {
	t.Helper()
	return &keptPizza{tuitest.NewKeptFolder(t, pizzaDir)}
}

// opts returns the options of an explorer on the pair, with a keeper.
func (k *keptPizza) opts(t *testing.T) ports.Options {
	opts := pizza(t)
	opts.Files.SavePath = k.Weights
	opts.Recovery = k.Keeper(recovery.Pair{
		Reference: recovery.Input{Path: "/cases/pizza/reference.json", SHA256: "aa"},
		Output:    recovery.Input{Path: "/cases/pizza/output.json", SHA256: "bb"},
	})
	return opts
}

// keptWeights returns the weights the only recovery file holds.
func (k *keptPizza) keptWeights(t *testing.T) string {
	t.Helper()
	_, rec := k.OnlyRecord(t)
	return string(rec.Weights)
}

// TestUnsavedWeightsKept: a weight edit is written to the recovery file
// once the delay has passed (not at every key), later edits replace it,
// and a save, or an undo back to the saved weights, removes it.
func TestUnsavedWeightsKept(t *testing.T) {
	k := newKeptPizza(t)
	d := newDriver(t, k.opts(t), 100, 30)
	d.CheckUnsavedKept(&d.m.Shell, k.KeptFolder, tuitest.KeptEdits{
		Select: []string{"j", "j", "j"}, First: `"beer": 0.2,`, Second: `"beer": 0.15,`, Kept: k.keptWeights})
}

// TestUnsavedWeightsOffered: an explorer that a signal ends keeps its
// unsaved weights and records the state at quit; the next explorer on
// the pair offers them, restores them as an undoable step, and takes the
// recovery file over.
func TestUnsavedWeightsOffered(t *testing.T) {
	k := newKeptPizza(t)
	rec := &fakeRecorder{}
	opts := k.opts(t)
	opts.Recorder = rec
	d := newDriver(t, opts, 100, 30)
	d.Keys("j", "j", "j", "-")
	err := tuitest.FinishErr(d.m, syscall.SIGHUP, nil, nil)
	ie, ok := err.(*shell.Interrupted)
	if !ok || ie.Err != nil || ie.ExitCode() != 129 {
		t.Fatalf("finish: %v", err)
	}
	files := k.Files(t)
	if len(files) != 1 || ie.Kept != files[0] || !strings.Contains(k.keptWeights(t), `"beer": 0.2,`) {
		t.Fatalf("kept %q; files %q", ie.Kept, files)
	}
	if len(rec.runs) != 2 || rec.runs[1].Event != ports.RunQuit || !strings.Contains(string(rec.runs[1].WeightsJSON), `"beer": 0.2,`) {
		t.Fatalf("recorded %d runs", len(rec.runs))
	}

	d = newDriver(t, k.opts(t), 160, 40)
	if d.m.Mode != shell.ModeRecover {
		t.Fatalf("no offer:\n%s", d.Screen())
	}
	for _, want := range []string{"1 weight differs from those in force", ".beer  0.25 → 0.2", files[0], "r restore"} {
		if !strings.Contains(tuitest.BoxText(d.Screen()), want) {
			t.Errorf("the offer does not say %q:\n%s", want, d.Screen())
		}
	}
	d.Keys("r")
	if !strings.Contains(d.Screen(), "restored the unsaved weights of") || !d.m.wsess.Dirty() {
		t.Fatalf("not restored:\n%s", d.Screen())
	}
	now := k.Files(t)
	if len(now) != 1 || now[0] == files[0] || !strings.Contains(k.keptWeights(t), `"beer": 0.2,`) {
		t.Fatalf("after restoring, recovery files %q (was %q)", now, files)
	}
	// Restoring is one step: u takes it back, and nothing is unsaved.
	d.Keys("u")
	if d.m.wsess.Dirty() || len(k.Files(t)) != 0 {
		t.Fatalf("undo: dirty %v, files %q", d.m.wsess.Dirty(), k.Files(t))
	}
}

// TestUnsavedWeightsDiscardOrKeep: two files of the pair are offered in
// turn, newest first; d removes one, k keeps the other for a later
// opening. A file whose weights are those in force is removed unasked.
func TestUnsavedWeightsDiscardOrKeep(t *testing.T) {
	k := newKeptPizza(t)
	for _, key := range []string{"-", "+"} {
		d := newDriver(t, k.opts(t), 100, 30)
		if d.m.Mode == shell.ModeRecover {
			d.Keys("k")
		}
		d.Keys("j", "j", "j", key)
		if _, err := d.m.SettleUnsaved(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(10 * time.Millisecond) // distinct times
	}
	// Weights that are those in force already.
	d := newDriver(t, k.opts(t), 100, 30)
	if d.m.Mode == shell.ModeRecover {
		d.Keys("k")
	}
	if d.m.Mode == shell.ModeRecover {
		d.Keys("k")
	}
	d.Keys("j", "j", "j", "-", "+")
	if _, err := k.keeperKeep(t, d.m); err != nil {
		t.Fatal(err)
	}
	if len(k.Files(t)) != 3 {
		t.Fatalf("files %q", k.Files(t))
	}

	d = newDriver(t, k.opts(t), 100, 30)
	if len(k.Files(t)) != 2 {
		t.Errorf("the file of the weights in force is still there: %q", k.Files(t))
	}
	if !strings.Contains(d.Screen(), "1 more kept for this pair") || !strings.Contains(d.Screen(), "0.25 → 0.3") {
		t.Fatalf("first offer:\n%s", d.Screen())
	}
	d.Keys("d")
	if d.m.Mode != shell.ModeRecover || !strings.Contains(d.Screen(), "0.25 → 0.2") || strings.Contains(d.Screen(), "more kept") {
		t.Fatalf("second offer:\n%s", d.Screen())
	}
	d.Keys("k")
	if d.m.Mode != shell.ModeNormal || !strings.Contains(d.Screen(), "for later") {
		t.Fatalf("after keeping:\n%s", d.Screen())
	}
	if w := k.keptWeights(t); !strings.Contains(w, `"beer": 0.2,`) {
		t.Fatalf("kept:\n%s", w)
	}
}

// keeperKeep writes the weights in force of m through its keeper, as the
// delay's end does.
func (k *keptPizza) keeperKeep(t *testing.T, m *Model) (string, error) {
	t.Helper()
	return m.Unsaved.Keeper.Keep(m.Unsaved.Next(), m.wsess.Tree().MarshalWeights(), m.UnsavedRules())
}

// TestUnsavedOfferScreens shows the offer of a file kept by another
// process, for an output that changed since, over the pizza (golden
// files; go test ./tui -update writes them), the offer of a file that
// does not read, and of files with unsaved rules (over a rules file that
// changed since), which read or do not.
func TestUnsavedOfferScreens(t *testing.T) {
	saved := time.Date(2025, 11, 23, 15, 4, 5, 0, time.Local)
	good := recovery.Found{
		Path: "/home/ana/pizza/.weights.json.recovery-5d41402abc4b2a76-9f86d081.json",
		Record: recovery.Record{Format: 1, Saved: saved, PID: 4242, Weights: json.RawMessage(
			`{"margherita": 0.5, "beer": 0.2, "fixed_menus": {"__fixed_menus": 0.8, "menu_name": 0.0, "pizza": 0.75, "drink": 0.5, "price": 1.0}, "tip": 1}`)},
		Changed: []string{"output"},
	}
	bad := recovery.Found{Path: good.Path, Record: recovery.Record{Saved: saved},
		Err: &os.PathError{Op: "read", Path: good.Path, Err: syscall.EIO}}
	// Unsaved rules too, over a rules file that changed since.
	rules := good
	rules.Format = 2
	rules.Rules = json.RawMessage(`{".fixed_menus[].pizza": "jaro-winkler", ".fixed_menus[].price": {"abs_tol": 0.5}}`)
	rules.Changed = []string{"rules file"}
	badRules := rules
	badRules.Rules = json.RawMessage(`{".fixed_menus[].pizza": "jaro"}`)
	for _, c := range []struct {
		name  string
		found []recovery.Found
		w, h  int
	}{
		{"offer", []recovery.Found{good}, 100, 30},
		{"offer", []recovery.Found{good}, 80, 24},
		{"offer-unreadable", []recovery.Found{bad, good}, 100, 30},
		{"offer-rules", []recovery.Found{rules}, 100, 30},
		{"offer-rules", []recovery.Found{rules}, 80, 24},
		{"offer-rules-unreadable", []recovery.Found{badRules}, 100, 30},
	} {
		t.Run(c.name+"-"+tuitest.Itoa(c.w)+"x"+tuitest.Itoa(c.h), func(t *testing.T) {
			d := newDriver(t, pizza(t), c.w, c.h)
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

// BenchmarkUnsavedWrite times a write of the recovery file after an edit
// on a reference of 10k, 100k and 1M distinct keys (1M left out with
// -short; nested objects of at most 100 keys each) under a weights file
// with an entry for every key:
// the part on the UI goroutine (the weights file's text, made once per
// delay however many edits were made in it) and the write in the
// background.
func BenchmarkUnsavedWrite(b *testing.B) {
	sizes := []int{10_000, 100_000, 1_000_000}
	if testing.Short() {
		sizes = sizes[:2]
	}
	for _, n := range sizes {
		b.Run(tuitest.Itoa(n)+"-keys", func(b *testing.B) {
			var src, wsrc strings.Builder
			nestedKeys(&src, n, "")
			nestedKeys(&wsrc, n, "0.5")
			doc, err := jsondoc.Parse("ref.json", []byte(src.String()), nil)
			if err != nil {
				b.Fatal(err)
			}
			w, err := scoring.ParseWeights("weights.json", []byte(wsrc.String()))
			if err != nil {
				b.Fatal(err)
			}
			t, err := scoring.Build(doc, doc, w, scoring.Options{})
			if err != nil {
				b.Fatal(err)
			}
			dir := b.TempDir()
			k := recovery.New(func() (recovery.Pair, error) {
				return recovery.Pair{SaveTo: filepath.Join(dir, "weights.json")}, nil
			}, "")
			var ui, bg time.Duration
			var seq uint64
			var size int
			for b.Loop() {
				start := time.Now()
				data := t.MarshalWeights()
				mid := time.Now()
				seq++
				if _, err := k.Keep(seq, data, nil); err != nil {
					b.Fatal(err)
				}
				ui, bg = ui+mid.Sub(start), bg+time.Since(mid)
				size = len(data)
			}
			ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) / float64(b.N) }
			b.ReportMetric(ms(ui), "ms-ui/op")
			b.ReportMetric(ms(bg), "ms-write/op")
			b.ReportMetric(float64(size)/(1<<20), "MB-weights")
		})
	}
}

// nestedKeys writes an object of n leaf keys in all: n keys when n is
// at most 100, else 100 objects of n/100 keys each, nested alike. The
// leaves are numbers, or value when it is not "" (a weights file).
func nestedKeys(b *strings.Builder, n int, value string) {
	b.WriteByte('{')
	if n <= 100 {
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			v := value
			if v == "" {
				v = tuitest.Itoa(i)
			}
			fmt.Fprintf(b, `"key%03d": %s`, i, v)
		}
	} else {
		for g := 0; g < 100; g++ {
			if g > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(b, `"group%03d": `, g)
			nestedKeys(b, n/100, value)
		}
	}
	b.WriteByte('}')
}

// TestUnsavedDiscardedStaysDiscarded: a weight changed just before the
// user quits and discards it leaves its write of the recovery file due;
// that write, when its time comes before the explorer has ended, writes
// nothing: the discarded weights are not kept.
func TestUnsavedDiscardedStaysDiscarded(t *testing.T) {
	k := newKeptPizza(t)
	d := newDriver(t, k.opts(t), 100, 30)
	d.Keys("j", "j", "j", "-") // the write is due in unsavedDelay
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
