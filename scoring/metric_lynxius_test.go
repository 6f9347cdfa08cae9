package scoring

import (
	"math"
	"strings"
	"testing"
)

// nodeFigures returns "status score weight" of the node at path.
func nodeFigures(t *testing.T, tr *Tree, path string) string {
	t.Helper()
	id, ok := tr.Find(path)
	if !ok {
		t.Fatalf("no node %s", path)
	}
	s, has := tr.Score(id)
	score := "n/a"
	if has {
		score = formatFloat(math.Round(s*1e6) / 1e6)
	}
	return tr.Status(id).String() + " " + score + " " + formatFloat(math.Round(tr.Weight(id)*1e6)/1e6)
}

func TestLynxiusNodes(t *testing.T) {
	cases := []struct {
		name, ref, out, weights string
		nodes                   map[string]string // path -> "status score weight"
	}{
		{"absent as null and extra keys", `{"a": null, "b": 1}`, `{"b": 1, "c": 2, "d": null}`, `{"c": 0.5}`,
			map[string]string{".a": "missing 1 1", ".c": "extra 0 0.5", ".d": "extra 1 1"}},
		{"bools are numbers", `[true, false, true]`, `[1, 0, 3]`, "",
			map[string]string{".[0]": "match 1 1", ".[1]": "match 1 1", ".[2]": "partial 0.5 1"}},
		{"shorter lists", `{"l": [1, 2, 3], "m": [4]}`, `{"l": [1, 2], "m": [4, 5]}`, "",
			map[string]string{".l": "match 1 1", ".l[2]": "ignored n/a 1", ".m[1]": "extra n/a 1"}},
		{"flat mismatch", `{"o": {"x": null, "y": {}}}`, `{"o": [1]}`, "",
			map[string]string{".o": "type 0 1", ".o.x": "missing 0 1", ".o.y": "missing 0 1"}},
		{"zero weights fall back", `{"o": {"a": 1, "b": 2}}`, `{"o": {"a": 1, "b": 0}}`, `{"o": {"a": 0, "b": 0}}`,
			map[string]string{".o": "partial 0.5 1", ".o.a": "match 1 0", ".o.b": "mismatch 0 0"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := runMetric(t, "lynxius", c.ref, c.out, c.weights, MetricOptions{}).Tree
			for path, want := range c.nodes {
				if got := nodeFigures(t, tr, path); got != want {
					t.Errorf("%s: %s, want %s", path, got, want)
				}
			}
			checkTreeFigures(t, tr)
		})
	}
}

func TestLynxiusZeroWeightShares(t *testing.T) {
	tr := runMetric(t, "lynxius", `{"o": {"a": 1, "b": 2}}`, `{"o": {"a": 1, "b": 0}}`, `{"o": {"a": 0, "b": 0}}`, MetricOptions{}).Tree
	b, _ := tr.Find(".o.b")
	o, _ := tr.Find(".o")
	if tr.Fraction(b) != 0.5 || tr.Loss(b) != 0.5 {
		t.Errorf(".o.b fraction %v loss %v", tr.Fraction(b), tr.Loss(b))
	}
	if f, ok := tr.Factor(o); !ok || f != 1 {
		t.Errorf(".o factor %v %v", f, ok)
	}
}

// TestLynxiusReweighEqualsRebuild checks that the incremental paths give
// the scores of a tree built with the new weights from the start.
func TestLynxiusReweighEqualsRebuild(t *testing.T) {
	ref := `{"a": 1, "l": [{"x": "abc", "y": 2}, {"x": "abd", "y": 3}], "z": {"p": 1, "q": 2}}`
	out := `{"a": 2, "l": [{"x": "abc", "y": 1}, {"x": "xyz", "y": 3}, {"x": "q"}], "z": {"p": 1, "q": 0}, "extra": 4}`
	tr := runMetric(t, "lynxius", ref, out, "", MetricOptions{}).Tree
	slot := func(key string) int {
		for i, s := range tr.Slots() {
			if s.IsKey() && s.Key == key {
				return i
			}
		}
		t.Fatalf("no slot %s", key)
		return -1
	}
	if _, err := tr.SetSlotWeight(slot("y"), 0); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.SetSlotWeight(slot("x"), 0); err != nil { // all-zero: fallback
		t.Fatal(err)
	}
	extra, _ := tr.Find(".extra")
	if err := tr.SetWeight(extra, 0.25); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"p", "q"} {
		if _, err := tr.SetSlotWeight(slot(k), 0); err != nil {
			t.Fatal(err)
		}
	}
	want := runMetric(t, "lynxius", ref, out, `{"l": {"x": 0, "y": 0}, "extra": 0.25, "z": {"p": 0, "q": 0}}`, MetricOptions{}).Tree
	for i := 0; i < want.Len(); i++ {
		a, _ := tr.Score(NodeID(i))
		b, _ := want.Score(NodeID(i))
		if math.Abs(a-b) > 1e-12 && !(math.IsNaN(a) && math.IsNaN(b)) {
			t.Errorf("%s: %v after re-weighting, %v rebuilt", want.Path(NodeID(i)), a, b)
		}
	}
	s, _ := tr.Total()
	if w, _ := want.Total(); math.Abs(s-w) > 1e-12 {
		t.Errorf("total %v, want %v", s, w)
	}
}

func TestLynxiusNeverNaN(t *testing.T) {
	// Lynxius computes inf/inf = NaN here; jsontui scores 0.
	res := runMetric(t, "lynxius", `[1.7976931348623157e308, 0]`, `[-1.7976931348623157e308, 0]`, "", MetricOptions{})
	if res.Score != 0.5 {
		t.Errorf("score %v", res.Score)
	}
}

func TestLynxiusEmptyListWarning(t *testing.T) {
	res := runMetric(t, "lynxius", `{"a": [1]}`, `{"a": []}`, "", MetricOptions{})
	ws := warningsOf(res)
	if len(ws) != 1 || ws[0].Path != ".a" || !strings.HasPrefix(ws[0].Message, "lynxius: one list is empty and the other is not: ") {
		t.Errorf("warnings %v", ws)
	}
}
