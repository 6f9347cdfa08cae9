package scoring

import (
	"math"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// TestMixedShapes checks the rule of docs/weights-and-rules.md for an object of weights given for
// a key that holds a container in some places (array elements) and a
// scalar in others: it scores, the scalar places taking the loopback
// weight, with one warning naming the path and how many places are
// scalars. A key that is a scalar everywhere stays an error.
func TestMixedShapes(t *testing.T) {
	ref, err := jsondoc.Parse("ref.json", []byte(`{"a": [{"b": {"c": 1, "d": 2}, "e": 1}, {"b": 5, "e": 1}, {"b": {"c": 1, "d": 1}, "e": 1}]}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jsondoc.Parse("out.json", []byte(`{"a": [{"b": {"c": 1, "d": 1}, "e": 1}, {"b": 4, "e": 1}, {"b": {"c": 1, "d": 1}, "e": 1}]}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	w, err := ParseWeights("w.json", []byte(`{"a": {"b": {"__b": 0.5, "c": 0}}}`))
	if err != nil {
		t.Fatal(err)
	}
	tree, err := Build(ref, out, w, Options{})
	if err != nil {
		t.Fatalf("mixed shapes refused: %v", err)
	}
	// Element 0: b = d alone (c weighs 0) = 1 − 1/3; element 1: b = 1 − 1/9;
	// element 2: b = 1. Each element: (0.5·b + 1·e)/1.5.
	b := []float64{1 - 1.0/3, 1 - 1.0/9, 1}
	want := 0.0
	for _, s := range b {
		want += (0.5*s + 1) / 1.5
	}
	want /= 3
	if got, ok := tree.Total(); !ok || math.Abs(got-want) > 1e-12 {
		t.Errorf("score %v, want %v", got, want)
	}
	id, ok := tree.Find(".a[1].b")
	if !ok || tree.Weight(id) != 0.5 {
		t.Errorf("the scalar place weighs %v, want the loopback's 0.5", tree.Weight(id))
	}
	var msgs []string
	for _, wn := range tree.Warnings() {
		msgs = append(msgs, wn.Path+" "+wn.Message)
	}
	wantMsg := `.a.b w.json:1:8: .a[].b holds a scalar in 1 of its 3 places, where the weights give an object: those take its loopback weight 0.5 and the entries below apply to nothing there`
	if len(msgs) != 1 || msgs[0] != wantMsg {
		t.Errorf("warnings %q, want %q", msgs, wantMsg)
	}
	// A scalar everywhere: an error, as before.
	w2, _ := ParseWeights("w.json", []byte(`{"a": {"e": {"__e": 0.5}}}`))
	if _, err := Build(ref, out, w2, Options{}); err == nil ||
		err.Error() != "w.json:1:13: .a.e: an object of weights is given for .a[].e, whose reference value is a number; give it a number" {
		t.Errorf("scalar everywhere: %v", err)
	}
	// Across a dataset's cases (ForCases), a key that is a scalar in this
	// case may be a container in another: no error here.
	if _, err := Build(ref, out, w2.ForCases(), Options{}); err != nil {
		t.Errorf("for cases: %v", err)
	}
}

// TestMixedNestedArrays checks that the places of one weights entry are
// all the schema paths it reaches, nested arrays included: .x.menu
// reaches .x[].menu and .x[][].menu, a container at one and a scalar at
// the other, so it scores with one warning counting both.
func TestMixedNestedArrays(t *testing.T) {
	ref, err := jsondoc.Parse("ref.json", []byte(`{"x": [{"menu": {"a": 1}}, [{"menu": "plain"}]]}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	w, err := ParseWeights("w.json", []byte(`{"x": {"menu": {"__menu": 0.5, "a": 1}}}`))
	if err != nil {
		t.Fatal(err)
	}
	tree, err := Build(ref, ref, w, Options{})
	if err != nil {
		t.Fatalf("nested places refused: %v", err)
	}
	var msgs []string
	for _, wn := range tree.Warnings() {
		msgs = append(msgs, wn.Path+" "+wn.Message)
	}
	wantMsg := `.x.menu w.json:1:8: .x[].menu, .x[][].menu holds a scalar in 1 of its 2 places, where the weights give an object: those take its loopback weight 0.5 and the entries below apply to nothing there`
	if len(msgs) != 1 || msgs[0] != wantMsg {
		t.Errorf("warnings %q, want %q", msgs, wantMsg)
	}
	if id, ok := tree.Find(".x[1][0].menu"); !ok || tree.Weight(id) != 0.5 {
		t.Errorf("the scalar place weighs %v, want the loopback's 0.5", tree.Weight(id))
	}
	// A scalar at every place the entry reaches: still an error.
	ref2, _ := jsondoc.Parse("ref.json", []byte(`{"x": [{"menu": 1}, [{"menu": "plain"}]]}`), nil)
	if _, err := Build(ref2, ref2, w, Options{}); err == nil ||
		err.Error() != "w.json:1:16: .x.menu: an object of weights is given for .x[].menu, whose reference value is a number or a string; give it a number" {
		t.Errorf("scalar everywhere: %v", err)
	}
}

// TestWeightsForAnotherDocument checks that a weights file none of whose
// entries applies to a node is an error, and that one entry applying
// is enough to score (the others are warnings).
func TestWeightsForAnotherDocument(t *testing.T) {
	ref, _ := jsondoc.Parse("ref.json", []byte(`{"a": 1, "b": {"c": 2}}`), nil)
	w, _ := ParseWeights("w.json", []byte(`{"total": 1, "c": {"d": 0.5}, "z": 0}`))
	_, err := Build(ref, ref, w, Options{})
	want := `w.json:1:1: .: no entry applies anywhere in ref.json (none of its keys is the reference's at its place): the weights file looks written for another document`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	// "b" applies (an object entry), though "d" below it does not: it
	// scores.
	w2, _ := ParseWeights("w.json", []byte(`{"total": 1, "b": {"d": 0.5}}`))
	if _, err := Build(ref, ref, w2, Options{}); err != nil {
		t.Errorf("one entry applies: %v", err)
	}
	// An empty weights file weighs every key 1: not an error.
	w3, _ := ParseWeights("w.json", []byte(`{}`))
	if _, err := Build(ref, ref, w3, Options{}); err != nil {
		t.Errorf("empty weights: %v", err)
	}
}
