package datasetpage

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/tui/datasetpage/dsdata"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/gen"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/shell"
)

// TestDatasetTreeKeys: the pair's tree keys on the paths of a dataset.
func TestDatasetTreeKeys(t *testing.T) {
	d := newDSDriver(t, smallDataset(t, "dark"), 120, 35)
	sel := func() string { return d.m.tree.SelectedPath() }
	d.Keys("]")
	if sel() != ".vendor" || d.statusText() != ".vendor loses 0.10447 of the dataset's score" {
		t.Errorf("]: %s, %q", sel(), d.statusText())
	}
	d.Keys("W")
	if sel() != ".paid" || !strings.HasPrefix(d.statusText(), "the costliest leaf: .paid loses 0.13158") {
		t.Errorf("W: %s, %q", sel(), d.statusText())
	}
	d.Keys("[")
	if sel() != ".total" {
		t.Errorf("[: %s", sel())
	}
	d.Keys("o")
	if d.statusText() != "children in loss (largest first) order" || d.m.tree.Outline().Row(1).Index != d.m.ds.Scored.PathIndex(".paid") {
		t.Errorf("o: %q, first child %s", d.statusText(), d.m.ds.Paths[d.m.tree.Outline().Row(1).Index].Path)
	}
	d.Keys("o", "o", "g", "/", "type:pri", "enter")
	if sel() != ".items[].price" || d.statusText() != `"pri": 1 match · .items[].price` {
		t.Errorf("/pri: %s, %q", sel(), d.statusText())
	}
	d.Keys("1")
	if d.m.tree.Outline().Len() != 7 || sel() != "." && sel() != ".items" {
		t.Errorf("1: %d rows, on %s", d.m.tree.Outline().Len(), sel())
	}
	// A second search starts afresh, the last one offered as a hint, as
	// a pair's does; enter on nothing clears it.
	d.Keys("/")
	if v := d.m.Prompt.Value(); v != "" || !strings.Contains(d.Screen(), "/ pri") {
		t.Errorf("/ again opens with %q:\n%s", v, d.Screen())
	}
	d.Keys("type:paid", "enter")
	if sel() != ".paid" || !strings.HasPrefix(d.statusText(), `"paid": 1 match · .paid`) {
		t.Errorf("/paid after /pri: %s, %q", sel(), d.statusText())
	}
	d.Keys("/", "enter")
	if d.m.tree.Searched() || d.statusText() != "search cleared" {
		t.Errorf("/ enter: %q", d.statusText())
	}
	d.Keys("F")
	if !strings.HasPrefix(d.statusText(), "failing only: 2 of 11 paths hidden") {
		t.Errorf("F: %q", d.statusText())
	}
	d.Keys("F", "g", "w")
	if d.m.Mode != shell.ModeNormal || d.statusText() != "the root has no weight: its score is the dataset's" {
		t.Errorf("w on the root: %q", d.statusText())
	}
	d.Keys("m")
	if d.m.Mode != shell.ModeMetric || !strings.Contains(d.Screen(), "jsondiff (in force)") {
		t.Errorf("m: mode %d, %q", d.m.Mode, d.statusText())
	}
	d.Keys("esc", "Y")
	if d.m.Mode != shell.ModeNormal || !strings.Contains(d.statusText(), "open a case") {
		t.Errorf("esc, Y: mode %d, %q", d.m.Mode, d.statusText())
	}
	// Without a rescorer (a dataset read from standard input), m, C and
	// p say why.
	opts := smallDataset(t, "dark")
	opts.RescoreDataset, opts.Files.Reference = nil, "<stdin>"
	d = newDSDriver(t, opts, 120, 35)
	for _, k := range []string{"m", "C", "p"} {
		d.Keys(k)
		if d.m.Mode != shell.ModeNormal || !strings.Contains(d.statusText(), "read from standard input") {
			t.Errorf("%s without a rescorer: %q", k, d.statusText())
		}
	}
}

// TestDatasetCasesPane: the scored cases, lowest first (the missing
// inv-005 left out and counted); o orders by id and reference order; /
// finds an id; f on a path lists those that lose points there, saying
// how many and that the missing one is not listed, and f again lists
// all.
func TestDatasetCasesPane(t *testing.T) {
	d := newDSDriver(t, smallDataset(t, "dark"), 120, 35)
	ids := func() string {
		var out []string
		for _, k := range d.m.order.Cases() {
			out = append(out, d.m.ds.Scored.CaseID(k))
		}
		return strings.Join(out, " ")
	}
	d.Keys("c")
	if got := ids(); got != "inv-004 inv-003 inv-006 inv-002 inv-001" {
		t.Errorf("lowest first: %s", got)
	}
	d.Keys("o")
	if got := ids(); got != "inv-001 inv-002 inv-003 inv-004 inv-006" || d.statusText() != "cases by id" {
		t.Errorf("by id: %s, %q", got, d.statusText())
	}
	d.Keys("o", "o")
	if d.statusText() != "cases lowest score first" {
		t.Errorf("o wraps: %q", d.statusText())
	}
	d.Keys("/", "type:006", "enter")
	if k, _ := d.m.cases.Selected(); d.m.ds.Scored.CaseID(k) != "inv-006" || d.statusText() != `"006": 1 case · inv-006` {
		t.Errorf("/006: %q", d.statusText())
	}
	d.Keys("/")
	if v := d.m.Prompt.Value(); v != "" {
		t.Errorf("/ again opens with %q", v)
	}
	d.Keys("type:002", "enter")
	if k, _ := d.m.cases.Selected(); d.m.ds.Scored.CaseID(k) != "inv-002" {
		t.Errorf("/002 after /006: %q", d.statusText())
	}
	d.Keys("esc", "j", "j", "j", "f")
	if got := ids(); got != "inv-003 inv-004" || d.m.view != dsdata.ViewCases ||
		d.statusText() != "2 of 6 cases lose points at .paid · 1 missing not listed · f lists every case" {
		t.Errorf("f on .paid: %s, %q", got, d.statusText())
	}
	if !strings.Contains(d.Screen(), "Cases  losing points at .paid: 2 of 6") {
		t.Errorf("the pane does not say so:\n%s", d.Screen())
	}
	// A weight of 0 at the path: no case loses points there any more.
	d.Keys("esc", "x")
	if d.m.ds.Scored.Paths()[d.m.ds.Scored.PathIndex(".paid")].Weight != 0 {
		t.Fatal("x did not zero .paid")
	}
	d.Keys("c")
	if got := ids(); got != "" {
		t.Errorf("after x: %s", got)
	}
	d.Keys("u", "f")
	if got := ids(); len(strings.Fields(got)) != 5 || d.statusText() != "every case: 5 listed · 1 missing not listed" {
		t.Errorf("f again: %s, %q", got, d.statusText())
	}
}

// TestDatasetHeatMap: the cursor names the case, the path and the
// score; enter opens the case at the path; a weight key acts on the
// row's path.
func TestDatasetHeatMap(t *testing.T) {
	d := newDSDriver(t, smallDataset(t, "dark"), 120, 35)
	d.Keys("v", "j", "j", "j", "l") // the second case listed (inv-005, missing, is not)
	if !strings.Contains(d.Screen(), "case inv-003 · .paid · score 0") {
		t.Errorf("cursor line:\n%s", d.Screen())
	}
	d.Keys("-")
	if w, _ := d.m.ds.Scored.Weight(".paid"); w != 0.95 || !strings.HasPrefix(d.statusText(), "weight of .paid 1 → 0.95") {
		t.Errorf("- in the heat map: %v, %q", w, d.statusText())
	}
	d.Keys("enter")
	if d.m.open == nil || d.m.open.id != "inv-003" {
		t.Fatal("enter did not open inv-003")
	}
	if p := d.m.open.m.SelectedPath(); p != ".paid" {
		t.Errorf("the case opened at %s", p)
	}
	d.Keys("esc")
	if d.m.open != nil || d.m.view != dsdata.ViewHeat {
		t.Error("esc did not come back to the heat map")
	}
}

// TestDatasetCaseWeights: a weight tuned in a case opened as a pair
// weighs every case once back, as one step that u undoes.
func TestDatasetCaseWeights(t *testing.T) {
	d := newDSDriver(t, smallDataset(t, "dark"), 120, 35)
	before := d.m.ds.Stats.Mean
	d.Keys("c", "enter")
	if d.m.open == nil {
		t.Fatal("no case opened")
	}
	d.Keys("g", "j", "w", "type:0.5", "enter", "esc")
	if w, _ := d.m.ds.Scored.Weight(".vendor"); w != 0.5 {
		t.Errorf(".vendor weighs %v", w)
	}
	if !strings.Contains(d.statusText(), "back from case inv-004: 1 weight tuned there now weighs every case") {
		t.Errorf("status %q", d.statusText())
	}
	d.Keys("u")
	if w, _ := d.m.ds.Scored.Weight(".vendor"); w != 1 || d.m.ds.Stats.Mean != before {
		t.Errorf("undo: .vendor %v, score %v", w, d.m.ds.Stats.Mean)
	}
}

// TestDatasetCaseOpenFails: a case that cannot be read again says why,
// and the dataset stays.
func TestDatasetCaseOpenFails(t *testing.T) {
	opts := smallDataset(t, "dark")
	opts.OpenCase = func(context.Context, *dataset.Scored, int) (*dataset.OneCase, error) {
		return nil, errors.New("the dataset was read from standard input: its cases cannot be read again")
	}
	d := newDSDriver(t, opts, 80, 24)
	d.Keys("c", "enter")
	if d.m.open != nil || d.statusText() != "case inv-004: the dataset was read from standard input: its cases cannot be read again" {
		t.Errorf("status %q", d.statusText())
	}
}

// TestDatasetLoading: the loading screen shows the progress; q quits at
// once, cancelling the load; a load that fails ends the explorer with
// its error.
func TestDatasetLoading(t *testing.T) {
	started := make(chan context.Context, 1)
	opts := ports.DatasetOptions{Files: ports.Files{Reference: "big.jsonl", Output: "big.jsonl"}, Theme: "dark",
		Load: func(ctx context.Context, progress func(ports.DatasetProgress)) (*dataset.Result, error) {
			progress(ports.DatasetProgress{Cases: 1200, Read: 3 << 20, Total: 12 << 20})
			started <- ctx
			<-ctx.Done()
			return nil, ctx.Err()
		}}
	m := New(opts)
	// The commands run on goroutines of their own, as the program runs
	// them: the load blocks in its own.
	var runAll func(tea.Cmd)
	runAll = func(c tea.Cmd) {
		if c == nil {
			return
		}
		go func() {
			if b, ok := c().(tea.BatchMsg); ok {
				for _, x := range b {
					runAll(x)
				}
			}
		}()
	}
	runAll(m.Init())
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 20})
	m.Update(tuitest.KeyMsg("x"))
	ctx := <-started
	screen := tuitest.StripANSI(m.load.view(m.C, m.opts.Files, m.QuitHint()))
	if !strings.Contains(screen, "loading the dataset big.jsonl") || !strings.Contains(screen, "1,200 cases scored · 3.0 MB of 12.0 MB done (about 4,800 cases in all)") {
		t.Errorf("loading screen:\n%s", screen)
	}
	m.Update(tuitest.KeyMsg("q"))
	<-ctx.Done()
	fail := New(ports.DatasetOptions{Load: func(context.Context, func(ports.DatasetProgress)) (*dataset.Result, error) {
		return nil, errors.New("data.jsonl:3:7: invalid character")
	}})
	fail.Init()
	fail.Update(dsLoadedMsg{err: errors.New("data.jsonl:3:7: invalid character")})
	if fail.Err() == nil || fail.Err().Error() != "data.jsonl:3:7: invalid character" {
		t.Errorf("the load's error: %v", fail.Err())
	}
}

// TestDatasetHeaderDeltas: after a re-weight the score line of a 120
// column screen keeps the change since opening, which is what moved;
// the change since the save follows where there is room.
func TestDatasetHeaderDeltas(t *testing.T) {
	d := newDSDriver(t, smallDataset(t, "mono"), 120, 35)
	d.Keys("j", "-")
	line := strings.Split(d.Screen(), "\n")[1]
	if !strings.Contains(line, "  Δ opening −0.00067") {
		t.Errorf("score line at 120: %q", line)
	}
	d.Send(tea.WindowSizeMsg{Width: 140, Height: 35})
	line = strings.Split(d.Screen(), "\n")[1]
	if !strings.HasSuffix(strings.TrimRight(line, " "), "  Δ opening −0.00067  Δ save −0.00067") {
		t.Errorf("score line at 140: %q", line)
	}
}

// generatedInTemp returns a generated one-file dataset of n cases (what
// `jsontui-gen -dataset records -cases N -seed 1` writes) scored and held
// for re-weighting, as the explorer opens it.
func generatedInTemp(t *testing.T, n int) ports.DatasetOptions {
	t.Helper()
	p := filepath.Join(t.TempDir(), "data.jsonl")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := gen.WriteRecords(f, gen.DatasetOptions{Cases: n, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	src, err := dataset.Open(dataset.Spec{Ref: p})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { src.Close() })
	res, err := dataset.Score(context.Background(), src, dataset.Config{Keep: true})
	if err != nil {
		t.Fatal(err)
	}
	return ports.DatasetOptions{Files: ports.Files{Reference: "data.jsonl", Output: "data.jsonl"}, Loaded: res, Theme: "mono"}
}

// TestDatasetHeatMapPages: the page keys move the heat map's window a
// screen of cases on and back, the cursor keeping its column in it, so
// that a page back shows the cases shown before.
func TestDatasetHeatMapPages(t *testing.T) {
	d := newDSDriver(t, generatedInTemp(t, 300), 120, 35)
	window := func() string {
		line := strings.Split(d.Screen(), "\n")[3]
		return line[strings.LastIndex(line, "cases "):]
	}
	d.Keys("c", "s", "v", "l") // every case listed, its missing one too
	if w := window(); w != "cases 1–91 of 300" || heatCol(d.m) != 1 {
		t.Fatalf("the first screen: %q, cursor on %d", w, heatCol(d.m))
	}
	d.Keys("pgdown")
	if w := window(); w != "cases 92–182 of 300" || heatCol(d.m) != 92 {
		t.Errorf("a page on: %q, cursor on %d", w, heatCol(d.m))
	}
	d.Keys("ctrl+d", "ctrl+d")
	if w := window(); w != "cases 210–300 of 300" || heatCol(d.m) != 274 {
		t.Errorf("to the end: %q, cursor on %d", w, heatCol(d.m))
	}
	d.Keys("pgup")
	if w := window(); w != "cases 119–209 of 300" || heatCol(d.m) != 183 {
		t.Errorf("a page back from the end: %q, cursor on %d", w, heatCol(d.m))
	}
	d.Keys("ctrl+u", "ctrl+u")
	if w := window(); w != "cases 1–91 of 300" || heatCol(d.m) != 1 {
		t.Errorf("back to the start: %q, cursor on %d", w, heatCol(d.m))
	}
	d.Keys("pgup")
	if w := window(); w != "cases 1–91 of 300" || heatCol(d.m) != 0 {
		t.Errorf("a page back at the start: %q, cursor on %d", w, heatCol(d.m))
	}
}

// heatCol returns the column of the heat map's cursor.
func heatCol(m *Model) int {
	_, col := m.heat.Cursor()
	return col
}
