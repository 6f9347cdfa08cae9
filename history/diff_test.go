package history

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/jsontui/jsontui/scoring/report"
)

func TestDiff(t *testing.T) {
	s := tempStore(t)
	a := pizzaNodes(t)
	// b: .margherita improves, .beer loses its score, .fixed_menus[0].drink
	// is gone and .dessert is new.
	var b []report.Node
	for _, n := range a {
		switch n.Path {
		case ".margherita":
			n.Score = 0.9
		case ".beer":
			n.HasScore = false
		case ".fixed_menus[0].drink":
			continue
		}
		b = append(b, n)
		if n.Path == ".beer" {
			b = append(b, report.Node{Path: ".dessert", Depth: 1, Label: "dessert", Kind: "string", Status: "extra"})
		}
	}
	runA, runB := testRun(t.TempDir(), 0.876), testRun(t.TempDir(), 0.9)
	runB.WeightsJSON = json.RawMessage(`{"margherita": 1, "beer": 0.5, "fixed_menus": {"__fixed_menus": 0.8, "drink": 1}, "new key": 0}`)
	idA, err := s.Record(runA, seqOf(a))
	if err != nil {
		t.Fatal(err)
	}
	idB, err := s.Record(runB, seqOf(b))
	if err != nil {
		t.Fatal(err)
	}
	ra, _ := s.Get(idA)
	rb, _ := s.Get(idB)
	d := Diff(ra, rb)

	if d.A != idA || d.B != idB || d.Score.Old != 0.876 || d.Score.New != 0.9 {
		t.Fatalf("totals: %+v", d)
	}
	if delta, ok := d.Score.Delta(); !ok || delta < 0.0239999 || delta > 0.0240001 {
		t.Fatalf("delta %v %v", delta, ok)
	}
	want := []ScoreChange{
		{Path: ".margherita", Old: a[1].Score, HasOld: true, New: 0.9, HasNew: true},
		{Path: ".beer", Old: 1, HasOld: true},
	}
	if !reflect.DeepEqual(d.Changed, want) {
		t.Errorf("changed:\n got %+v\nwant %+v", d.Changed, want)
	}
	if len(d.OnlyA) != 1 || d.OnlyA[0].Path != ".fixed_menus[0].drink" || !d.OnlyA[0].HasOld {
		t.Errorf("only a: %+v", d.OnlyA)
	}
	if len(d.OnlyB) != 1 || d.OnlyB[0].Path != ".dessert" || d.OnlyB[0].HasNew {
		t.Errorf("only b: %+v", d.OnlyB)
	}
	wantW := []WeightChange{
		{Path: ".beer", Old: json.RawMessage("0.25"), New: json.RawMessage("0.5")},
		{Path: ".fixed_menus.pizza", Old: json.RawMessage("0.5")},
		{Path: `.["new key"]`, New: json.RawMessage("0")},
	}
	if !reflect.DeepEqual(d.Weights, wantW) {
		t.Errorf("weights:\n got %s\nwant %s", jsonOf(d.Weights), jsonOf(wantW))
	}
	out := jsonOf(d.Changed[1])
	if out != `{"path":".beer","old":1,"new":null,"delta":null}` {
		t.Errorf("json: %s", out)
	}

	// A run against itself: nothing changed.
	if d := Diff(ra, ra); len(d.Changed)+len(d.OnlyA)+len(d.OnlyB)+len(d.Weights) != 0 {
		t.Errorf("self diff: %+v", d)
	}
}

func TestDiffReordered(t *testing.T) {
	a := collect(genNodes(500, 3))
	b := append([]report.Node(nil), a...)
	// Move a block out of step and change one of its nodes.
	b[10], b[200] = b[200], b[10]
	b[200].Score = 0.123
	got, onlyA, onlyB := diffNodes(seqOf(a), seqOf(b))
	if len(onlyA)+len(onlyB) != 0 || len(got) != 1 || got[0].Path != a[10].Path || got[0].New != 0.123 {
		t.Fatalf("changed %+v, only %v %v", got, onlyA, onlyB)
	}
	// b shorter than a.
	_, onlyA, _ = diffNodes(seqOf(a), seqOf(a[:490]))
	if len(onlyA) != 10 || onlyA[0].Path != a[490].Path {
		t.Fatalf("only a: %v", onlyA)
	}
}

func TestDiffWeightsEdges(t *testing.T) {
	if d := diffWeights(nil, []byte(`{}`)); len(d) != 0 {
		t.Errorf("none vs {}: %v", d)
	}
	if d := diffWeights([]byte(`{"a":1.0}`), []byte(`{"a":1}`)); len(d) != 0 {
		t.Errorf("1.0 vs 1: %v", d)
	}
	if d := diffWeights([]byte(`{"a":`), []byte(`{"a":1}`)); len(d) != 1 || d[0].Path != "." {
		t.Errorf("bad json: %v", d)
	}
	if d := diffWeights([]byte(`0.5`), []byte(`1`)); len(d) != 1 || d[0].Path != "." {
		t.Errorf("scalar documents: %v", d)
	}
	if got := appendKey(".a", "x&y"); got != `.a["x&y"]` {
		t.Errorf("appendKey: %s", got)
	}
}

func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestDiffWeightsLoopbackAndDefault(t *testing.T) {
	a := []byte(`{"a": 0.5, "b": 1.0, "c": {"__c": 0.8, "x": 1}}`)
	b := []byte(`{"a": {"__a": 0.5, "y": 0.2}, "c": 0.8}`)
	got := diffWeights(a, b)
	want := []WeightChange{{Path: ".a.y", New: json.RawMessage("0.2")}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %s, want %s", jsonOf(got), jsonOf(want))
	}
}
