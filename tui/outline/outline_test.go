package outline

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/scoringtest"
)

const ref = `{"a": 1, "b": {"c": "x", "d": [1, 2, 3]}, "e": {"f": {"g": true}}}`
const out = `{"a": 2, "b": {"c": "x", "d": [1, 5, 3]}, "e": {"f": {"g": false}}}`

func tree(t *testing.T) *scoring.Tree {
	t.Helper()
	return scoringtest.Pair(t, ref, out, "")
}

// rows lists the visible rows as indented labels.
func rows(o *Outline) string {
	var parts []string
	for i := 0; i < o.Len(); i++ {
		r := o.Row(i)
		parts = append(parts, strings.Repeat(" ", int(r.Depth))+o.Tree().Label(r.ID))
	}
	return strings.Join(parts, "|")
}

func TestExpandCollapseSplice(t *testing.T) {
	o := New(tree(t), 1)
	if got := rows(o); got != ".| a| b| e" {
		t.Fatalf("depth 1: %s", got)
	}
	o.Expand(2)
	if got := rows(o); got != ".| a| b|  c|  d| e" {
		t.Fatalf("expand b: %s", got)
	}
	o.Expand(4)
	if got := rows(o); got != ".| a| b|  c|  d|   [0]|   [1]|   [2]| e" {
		t.Fatalf("expand d: %s", got)
	}
	o.Collapse(2)
	if got := rows(o); got != ".| a| b| e" {
		t.Fatalf("collapse b: %s", got)
	}
	// b's children keep their state: d opens again with it.
	o.Toggle(2)
	if got := rows(o); got != ".| a| b|  c|  d|   [0]|   [1]|   [2]| e" {
		t.Fatalf("re-expand b: %s", got)
	}
	if o.Expand(1) {
		t.Error("expanded a leaf")
	}
	o.ExpandTo(2)
	if got := rows(o); got != ".| a| b|  c|  d| e|  f" {
		t.Errorf("depth 2: %s", got)
	}
	o.ExpandAll()
	if o.Len() != 11 {
		t.Errorf("expand all: %s", rows(o))
	}
	o.CollapseAll()
	if got := rows(o); got != ".| a| b| e" {
		t.Errorf("collapse all: %s", got)
	}
	g := scoring.NodeID(o.Tree().Len() - 1)
	i := o.Reveal(g)
	if i < 0 || o.Row(i).ID != g || rows(o) != ".| a| b| e|  f|   g" {
		t.Errorf("reveal g: row %d, %s", i, rows(o))
	}
	if o.Find(g, 0) != i || o.Find(g, 99) != i {
		t.Error("find")
	}
}

func TestOrdersAndWalks(t *testing.T) {
	tr := tree(t)
	o := New(tr, 1)
	o.SetOrder(ByLoss)
	var got []string
	for _, id := range o.Children(0) {
		got = append(got, tr.Label(id))
	}
	if strings.Join(got, " ") != "e a b" {
		t.Errorf("loss order %v", got)
	}
	o.SetOrder(ByScore)
	got = got[:0]
	for _, id := range o.Children(0) {
		got = append(got, tr.Label(id))
	}
	if strings.Join(got, " ") != "e a b" {
		t.Errorf("score order %v", got)
	}
	o.SetOrder(Document)
	var path []string
	for id, ok := scoring.NodeID(0), true; ok; id, ok = o.Next(id, Lossy(tr)) {
		path = append(path, tr.Path(id))
	}
	want := ". .a .b .b.d .b.d[1] .e .e.f .e.f.g"
	if strings.Join(path, " ") != want {
		t.Errorf("next with a loss: %v", path)
	}
	var back []string
	for id, ok := scoring.NodeID(tr.Len()-1), true; ok; id, ok = o.Prev(id, Lossy(tr)) {
		back = append(back, tr.Path(id))
	}
	if strings.Join(back, " ") != ".e.f.g .e.f .e .b.d[1] .b.d .b .a ." {
		t.Errorf("previous with a loss: %v", back)
	}
}

func TestSearch(t *testing.T) {
	tr := tree(t)
	m, err := Search(context.Background(), tr, "d")
	if err != nil {
		t.Fatal(err)
	}
	if id, ok := New(tr, 1).Next(0, m.Pred()); m.Count != 1 || !ok || tr.Path(id) != ".b.d" || !m.Has(id) {
		t.Errorf("key match: %d", m.Count)
	}
	m, _ = Search(context.Background(), tr, "5")
	o := New(tr, 1)
	id, ok := o.Next(0, m.Pred())
	if !ok || tr.Path(id) != ".b.d[1]" || m.Count != 1 {
		t.Errorf("value match: %s (%d)", tr.Path(id), m.Count)
	}
	m, _ = Search(context.Background(), tr, "TRUE")
	if m.Count != 0 {
		t.Error("a query with capitals matched case-insensitively")
	}
	m, _ = Search(context.Background(), tr, "true")
	if m.Count != 1 {
		t.Errorf("true: %d", m.Count)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Search(ctx, tr, "x"); err == nil {
		t.Error("a canceled search returned")
	}
}

// TestFailing: the failing-only set is the nodes with a loss and their
// ancestors; the filtered outline shows, walks and expands only them, and
// still lists every child for the calculation.
func TestFailing(t *testing.T) {
	tr := tree(t)
	keep := Failing(tr)
	if keep.Len() != 8 || tr.Len() != 11 {
		t.Fatalf("%d of %d nodes kept", keep.Len(), tr.Len())
	}
	o := New(tr, 1)
	o.SetFilter(keep)
	if got := rows(o); got != ".| a| b| e" {
		t.Errorf("failing, depth 1: %s", got)
	}
	o.ExpandAll()
	if got := rows(o); got != ".| a| b|  d|   [1]| e|  f|   g" {
		t.Errorf("failing, expanded: %s", got)
	}
	var path []string
	for id, ok := scoring.NodeID(0), true; ok; id, ok = o.Next(id, Pred{Want: func(scoring.NodeID) bool { return true }, May: func(scoring.NodeID) bool { return true }}) {
		path = append(path, tr.Path(id))
	}
	if strings.Join(path, " ") != ". .a .b .b.d .b.d[1] .e .e.f .e.f.g" {
		t.Errorf("walk: %v", path)
	}
	c, _ := tr.Find(".b.c")
	if o.Reveal(c) != -1 {
		t.Error("revealed a node the filter hides")
	}
	d, _ := tr.Find(".b.d")
	if len(o.Children(d)) != 3 || o.HasChildren(c) {
		t.Error("Children lost the hidden children, or a leaf has some")
	}
	o.SetOrder(ByLoss)
	if got := rows(o); got != ".| e|  f|   g| a| b|  d|   [1]" {
		t.Errorf("failing by loss: %s", got)
	}
	o.SetFilter(nil)
	if o.Len() != 11 {
		t.Errorf("unfiltered: %s", rows(o))
	}
	same := scoringtest.Pair(t, ref, ref, "")
	if Failing(same).Len() != 0 {
		t.Error("an equal pair has failing nodes")
	}
}

func TestCostliest(t *testing.T) {
	tr := tree(t)
	id, ok := Costliest(tr)
	// e.f.g (true against false) loses all its third; a (1 against 2)
	// scores more than 0.
	if !ok || tr.Path(id) != ".e.f.g" || math.Abs(tr.Loss(id)-1.0/3) > 1e-12 {
		t.Errorf("costliest %s (%v)", tr.Path(id), ok)
	}
	w := scoringtest.Pair(t, `{"a": "x", "b": {"c": "abcd", "d": "q"}}`, `{"a": "x", "b": {"c": "abce", "d": "r"}}`, "")
	id, _ = Costliest(w)
	if w.Path(id) != ".b.d" || math.Abs(w.Loss(id)-0.25) > 1e-12 {
		t.Errorf("costliest %s, loss %v", w.Path(id), w.Loss(id))
	}
	tie := scoringtest.Pair(t, `{"x": {"p": 1}, "y": true, "z": true}`, `{"x": {"p": 1}, "y": false, "z": false}`, "")
	if id, _ := Costliest(tie); tie.Path(id) != ".y" {
		t.Errorf("at equal losses, %s before .y", tie.Path(id))
	}
	if _, ok := Costliest(scoringtest.Pair(t, ref, ref, "")); ok {
		t.Error("an equal pair has a costliest leaf")
	}
}
