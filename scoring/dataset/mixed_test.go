package dataset

import (
	"math"
	"testing"
)

// TestMixedAcrossCases checks the rule of docs/weights-and-rules.md across a dataset's cases: a
// key given an object of weights that is a container in some cases and a
// scalar in others scores, with one warning for the dataset naming the
// path and how many places are scalars; a scalar in every case is an
// error.
func TestMixedAcrossCases(t *testing.T) {
	dir := files(t, map[string]string{"d.jsonl": `{"expected": {"b": {"c": 1, "d": 2}, "e": 1}, "output": {"b": {"c": 1, "d": 1}, "e": 1}}
{"expected": {"b": 5, "e": 1}, "output": {"b": 4, "e": 1}}
{"expected": {"b": 7, "e": 1}, "output": {"b": 7, "e": 0}}
`})
	res, err := run(t, dir, Spec{Ref: "d.jsonl"}, Config{Weights: mustWeights(t, `{"b": {"__b": 0.5, "c": 0}}`)})
	if err != nil {
		t.Fatal(err)
	}
	// Case 1: b = d alone = 1 − 1/3; case 2: b = 1 − 1/9, the loopback
	// 0.5 its weight; case 3: b 1, e 0.
	want := ((0.5*(1-1.0/3)+1)/1.5 + (0.5*(1-1.0/9)+1)/1.5 + 0.5/1.5) / 3
	if f := res.Figures; math.Abs(f.Score-want) > 1e-12 {
		t.Errorf("score %v, want %v", f.Score, want)
	}
	wantMsg := "w.json:1:2: .b holds a scalar in 2 of its 3 places, where the weights give an object: those take its loopback weight 0.5 and the entries below apply to nothing there"
	if got := warningsOf(res.Figures, dir); got != wantMsg {
		t.Errorf("warnings %q, want %q", got, wantMsg)
	}
	_, err = run(t, dir, Spec{Ref: "d.jsonl"}, Config{Weights: mustWeights(t, `{"e": {"__e": 0.5}}`)})
	if err == nil || err.Error() != "w.json:1:7: .e: an object of weights is given for .e, whose reference value is a number; give it a number" {
		t.Errorf("scalar in every case: %v", err)
	}
}

// TestMixedElements checks that array elements of which some are objects
// and some scalars draw no warning of the rule above: elements weigh
// alike (1), whatever their shape, as in a single pair; the key whose
// value is an array in one case and a scalar in another does.
func TestMixedElements(t *testing.T) {
	dir := files(t, map[string]string{"d.jsonl": `{"expected": {"a": {"b": 1, "c": 2}}, "output": {"a": {"b": 1, "c": 3}}}
{"expected": {"a": 5}, "output": {"a": 4}}
{"expected": {"a": [{"b": 1}, 7]}, "output": {"a": [{"b": 2}, 7]}}
`})
	res, err := run(t, dir, Spec{Ref: "d.jsonl"}, Config{Weights: mustWeights(t, `{"a": {"__a": 0.5, "b": 0.2}}`)})
	if err != nil {
		t.Fatal(err)
	}
	// Case 3: the elements weigh alike: ((1 − 1/3) + 1) / 2.
	if c := res.Figures.Cases[2]; !near12(c.Score, (2-1.0/3)/2) {
		t.Errorf("case 3 scores %v", c.Score)
	}
	wantMsg := "w.json:1:2: .a holds a scalar in 1 of its 3 places, where the weights give an object: those take its loopback weight 0.5 and the entries below apply to nothing there"
	if got := warningsOf(res.Figures, dir); got != wantMsg {
		t.Errorf("warnings %q, want %q", got, wantMsg)
	}
}

// TestMixedNestedAcrossCases checks that the places of one weights entry
// are every schema path it reaches across the cases, nested arrays
// included: .x.menu is a container at .x[].menu in one case and a scalar
// at .x[][].menu in another, so the dataset scores with one warning.
func TestMixedNestedAcrossCases(t *testing.T) {
	dir := files(t, map[string]string{"d.jsonl": `{"expected": {"x": [{"menu": {"a": 1}}]}, "output": {"x": [{"menu": {"a": 1}}]}}
{"expected": {"x": [[{"menu": "s"}]]}, "output": {"x": [[{"menu": "s"}]]}}
`})
	res, err := run(t, dir, Spec{Ref: "d.jsonl"}, Config{Weights: mustWeights(t, `{"x": {"menu": {"__menu": 0.5, "a": 1}}}`)})
	if err != nil {
		t.Fatal(err)
	}
	if f := res.Figures; f.Score != 1 {
		t.Errorf("score %v, want 1", f.Score)
	}
	wantMsg := "w.json:1:8: .x[].menu, .x[][].menu holds a scalar in 1 of its 2 places, where the weights give an object: those take its loopback weight 0.5 and the entries below apply to nothing there"
	if got := warningsOf(res.Figures, dir); got != wantMsg {
		t.Errorf("warnings %q, want %q", got, wantMsg)
	}
}

// TestWeightsOfAnotherDataset checks that a weights file none of whose
// entries reaches a node in any case is an error.
func TestWeightsOfAnotherDataset(t *testing.T) {
	dir := files(t, map[string]string{"d.jsonl": `{"expected": {"a": 1}, "output": {"a": 1}}
{"expected": {"b": {"c": 1}}, "output": {"b": 2}}
`})
	_, err := run(t, dir, Spec{Ref: "d.jsonl"}, Config{Weights: mustWeights(t, `{"total": 1, "c": {"d": 0.5}}`)})
	want := "w.json:1:1: .: no entry applies anywhere in the references (none of its keys is the reference's at its place): the weights file looks written for another document"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	// An entry that applies in one case is enough.
	if _, err := run(t, dir, Spec{Ref: "d.jsonl"}, Config{Weights: mustWeights(t, `{"total": 1, "b": {"c": 0.5}}`)}); err != nil {
		t.Errorf("applies in one case: %v", err)
	}
}

// TestUnionKeepsNestedArrays checks that the union of the references'
// shapes merges a key met at .x[].menu and at .x[][].menu instead of
// keeping the first place's shape alone: a weights file applying only at
// the .x[][] places is not another document's, and a key that is a scalar
// at .x[] and an object at .x[][] scores with the warning.
func TestUnionKeepsNestedArrays(t *testing.T) {
	dir := files(t, map[string]string{"d.jsonl": `{"expected": {"x": [{"menu": [1]}]}, "output": {"x": [{"menu": [1]}]}}
{"expected": {"x": [[{"menu": {"k": true, "j": 1}}]]}, "output": {"x": [[{"menu": {"k": false, "j": 1}}]]}}
`})
	res, err := run(t, dir, Spec{Ref: "d.jsonl"}, Config{Weights: mustWeights(t, `{"x": {"menu": {"k": 0.5}}}`)})
	if err != nil {
		t.Fatal(err)
	}
	// Case 2: menu = (0.5·0 + 1·1) / 1.5, k weighing 0.5.
	if f := res.Figures; !near12(f.Score, (1+1/1.5)/2) {
		t.Errorf("score %v, want %v", f.Score, (1+1/1.5)/2)
	}
	if got := warningsOf(res.Figures, dir); got != "" {
		t.Errorf("warnings %q", got)
	}
	dir = files(t, map[string]string{"d.jsonl": `{"expected": {"x": [{"menu": 1}]}, "output": {"x": [{"menu": 1}]}}
{"expected": {"x": [[{"menu": {"k": true, "j": 1}}]]}, "output": {"x": [[{"menu": {"k": false, "j": 1}}]]}}
`})
	res, err = run(t, dir, Spec{Ref: "d.jsonl"}, Config{Weights: mustWeights(t, `{"x": {"menu": {"k": 0.5}}}`)})
	if err != nil {
		t.Fatal(err)
	}
	if f := res.Figures; !near12(f.Score, (1+1/1.5)/2) {
		t.Errorf("scalar then object: score %v, want %v", f.Score, (1+1/1.5)/2)
	}
	wantMsg := "w.json:1:8: .x[].menu, .x[][].menu holds a scalar in 1 of its 2 places, where the weights give an object: those take its loopback weight 1.0 and the entries below apply to nothing there"
	if got := warningsOf(res.Figures, dir); got != wantMsg {
		t.Errorf("warnings %q, want %q", got, wantMsg)
	}
}
