package pair

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/outline"
	"github.com/jsontui/jsontui/tui/pair/loading"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/shell"
)

// statusText returns the last line of the screen, trimmed.
func (d *driver) statusText() string {
	lines := strings.Split(d.Screen(), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

func (d *driver) selectedPath() string { return d.m.sess.Tree().Path(d.m.tree.Selected()) }

// goTo moves the cursor to the node at path, expanding what it must.
func (d *driver) goTo(path string) {
	d.T.Helper()
	t := d.m.sess.Tree()
	for id := 0; id < t.Len(); id++ {
		if t.Path(scoring.NodeID(id)) == path {
			d.m.tree.SelectNode(scoring.NodeID(id))
			return
		}
	}
	d.T.Fatalf("no node %s", path)
}

// rebuilt returns the total of the pizza rescored from scratch under a
// weights file: the figures an edit must reach without a rescore.
func rebuilt(t *testing.T, weights string) float64 {
	l := loadPair(t, tuitest.ReadFile(t, filepath.Join(pizzaDir, "reference.json")), tuitest.ReadFile(t, filepath.Join(pizzaDir, "output.json")), weights)
	tot, _ := l.Tree.Total()
	return tot
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

func TestWeightEditUpdatesTotal(t *testing.T) {
	d := newDriver(t, pizza(t), 80, 24)
	d.Keys("j", "j", "j")
	if got := d.selectedPath(); got != ".beer" {
		t.Fatalf("cursor on %s, want .beer", got)
	}
	d.Keys("w")
	if !strings.Contains(d.statusText(), "weight of .beer:") {
		t.Fatalf("no weight prompt: %q", d.statusText())
	}
	d.Keys("1", "enter")
	want := rebuilt(t, `{"beer": 1, "fixed_menus": {"__fixed_menus": 0.8, "menu_name": 0, "pizza": 0.5, "drink": 0.5}}`)
	got, _ := d.m.sess.Tree().Total()
	if !near(got, want) {
		t.Errorf("total %v after the edit, want %v", got, want)
	}
	if s := d.statusText(); !strings.HasPrefix(s, "weight of .beer 0.25 → 1") {
		t.Errorf("status %q", s)
	}
	if !strings.Contains(d.Screen(), "score 0.90048  Δ opening +0.02447") {
		t.Errorf("header does not show the new total:\n%s", d.Screen())
	}
}

func TestWeightAppliesToEveryElement(t *testing.T) {
	d := newDriver(t, pizza(t), 160, 45)
	d.goTo(".fixed_menus[1].pizza")
	d.Keys("w", "type:0.25", "enter")
	if s := d.statusText(); !strings.Contains(s, "weight of .fixed_menus[].pizza 0.5 → 0.25; applies to all 2 elements of .fixed_menus") {
		t.Errorf("status %q", s)
	}
	tr := d.m.sess.Tree()
	for id := 0; id < tr.Len(); id++ {
		if tr.Key(scoring.NodeID(id)) == "pizza" && tr.Weight(scoring.NodeID(id)) != 0.25 {
			t.Errorf("%s weighs %v", tr.Path(scoring.NodeID(id)), tr.Weight(scoring.NodeID(id)))
		}
	}
	// The row of the other element shows the changed weight, marked.
	if !strings.Contains(d.Screen(), "*0.25") {
		t.Error("changed weights are not marked")
	}
}

func TestWeightInputRefusesOutOfRange(t *testing.T) {
	d := newDriver(t, pizza(t), 80, 24)
	d.Keys("j", "j", "j", "w", "type:1.5", "enter")
	if d.m.Mode != shell.ModeWeight {
		t.Fatal("the prompt closed on a refused weight")
	}
	if s := d.statusText(); !strings.Contains(s, "✗ weight 1.5 is outside [0, 1]") {
		t.Errorf("status %q", s)
	}
	d.Keys("esc")
	if w := d.m.sess.Tree().Weight(3); w != 0.25 {
		t.Errorf("beer weighs %v after a refused edit", w)
	}
	d.Keys("w", "type:abc", "enter")
	if s := d.statusText(); !strings.Contains(s, `"abc" is not a number`) {
		t.Errorf("status %q", s)
	}
}

func TestNoWeightOfItsOwn(t *testing.T) {
	d := newDriver(t, pizza(t), 80, 24)
	d.Keys("w")
	if s := d.statusText(); !strings.HasPrefix(s, "the root has no weight of its own") {
		t.Errorf("root: %q", s)
	}
	d.goTo(".fixed_menus[0]")
	d.Keys("w")
	if s := d.statusText(); !strings.HasPrefix(s, ".fixed_menus[0] is an array element: elements weigh alike (1/2 each)") {
		t.Errorf("element: %q", s)
	}
	if d.m.Mode != shell.ModeNormal {
		t.Error("a prompt opened for a node without a weight")
	}
}

func TestNudgeToggleResetUndoRedo(t *testing.T) {
	d := newDriver(t, pizza(t), 80, 24)
	d.goTo(".beer")
	w := func() float64 { return d.m.sess.Tree().Weight(3) }
	steps := []struct {
		key  string
		want float64
	}{
		{"+", 0.3}, {"+", 0.35}, {"-", 0.3}, {"x", 0}, {"x", 0.3}, {"r", 0.25},
		{"u", 0.3}, {"u", 0}, {"ctrl+r", 0.3}, {"R", 0.25}, {"u", 0.3},
	}
	for i, s := range steps {
		d.Keys(s.key)
		if got := w(); got != s.want {
			t.Fatalf("step %d (%s): weight %v, want %v (status %q)", i, s.key, got, s.want, d.statusText())
		}
	}
	for range 30 {
		d.Keys("+")
	}
	if w() != 1 {
		t.Errorf("+ went past 1: %v", w())
	}
}

func TestSearch(t *testing.T) {
	d := newDriver(t, pizza(t), 80, 24)
	d.Keys("/", "type:pizza", "enter")
	if got := d.selectedPath(); got != ".fixed_menus[0].pizza" {
		t.Fatalf("first match %s", got)
	}
	if s := d.statusText(); !strings.HasPrefix(s, `"pizza": 2 matches · .fixed_menus[0].pizza`) {
		t.Errorf("status %q", s)
	}
	d.Keys("n")
	if got := d.selectedPath(); got != ".fixed_menus[1].pizza" {
		t.Errorf("next match %s", got)
	}
	d.Keys("n")
	if got := d.selectedPath(); got != ".fixed_menus[0].pizza" || !strings.Contains(d.statusText(), "(wrapped)") {
		t.Errorf("wrapped to %s, status %q", got, d.statusText())
	}
	d.Keys("N")
	if got := d.selectedPath(); got != ".fixed_menus[1].pizza" {
		t.Errorf("previous match %s", got)
	}
	// Values match too, and the search is case-insensitive for lower case.
	d.Keys("/", "type:COCA", "enter")
	if !strings.Contains(d.statusText(), "no key or value contains") {
		t.Errorf("capitals search exactly: %q", d.statusText())
	}
	d.Keys("/", "type:coca", "enter")
	if got := d.selectedPath(); got != ".fixed_menus[0].drink" {
		t.Errorf("value match %s", got)
	}
}

func TestNextLossAndOrder(t *testing.T) {
	d := newDriver(t, pizza(t), 80, 24)
	var got []string
	for range 5 {
		d.Keys("]")
		got = append(got, d.selectedPath())
	}
	want := []string{".margherita", ".fixed_menus", ".fixed_menus[1]", ".fixed_menus[1].pizza", ".fixed_menus[1].pizza"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("] visits %v, want %v", got, want)
	}
	d.Keys("[")
	if p := d.selectedPath(); p != ".fixed_menus[1]" {
		t.Errorf("[ went to %s", p)
	}
	d.Keys("g", "o")
	if d.m.tree.Outline().Order() != outline.ByLoss {
		t.Fatal("o did not order by loss")
	}
	var labels []string
	for _, id := range d.m.tree.Outline().Children(0) {
		labels = append(labels, d.m.sess.Tree().Label(id))
	}
	if strings.Join(labels, " ") != "margherita fixed_menus pepperoni beer" {
		t.Errorf("loss order %v", labels)
	}
}

func TestExpandCollapseKeys(t *testing.T) {
	d := newDriver(t, pizza(t), 80, 24)
	rows := func() int { return d.m.tree.Outline().Len() }
	if rows() != 7 {
		t.Fatalf("%d rows on opening, want 7 (two levels)", rows())
	}
	d.Keys("E")
	if rows() != 5 {
		t.Errorf("collapse all: %d rows", rows())
	}
	d.Keys("e")
	if rows() != 15 {
		t.Errorf("expand all: %d rows", rows())
	}
	d.Keys("1")
	if rows() != 5 {
		t.Errorf("depth 1: %d rows", rows())
	}
	d.Keys("G", "l")
	if rows() != 7 || d.selectedPath() != ".fixed_menus" {
		t.Errorf("l expands: %d rows on %s", rows(), d.selectedPath())
	}
	d.Keys("l")
	if d.selectedPath() != ".fixed_menus[0]" {
		t.Errorf("l on an open node goes to its first child: %s", d.selectedPath())
	}
	d.Keys("h")
	if d.selectedPath() != ".fixed_menus" {
		t.Errorf("h on a closed node goes to the parent: %s", d.selectedPath())
	}
	d.Keys("h")
	if rows() != 5 {
		t.Errorf("h collapses: %d rows", rows())
	}
	d.Keys("space")
	if rows() != 7 {
		t.Errorf("space toggles: %d rows", rows())
	}
	d.Keys("enter")
	if rows() != 5 {
		t.Errorf("enter toggles: %d rows", rows())
	}
}

func TestQuitAsksWhenUnsaved(t *testing.T) {
	d := newDriver(t, pizza(t), 80, 24)
	d.Keys("j", "j", "j", "+", "q")
	if d.m.Mode != shell.ModeConfirmQuit || !strings.Contains(d.statusText(), "unsaved weights: quit anyway?") {
		t.Fatalf("q did not ask: %q", d.statusText())
	}
	d.Keys("n")
	if d.m.Mode != shell.ModeNormal {
		t.Fatal("n did not stay")
	}
	d.Keys("q")
	_, cmd := d.m.Update(tuitest.KeyMsg("y"))
	if cmd == nil || !tuitest.IsQuit(cmd) {
		t.Error("y did not quit")
	}
}

func TestMetricKey(t *testing.T) {
	d := newDriver(t, pizza(t), 80, 24)
	d.Keys("m")
	if s := d.statusText(); !strings.HasPrefix(s, "only jsondiff is available") {
		t.Errorf("status %q", s)
	}
	// With every metric, m chooses, and the tree is rescored under the
	// weights in force.
	d = newDriver(t, withMetrics(pizza(t)), 80, 24)
	d.Keys("m")
	if d.m.Mode != shell.ModeMetric || !strings.Contains(d.Screen(), "lynxius") {
		t.Fatalf("no chooser:\n%s", d.Screen())
	}
	d.Keys("j", "j", "enter")
	if d.m.metric.Name != "uipath" || d.m.sess.Tree().Options().LeafWeights != true {
		t.Fatalf("metric %q", d.m.metric.Name)
	}
	if s := d.statusText(); !strings.HasPrefix(s, "metric uipath: total 0.87879 (was 0.87601)") {
		t.Errorf("status %q", s)
	}
	d.Keys("m", "enter")
	if s := d.statusText(); !strings.HasPrefix(s, "uipath is already in force") {
		t.Errorf("status %q", s)
	}
}

func TestMouse(t *testing.T) {
	d := newDriver(t, pizza(t), 80, 24)
	// Rows start below the header (2 lines) and the column heads (1).
	d.Send(tea.MouseClickMsg{X: 10, Y: 4, Button: tea.MouseLeft})
	if p := d.selectedPath(); p != ".margherita" {
		t.Errorf("click selected %s", p)
	}
	// The marker of .fixed_menus (row 5, depth 1) is at cells 2–3.
	d.Send(tea.MouseClickMsg{X: 2, Y: 7, Button: tea.MouseLeft})
	if p := d.selectedPath(); p != ".fixed_menus" || d.m.tree.Outline().Len() != 5 {
		t.Errorf("marker click: on %s with %d rows", p, d.m.tree.Outline().Len())
	}
	d.Keys("e")
	d.Send(tea.WindowSizeMsg{Width: 80, Height: 10})
	d.Keys("g")
	d.Send(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if d.m.tree.Offset() != 3 {
		t.Errorf("wheel scrolled to %d", d.m.tree.Offset())
	}
	opts := pizza(t)
	opts.NoMouse = true
	d = newDriver(t, opts, 80, 24)
	if d.m.View().MouseMode != tea.MouseModeNone {
		t.Error("--no-mouse left the mouse on")
	}
}

// fakeRecorder records runs in memory.
type fakeRecorder struct {
	mu   sync.Mutex
	runs []ports.Run
}

func (f *fakeRecorder) Record(ctx context.Context, run ports.Run) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.runs = append(f.runs, run)
	return nil
}

func TestRecorder(t *testing.T) {
	dir := t.TempDir()
	wpath := filepath.Join(dir, "weights.json")
	if err := os.WriteFile(wpath, []byte(tuitest.ReadFile(t, filepath.Join(pizzaDir, "weights.json"))), 0o644); err != nil {
		t.Fatal(err)
	}
	rec := &fakeRecorder{}
	opts := pizza(t)
	opts.Files.SavePath = wpath
	opts.Recorder = rec
	d := newDriver(t, opts, 80, 24)
	d.Keys("j", "j", "j", "w", "1", "enter", "ctrl+s", "-")
	d.m.Update(tuitest.KeyMsg("q"))
	if d.m.Mode != shell.ModeConfirmQuit {
		t.Fatal("no confirmation")
	}
	_, cmd := d.m.Update(tuitest.KeyMsg("y"))
	d.Run(cmd)
	var events []string
	for _, r := range rec.runs {
		events = append(events, r.Event.String())
	}
	if strings.Join(events, " ") != "opened saved quit" {
		t.Fatalf("recorded %v", events)
	}
	saved := rec.runs[1]
	want := rebuilt(t, string(saved.WeightsJSON))
	if !strings.Contains(string(saved.WeightsJSON), `"beer": 1.0`) || !near(saved.Score, want) || !near(want, 3.4218390804597703/3.8) {
		t.Errorf("saved run: score %v, weights %s", saved.Score, saved.WeightsJSON)
	}
	r, err := saved.Report(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !near(r.Score, saved.Score) || r.Metric != "jsondiff" {
		t.Errorf("report %v %s", r.Score, r.Metric)
	}
	n := 0
	for range r.Nodes {
		n++
	}
	if n != 15 {
		t.Errorf("report has %d nodes", n)
	}
}

func TestLoading(t *testing.T) {
	release := make(chan struct{})
	canceled := make(chan struct{})
	progressed := make(chan struct{})
	opts := ports.Options{Files: ports.Files{Reference: "big-ref.json", Output: "big-out.json"}, Theme: "dark",
		Load: func(ctx context.Context, progress func(done, total int64)) (ports.Loaded, error) {
			progress(150<<20, 400<<20)
			close(progressed)
			select {
			case <-ctx.Done():
				close(canceled)
				return ports.Loaded{}, ctx.Err()
			case <-release:
				return ports.Loaded{}, errors.New("big-ref.json:3:4: invalid character '}'")
			}
		}}
	m := New(opts)
	cmd := m.Init()
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	go func() { _ = cmd }()
	// Run the batch: the loader in the background.
	for _, c := range cmd().(tea.BatchMsg) {
		if c != nil {
			go c()
		}
	}
	<-progressed
	if !strings.Contains(screenOf(m), "150.0 MB of 400.0 MB parsed (37%)") {
		t.Fatalf("no progress:\n%s", screenOf(m))
	}
	_, q := m.Update(tuitest.KeyMsg("q"))
	if q == nil || !tuitest.IsQuit(q) {
		t.Fatal("q does not quit while loading")
	}
	<-canceled
	// A failed load ends the explorer with the error.
	opts.Load = func(ctx context.Context, progress func(done, total int64)) (ports.Loaded, error) {
		return ports.Loaded{}, errors.New("big-ref.json:3:4: invalid character '}'")
	}
	m = New(opts)
	_, q = m.Update(loading.DoneMsg{Err: errors.New("big-ref.json:3:4: invalid character '}'")})
	if m.Err() == nil || !tuitest.IsQuit(q) {
		t.Error("a failed load does not quit with the error")
	}
	close(release)
}

// TestBackgroundLoadRecordsLater: after a load in the background the
// opening is recorded once the first screen had its time (a timer), not
// at once.
func TestBackgroundLoadRecordsLater(t *testing.T) {
	l := pizza(t).Loaded
	rec := &fakeRecorder{}
	opts := ports.Options{Files: ports.Files{Reference: "reference.json", Output: "output.json"}, Theme: "dark", Recorder: rec,
		Load: func(ctx context.Context, progress func(done, total int64)) (ports.Loaded, error) { return *l, nil }}
	d := newDriver(t, opts, 80, 24)
	if d.m.Phase != shell.PhaseReady || len(rec.runs) != 0 {
		t.Fatalf("loaded: phase %v, %d runs recorded at once", d.m.Phase, len(rec.runs))
	}
	d.FireTimers()
	if len(rec.runs) != 1 || rec.runs[0].Event != ports.RunOpened {
		t.Fatalf("after the delay: %v", rec.runs)
	}
	if len(d.Timers) != 0 {
		t.Errorf("timers left once loaded: %v", d.Timers)
	}
}

func screenOf(m *Model) string { return tuitest.StripANSI(m.View().Content) }
