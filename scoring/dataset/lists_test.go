package dataset

import (
	"errors"
	"testing"

	"github.com/jsontui/jsontui/scoring"
)

// TestListsOverCases: --lists applies to every case whose reference bears
// it out (a case without the array, or whose elements lack the key,
// pairs as it would without); an option that no case bears out is an
// error naming it, as for a pair.
func TestListsOverCases(t *testing.T) {
	dir := files(t, map[string]string{
		"d.jsonl": `{"id": "a", "expected": {"items": [{"sku": "a", "q": 1}, {"sku": "b", "q": 2}]}, "output": {"items": [{"sku": "b", "q": 2}, {"sku": "a", "q": 1}]}}
{"id": "b", "expected": {"x": 1}, "output": {"x": 1}}
{"id": "c", "expected": {"items": [{"q": 1}, {"q": 2}]}, "output": {"items": [{"q": 2}, {"q": 1}]}}
`,
	})
	opts := func(v string) scoring.MetricOptions {
		var o scoring.MetricOptions
		if err := o.Set(scoring.OptLists, v); err != nil {
			t.Fatal(err)
		}
		return o
	}
	// Paired by sku, a is perfect; c, whose elements have no sku, pairs
	// by index as without the option.
	for _, v := range []string{".items=key=sku", "key=sku"} {
		res, err := run(t, dir, Spec{Ref: "d.jsonl"}, Config{Options: opts(v)})
		if err != nil {
			t.Fatalf("--lists %s: %v", v, err)
		}
		cs := res.Figures.Cases
		if cs[0].Score != 1 || cs[1].Score != 1 || cs[2].Score == 1 {
			t.Errorf("--lists %s: scores %v %v %v", v, cs[0].Score, cs[1].Score, cs[2].Score)
		}
		plain, err := run(t, dir, Spec{Ref: "d.jsonl"}, Config{})
		if err != nil {
			t.Fatal(err)
		}
		if c := plain.Figures.Cases[2]; c.Score != cs[2].Score || plain.Figures.Cases[0].Score == 1 {
			t.Errorf("--lists %s: case c %v, by index %v; case a by index %v", v, cs[2].Score, c.Score, plain.Figures.Cases[0].Score)
		}
	}
	for v, want := range map[string]string{
		".nothere=best":   `lists .nothere=best: no case's reference has an array at .nothere`,
		".x=best":         `lists .x=best: no case's reference has an array at .x`,
		".items=key=skux": `lists .items=key=skux: no element of the arrays at .items has the field "skux" in any case's reference`,
		"key=nope":        `lists key=nope: no case's reference has an array of objects to pair by the field "nope"`,
		".items[].q=best": `lists .items[].q=best: no case's reference has an array at .items[].q`,
	} {
		_, err := run(t, dir, Spec{Ref: "d.jsonl"}, Config{Options: opts(v)})
		var le *scoring.ListsError
		if !errors.As(err, &le) || err.Error() != want {
			t.Errorf("--lists %s: %v, want %s", v, err, want)
		}
	}
}
