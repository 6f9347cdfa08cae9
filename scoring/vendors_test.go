package scoring

import (
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// vendorCase is a row of testdata/metrics/vendors.json: documents and the
// score the reproduced evaluator gives them.
type vendorCase struct {
	Metric    string  `json:"metric"`
	Name      string  `json:"name"`
	Reference string  `json:"reference"`
	Output    string  `json:"output"`
	Weights   string  `json:"weights"`
	Score     float64 `json:"score"`
	Warning   string  `json:"warning"`
}

// docs parses ref (ref.json) and out (out.json) into an input.
func docs(t testing.TB, ref, out string) *Input {
	t.Helper()
	rd, err := jsondoc.Parse("ref.json", []byte(ref), nil)
	if err != nil {
		t.Fatal(err)
	}
	od, err := jsondoc.Parse("out.json", []byte(out), nil)
	if err != nil {
		t.Fatal(err)
	}
	return &Input{Ref: rd, Out: od}
}

// runMetric scores ref and out with the named metric and options.
func runMetric(t *testing.T, metric, ref, out, weights string, opt MetricOptions) *Result {
	t.Helper()
	in := docs(t, ref, out)
	in.Opt = opt
	if weights != "" {
		var err error
		if in.Weights, err = ParseWeights("w.json", []byte(weights)); err != nil {
			t.Fatal(err)
		}
	}
	m, err := LookupMetric(metric)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(m, in)
	if err != nil {
		t.Fatalf("%s: %v", metric, err)
	}
	return res
}

// warningsOf returns every warning of a result, its tree's included.
func warningsOf(res *Result) []Warning {
	ws := res.Warnings
	if res.Tree != nil {
		ws = append(ws, res.Tree.Warnings()...)
	}
	return ws
}

func TestVendorFigures(t *testing.T) {
	data, err := os.ReadFile("../testdata/metrics/vendors.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []vendorCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 60 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, c := range cases {
		t.Run(c.Metric+"/"+c.Name, func(t *testing.T) {
			res := runMetric(t, c.Metric, c.Reference, c.Output, c.Weights, MetricOptions{})
			if !res.HasScore || math.Abs(res.Score-c.Score) > 1e-12 || math.IsNaN(res.Score) {
				t.Errorf("score %v (has %v), want %v", res.Score, res.HasScore, c.Score)
			}
			if res.Tree != nil {
				if s, ok := res.Tree.Total(); !ok || s != res.Score {
					t.Errorf("tree total %v, result %v", s, res.Score)
				}
				checkTreeFigures(t, res.Tree)
			}
			found := false
			for _, w := range warningsOf(res) {
				found = found || c.Warning != "" && strings.Contains(w.Message, c.Warning)
			}
			if c.Warning != "" && !found {
				t.Errorf("no warning %q in %v", c.Warning, warningsOf(res))
			}
		})
	}
}

// checkTreeFigures checks the invariants of a scored tree: no NaN score
// on a node that takes part, every score in [0, 1], and each container's
// loss the sum of its children's.
func checkTreeFigures(t *testing.T, tree *Tree) {
	t.Helper()
	for i := 0; i < tree.Len(); i++ {
		id := NodeID(i)
		s, ok := tree.Score(id)
		if ok && !(s >= 0 && s <= 1) {
			t.Errorf("%s: score %v", tree.Path(id), s)
		}
		first, count := tree.Children(id)
		if count == 0 || !ok {
			continue
		}
		var sum, parts float64
		for c := first; c < first+NodeID(count); c++ {
			sum += tree.Loss(c)
			parts += tree.Fraction(c)
		}
		if parts == 0 {
			continue // no child takes part: the loss is the container's own
		}
		if math.Abs(sum-tree.Loss(id)) > 1e-9 {
			t.Errorf("%s: loss %v, children's %v", tree.Path(id), tree.Loss(id), sum)
		}
	}
}

func TestLynxiusPizza(t *testing.T) {
	read := func(name string) string {
		b, err := os.ReadFile("../testdata/cases/pizza/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	res := runMetric(t, "lynxius", read("reference.json"), read("output.json"), read("weights.json"), MetricOptions{})
	if math.Abs(res.Score-0.876013) > 5e-7 || math.Abs(res.Score-0.8760128132654985) > 1e-12 {
		t.Fatalf("pizza under lynxius: %v, want 0.87601", res.Score)
	}
	tr := res.Tree
	for path, want := range map[string]float64{
		".margherita": 0.6551724137931034, ".fixed_menus": 0.9583333333333334,
		".fixed_menus[1]": 0.9166666666666666, ".fixed_menus[1].pizza": 1 - 3.0/9,
	} {
		id, ok := tr.Find(path)
		if s, _ := tr.Score(id); !ok || math.Abs(s-want) > 1e-12 {
			t.Errorf("%s: %v, want %v", path, s, want)
		}
	}
	if f, _ := tr.Factor(0); math.Abs(f-4/3.05) > 1e-12 {
		t.Errorf("root factor %v", f)
	}
}
