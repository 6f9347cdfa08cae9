package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring/scoringtest"
	"github.com/jsontui/jsontui/tui/pair"
	"github.com/jsontui/jsontui/tui/ports"
)

// beerCounts is a weights file for the pizza case that lifts its score to
// 0.97266.
const beerCounts = `{"margherita": 0.2, "beer": 1, "fixed_menus": {"__fixed_menus": 1, "menu_name": 0, "pizza": 0.25}}`

// historyApp returns an app whose history store is store.
func historyApp(store string) *app {
	env := map[string]string{"JSONTUI_HISTORY": store}
	return &app{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, getenv: func(k string) string { return env[k] }}
}

// scoreRuns records runs of the pizza case with `jsontui score`: with the
// case's weights ("baseline"), with beerCounts ("beer counts"), and one of
// another pair. It returns the beerCounts weights file.
func scoreRuns(t *testing.T, store string) string {
	t.Helper()
	wlow := filepath.Join(t.TempDir(), "w-low.json")
	if err := os.WriteFile(wlow, []byte(beerCounts), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{pizza + "reference.json", pizza + "output.json", pizza + "weights.json", "--label", "baseline"},
		{pizza + "reference.json", pizza + "output.json", wlow, "--label", "beer counts"},
		{pizza + "output.json", pizza + "reference.json", "--label", "swapped"},
	} {
		if code, _, stderr := runWithHistory(t, store, "", append([]string{"score"}, args...)...); code != 0 {
			t.Fatalf("score %v: exit %d: %s", args, code, stderr)
		}
	}
	return wlow
}

func TestExplorerHistoryAdapter(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	wlow := scoreRuns(t, store)
	a := historyApp(store)
	opts, err := a.exploreInputs(ports.Options{}, pizza+"reference.json", pizza+"output.json", pizza+"weights.json")
	if err != nil {
		t.Fatal(err)
	}
	h := opts.History
	if h == nil || opts.Recorder == nil {
		t.Fatal("no history or no recorder")
	}
	runs, err := h.Runs(false)
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 2 || runs[0].Label != "beer counts" || runs[1].Label != "baseline" {
		t.Fatalf("the pair's runs: %+v", runs)
	}
	r := runs[0]
	if r.Source != "score" || r.Weights != rel(wlow) || r.Reference != pizza+"reference.json" || !r.HasDelta ||
		math.Abs(r.Delta-(0.972661-0.876013)) > 1e-6 || r.Time.Location() != time.Local || r.Metric != "jsondiff" {
		t.Errorf("summary %+v", r)
	}
	// A dataset's run, the newest, is not one the pair's explorer lists.
	if code, _, stderr := runWithHistory(t, store, "", "score", small+"data.jsonl", "--quiet"); code != 0 {
		t.Fatal(stderr)
	}
	all, err := h.Runs(true)
	if err != nil || len(all) != 3 || all[0].Label != "swapped" {
		t.Errorf("every run: %+v %v", all, err)
	}
	best, ok, err := h.Best(ports.RunConfig{Metric: "jsondiff"})
	if err != nil || !ok || best.ID != r.ID {
		t.Errorf("best %+v %v %v", best, ok, err)
	}
	d, err := h.Run(r.ID[:10])
	if err != nil {
		t.Fatal(err)
	}
	if d.ID != r.ID || string(d.WeightsJSON) == "" || len(d.Nodes) != 15 || d.Nodes[0].Path != "." || math.Abs(d.Nodes[0].Score-0.972661) > 1e-6 {
		t.Errorf("run %+v", d)
	}
	if _, err := h.Run("zzzz"); err == nil {
		t.Error("an unknown id was found")
	}
	if err := h.SetLabel(r.ID, "tuned"); err != nil {
		t.Fatal(err)
	}
	if runs, _ := h.Runs(false); runs[0].Label != "tuned" {
		t.Errorf("label %q", runs[0].Label)
	}
	// --no-history reads the history but records nothing.
	a.exploreHistory.noHistory = true
	opts, err = a.exploreInputs(ports.Options{}, pizza+"reference.json", pizza+"output.json", "")
	if err != nil || opts.Recorder != nil || opts.History == nil {
		t.Errorf("--no-history: recorder %v, history %v, %v", opts.Recorder, opts.History, err)
	}
}

// TestExplorerHistoryStdin checks that a reference read from standard
// input is matched by its content, not by its name "-".
func TestExplorerHistoryStdin(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	ref, err := os.ReadFile(pizza + "reference.json")
	if err != nil {
		t.Fatal(err)
	}
	other := strings.Replace(string(ref), "19.0", "39.0", 1)
	for _, in := range []string{string(ref), other} {
		if code, _, stderr := runWithHistory(t, store, in, "score", "-", pizza+"output.json"); code != 0 {
			t.Fatal(stderr)
		}
	}
	a := historyApp(store)
	a.stdin = strings.NewReader(other)
	opts, err := a.exploreInputs(ports.Options{}, "-", pizza+"output.json", "")
	if err != nil {
		t.Fatal(err)
	}
	runs, err := opts.History.Runs(false)
	all, _ := opts.History.Runs(true)
	if err != nil || len(runs) != 1 || len(all) != 2 || runs[0].ID != all[0].ID {
		t.Errorf("runs of this standard input: %+v %v", runs, err)
	}
	best, ok, err := opts.History.Best(ports.RunConfig{Metric: "jsondiff"})
	if err != nil || !ok || best.ID != runs[0].ID {
		t.Errorf("best %+v %v %v", best, ok, err)
	}
}

func TestExplorerHistoryNotLoaded(t *testing.T) {
	r := &explorerRecorder{a: historyApp(filepath.Join(t.TempDir(), "history.db"))}
	if _, err := r.Runs(false); err == nil {
		t.Error("runs listed before the inputs were loaded")
	}
	if _, _, err := r.Best(ports.RunConfig{Metric: "jsondiff"}); err == nil {
		t.Error("a best run before the inputs were loaded")
	}
}

// TestExplorerHistoryEndToEnd runs the explorer over a real store holding
// two `score` runs of the pizza: it records its opening, H lists the runs,
// R loads the weights of "beer counts", and quitting records the state at
// quit, which is that run's.
func TestExplorerHistoryEndToEnd(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	scoreRuns(t, store)
	a := historyApp(store)
	opts, err := a.exploreInputs(ports.Options{Theme: "dark", Metric: "jsondiff", NoMouse: true},
		pizza+"reference.json", pizza+"output.json", pizza+"weights.json")
	if err != nil {
		t.Fatal(err)
	}
	st := history.Open(store)
	thisPair := history.ListOptions{Reference: pizza + "reference.json", Output: pizza + "output.json"}
	before, err := st.List(thisPair)
	if err != nil || len(before) != 2 {
		t.Fatalf("%d runs before: %v", len(before), err)
	}
	beer := before[0]

	tm := teatest.NewTestModel(t, pair.New(opts), teatest.WithInitialTermSize(120, 40))
	wait := func(text string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(text)) },
			teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
	}
	press := func(keys ...string) {
		for _, k := range keys {
			tm.Send(tea.KeyPressMsg{Code: []rune(k)[0], Text: k})
		}
	}
	// The header names the best run; the opening is recorded.
	wait(beer.ID[:10])
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if runs, err := st.List(thisPair); err == nil && len(runs) == 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the opening was not recorded")
		}
	}
	press("H")
	wait("counts")
	// Newest first: the opening, then "beer counts".
	press("j", "R")
	wait("undoes")
	press("q")
	wait("anyway?")
	press("y")
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))

	after, err := st.List(thisPair)
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != 4 {
		t.Fatalf("%d runs after, want 4 (2 by score, the opening, the quit)", len(after))
	}
	quit, opened := after[0], after[1]
	if opened.Source != history.SourceTUI || opened.Label != "" || math.Abs(opened.Score-0.876013) > 1e-6 {
		t.Errorf("opening run %+v", opened)
	}
	if quit.Source != history.SourceTUI || quit.Label != "explorer quit" || math.Abs(quit.Score-beer.Score) > 1e-12 {
		t.Errorf("quit run %+v, want the score of %+v", quit, beer)
	}
	q, err := st.Get(quit.ID)
	if err != nil {
		t.Fatal(err)
	}
	b, err := st.Get(beer.ID)
	if err != nil {
		t.Fatal(err)
	}
	if d := history.Diff(b, q); len(d.Weights) != 0 || len(d.Changed) != 0 {
		t.Errorf("the state at quit differs from the loaded run: weights %+v, scores %+v", d.Weights, d.Changed)
	}
}

// TestExplorerSavedThenEdited: an explorer saves its weights, then goes
// on editing. The runs recorded after the save name the weights file as
// saved, and the recovery file of the later edits names it too, so that
// the next opening does not call the weights file "changed since". Before,
// both named the weights file as the explorer had opened it (its SHA-256
// then), though the explorer had overwritten it.
func TestExplorerSavedThenEdited(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	dir := t.TempDir()
	weights := filepath.Join(dir, "weights.json")
	if err := os.WriteFile(weights, []byte(scoringtest.Read(t, pizza+"weights.json")), 0o644); err != nil {
		t.Fatal(err)
	}
	a := historyApp(store)
	opts, err := a.exploreInputs(ports.Options{Theme: "dark", Metric: "jsondiff", NoMouse: true},
		pizza+"reference.json", pizza+"output.json", weights)
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, pair.New(opts), teatest.WithInitialTermSize(120, 40))
	wait := func(what string, ok func() bool) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); !ok(); time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("waited for %s", what)
			}
		}
	}
	press := func(keys ...string) {
		for _, k := range keys {
			tm.Send(tea.KeyPressMsg{Code: []rune(k)[0], Text: k})
		}
	}
	st := history.Open(store)
	runs := func(n int) func() bool {
		return func() bool { list, err := st.List(history.ListOptions{}); return err == nil && len(list) == n }
	}
	wait("the opening's run", runs(1))
	opened := scoringtest.Read(t, weights)
	press("j", "j", "j", "-")
	tm.Send(tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	wait("the save", func() bool { return scoringtest.Read(t, weights) != opened })
	wait("the save's run", runs(2))
	saved := history.NewFile(weights, []byte(scoringtest.Read(t, weights)))
	press("-")
	var kept []string
	wait("the recovery file", func() bool {
		kept, _ = filepath.Glob(filepath.Join(dir, ".weights.json.recovery-*.json"))
		return len(kept) == 1
	})
	var rec struct {
		WeightsFile history.File `json:"weights_file"`
	}
	if err := json.Unmarshal([]byte(scoringtest.Read(t, kept[0])), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.WeightsFile != saved {
		t.Errorf("the recovery file names the weights file %+v; it is %+v", rec.WeightsFile, saved)
	}
	press("q")
	press("y")
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	list, err := st.List(history.ListOptions{})
	if err != nil || len(list) != 3 {
		t.Fatalf("%d runs, %v", len(list), err)
	}
	for _, r := range list[:2] {
		if r.Weights != saved {
			t.Errorf("run %q names the weights file %+v; it is %+v", r.Label, r.Weights, saved)
		}
	}
	if list[2].Weights.SHA256 != history.NewFile(weights, []byte(opened)).SHA256 {
		t.Errorf("the opening's run names %+v", list[2].Weights)
	}
}
