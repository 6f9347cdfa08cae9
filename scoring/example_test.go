package scoring_test

import (
	"fmt"
	"os"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
)

// The documents of the examples: a reference menu and a model's answer.
const (
	exampleRef = `{"margherita": 19.0, "pepperoni": 21.0, "menu": {"pizza": "pepperoni", "drink": "beer"}}`
	exampleOut = `{"margherita": 39.0, "pepperoni": 21.0, "menu": {"pizza": "peppers", "drink": "beer"}}`
)

// exampleDocs parses the examples' documents (the output leniently, as
// jsontui reads a model's answer).
func exampleDocs() (ref, out *jsondoc.Doc) {
	ref, err := jsondoc.Parse("reference.json", []byte(exampleRef), nil)
	if err != nil {
		panic(err)
	}
	out, err = jsondoc.ParseLenient("output.json", []byte(exampleOut), nil)
	if err != nil {
		panic(err)
	}
	return ref, out
}

// Build scores an output against a reference, key by key, by the
// rules of docs/scoring.md (jsondiff), under a weights file.
func ExampleBuild() {
	ref, out := exampleDocs()
	weights, err := scoring.ParseWeights("weights.json", []byte(`{"menu": {"pizza": 0.5}}`))
	if err != nil {
		panic(err)
	}
	tree, err := scoring.Build(ref, out, weights, scoring.Options{})
	if err != nil {
		panic(err)
	}
	total, _ := tree.Total()
	fmt.Printf("total %.6f\n", total)
	for _, path := range []string{".margherita", ".menu.pizza"} {
		id, _ := tree.Find(path)
		score, _ := tree.Score(id)
		fmt.Printf("%s: %s, score %.6f, weight %g, loss %.6f\n", path, tree.Status(id), score, tree.Weight(id), tree.Loss(id))
	}
	// Output:
	// total 0.848020
	// .margherita: partial, score 0.655172, weight 1, loss 0.114943
	// .menu.pizza: partial, score 0.666667, weight 0.5, loss 0.037037
}

// Report renders a tree's figures as `jsontui score` prints them: here
// as text; report.WriteJSON and report.WriteMarkdown take the same
// report.
func ExampleTree_Report() {
	ref, out := exampleDocs()
	tree, err := scoring.Build(ref, out, nil, scoring.Options{})
	if err != nil {
		panic(err)
	}
	if err := report.WriteText(os.Stdout, tree.Report(scoring.DefaultMetric, nil), report.TextOptions{}); err != nil {
		panic(err)
	}
	// Output:
	// jsondiff 0.829502  reference.json vs output.json
	//
	// node           reference    output     weight  f     score      loss  status
	// .                                           1  1  0.829502  0.170498  partial
	// ├─ margherita  19.0         39.0            1     0.655172  0.114943  partial
	// ├─ pepperoni   21.0         21.0            1            1         0  match
	// └─ menu                                     1  1  0.833333  0.055556  partial
	//    ├─ pizza    "pepperoni"  "peppers"       1     0.666667  0.055556  partial
	//    └─ drink    "beer"       "beer"          1            1         0  match
}

// Explain says how a node's score is computed, by the rules of the
// metric that built the tree, with the numbers in. Each span has a role
// (score, a character diff's deletions and insertions, notes) that a
// terminal may paint; String gives the line's plain text.
func ExampleTree_Explain() {
	ref, out := exampleDocs()
	res, err := scoring.RunNamed(scoring.DefaultMetric, &scoring.Input{Ref: ref, Out: out})
	if err != nil {
		panic(err)
	}
	id, err := res.Tree.Locate(".menu.pizza")
	if err != nil {
		panic(err)
	}
	for _, line := range res.Tree.Explain(id, scoring.ExplainOptions{}) {
		fmt.Println(line.String())
	}
	_, err = res.Tree.Locate(".menu.piza")
	fmt.Println(err)
	// Output:
	// diff  pepper[-oni-]{+s+}
	//       3 edits: 1 substitution, 2 deletions
	// score = 1 − lev(r, o) / max(len r, len o)
	//       = 1 − 3 / 9 = 0.66667
	// no node at .menu.piza: .menu has no key "piza"; did you mean .menu.pizza?
}
