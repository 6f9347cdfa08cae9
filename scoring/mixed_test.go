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
