package scoring

import (
	"math"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// FuzzScore checks, for any pair of JSON documents (and weights, when
// they parse), that scoring does not panic, every score is in [0, 1] or
// absent, losses add up, and a document scores exactly 1 against itself.
func FuzzScore(f *testing.F) {
	seeds := [][3]string{
		{`{"a": 1, "b": [1, 2, {"c": "x"}]}`, `{"a": 2, "b": [1], "d": null}`, `{"b": {"__b": 0.5, "c": 0}}`},
		{`[]`, `[1, 2]`, `{}`},
		{`{"x": {}}`, `{"x": []}`, `{"x": 0}`},
		{`"héllo"`, `"hello"`, ``},
		{`[1e308, -1e308]`, `[-1e308, 1e308]`, ``},
		{`{"a": [[{"k": true}]]}`, `{"a": [[{"k": 1}], 3]}`, `{"a": {"k": 0.3}}`},
	}
	for _, s := range seeds {
		f.Add([]byte(s[0]), []byte(s[1]), []byte(s[2]))
	}
	f.Fuzz(func(t *testing.T, refSrc, outSrc, wSrc []byte) {
		ref, err := jsondoc.Parse("ref.json", refSrc, nil)
		if err != nil {
			return
		}
		out, err := jsondoc.Parse("out.json", outSrc, nil)
		if err != nil {
			return
		}
		var w *Weights
		if len(wSrc) > 0 {
			if w, err = ParseWeights("w.json", wSrc); err != nil {
				w = nil
			}
		}
		tree, err := Build(ref, out, w, Options{})
		if err != nil {
			var we *WeightsError
			if !asWeightsError(err, &we) {
				t.Fatalf("Build error %v is not a *WeightsError", err)
			}
			tree, err = Build(ref, out, nil, Options{})
			if err != nil {
				t.Fatal(err)
			}
		}
		checkInvariants(t, tree)
		// jsondiff's comparators named rather than taken by default: every
		// leaf compared, no pair taken whole (builder.same), the same tree.
		slow, err := Build(ref, out, tree.weights, Options{Numbers: NumberScore, Strings: StringScore})
		if err != nil {
			t.Fatal(err)
		}
		sameTrees(t, tree, slow)
		for n := range tree.Report("jsondiff", nil).Nodes {
			if n.HasScore && (math.IsNaN(n.Loss) || n.Loss < -1e-12 || n.Loss > 1+1e-12) {
				t.Fatalf("%s: loss %v", n.Path, n.Loss)
			}
		}
		self, err := Build(ref, ref, nil, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if s, ok := self.Total(); !ok || s != 1 {
			t.Fatalf("%q scores %v (%v) against itself", refSrc, s, ok)
		}
	})
}

func asWeightsError(err error, target **WeightsError) bool {
	we, ok := err.(*WeightsError)
	if ok {
		*target = we
	}
	return ok
}
