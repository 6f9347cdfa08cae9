package scoring

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/textdist"
	"github.com/jsontui/jsontui/scoring/textsim"
)

func TestJSONDiffOptions(t *testing.T) {
	cases := []struct {
		name, ref, out string
		opt            MetricOptions
		want           float64
	}{
		{"default", `[100, "Sí"]`, `[101, "si"]`, MetricOptions{}, (1 - 1.0/201 + 0) / 2},
		{"abs-tol", `[100, 5]`, `[101, 7]`, MetricOptions{AbsTol: 1}, (1 + 1 - 2.0/12) / 2},
		{"abs-tol exact bound", `[0.5]`, `[0.75]`, MetricOptions{AbsTol: 0.25}, 1},
		{"rel-tol", `[100, 10]`, `[101, 11]`, MetricOptions{RelTol: 0.01}, (1 + 1 - 1.0/21) / 2},
		{"rel-tol of the larger", `[99]`, `[100]`, MetricOptions{RelTol: 0.01}, 1},
		{"zero is not within rel-tol of anything else", `[0]`, `[1e-300]`, MetricOptions{RelTol: 0.5}, 0},
		{"normalize case", `["Straße"]`, `["STRASSE"]`, MetricOptions{Normalize: textsim.NormCase}, 1},
		{"normalize accents", `["Sí"]`, `["Si"]`, MetricOptions{Normalize: textsim.NormAccents}, 1},
		{"normalize space", `["New  York "]`, `["New York"]`, MetricOptions{Normalize: textsim.NormSpace}, 1},
		{"normalize then compare", `["Sí señor"]`, `["si senora"]`, MetricOptions{Normalize: textsim.NormCase | textsim.NormAccents}, 1 - 1.0/9},
		{"strings exact", `["pepperoni"]`, `["peppers"]`, MetricOptions{Comparator: "exact"}, 0},
		{"strings damerau", `["abcdef"]`, `["abdcef"]`, MetricOptions{Comparator: "damerau"}, 1 - 1.0/6},
		{"strings token-f1", `["The cat sat"]`, `["cat sat down"]`, MetricOptions{Comparator: "token-f1"}, 0.8},
		{"extra keys ignored", `{"a": 1}`, `{"a": 1, "b": 2}`, MetricOptions{}, 1},
		{"extra keys penalized", `{"a": 1}`, `{"a": 1, "b": 2}`, MetricOptions{PenalizeExtraKeys: true}, 0.5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := runMetric(t, "jsondiff", c.ref, c.out, "", c.opt)
			if math.Abs(res.Score-c.want) > 1e-12 {
				t.Errorf("score %v, want %v", res.Score, c.want)
			}
			checkTreeFigures(t, res.Tree)
		})
	}
}

func TestJSONDiffDefaultOptionsAreJSONDiff(t *testing.T) {
	opt, err := JSONDiffOptions(MetricOptions{})
	if err != nil || opt.Numbers != nil || opt.Strings != nil || !opt.IsJSONDiff() || opt.Lists.Mode != ListIndex {
		t.Errorf("default options %+v %v", opt, err)
	}
	if LynxiusOptions().IsJSONDiff() || UIPathOptions().IsJSONDiff() || GalteaOptions(false).IsJSONDiff() {
		t.Error("a vendor's options pass for jsondiff")
	}
}

// TestJSONDiffComparatorPastLimit checks a string pair past the damerau
// comparator's exact limit: bounded by Levenshtein, exact when the bounds
// meet (a Levenshtein distance of 1 is a Damerau distance of 1), else an
// interval the leaf and the result carry, with a warning naming the path.
func TestJSONDiffComparatorPastLimit(t *testing.T) {
	big := strings.Repeat("ab", 3000)
	res := runMetric(t, "jsondiff", `["`+big+`"]`, `["`+big+`c"]`, "", MetricOptions{Comparator: "damerau"})
	if ws := warningsOf(res); len(ws) != 0 || res.Approx || math.Abs(res.Score-(1-1.0/6001)) > 1e-12 {
		t.Errorf("distance 1: warnings %v, approx %v, score %v", ws, res.Approx, res.Score)
	}

	x := []rune(strings.Repeat("the quick brown fox jumps over a lazy dog ", 100))[:4200]
	y := slices.Clone(x)
	for i := 0; i+1 < len(y); i += 10 {
		y[i], y[i+1] = y[i+1], y[i]
	}
	res = runMetric(t, "jsondiff", `{"a": 1, "s": "`+string(x)+`"}`, `{"a": 1, "s": "`+string(y)+`"}`, "", MetricOptions{Comparator: "damerau"})
	lev := textdist.Levenshtein(x, y)
	low, high := 1-float64(lev)/4200, 1-float64((lev+1)/2)/4200
	id, _ := res.Tree.Find(".s")
	s, _ := res.Tree.Score(id)
	h, ok := res.Tree.Approx(id)
	if !ok || s != low || h != high {
		t.Fatalf(".s: score %v, approx %v %v; want [%v, %v]", s, h, ok, low, high)
	}
	if _, ok := res.Tree.Approx(0); ok {
		t.Error("the root is marked approximate")
	}
	if !res.Approx || math.Abs(res.Score-(1+low)/2) > 1e-12 || math.Abs(res.High-(1+high)/2) > 1e-12 {
		t.Errorf("result: approx %v, score %v, high %v", res.Approx, res.Score, res.High)
	}
	ws := warningsOf(res)
	if len(ws) != 1 || ws[0].Path != ".s" ||
		!strings.HasPrefix(ws[0].Message, "approximate score: damerau on a string of 4,200 code points is past its exact limit (16,777,216 matrix cells)") {
		t.Errorf("warnings %v", ws)
	}
}

// TestJSONDiffManyApproximate: past report.MaxWarnings approximate
// leaves, the warnings name the first 20 and the others are counted; every
// leaf carries its interval all the same.
func TestJSONDiffManyApproximate(t *testing.T) {
	x := []rune(strings.Repeat("the quick brown fox jumps over a lazy dog ", 100))[:4200]
	y := slices.Clone(x)
	for i := 0; i+1 < len(y); i += 10 {
		y[i], y[i+1] = y[i+1], y[i]
	}
	ref := `["` + strings.Repeat(string(x)+`", "`, 24) + string(x) + `"]`
	out := `["` + strings.Repeat(string(y)+`", "`, 24) + string(y) + `"]`
	res := runMetric(t, "jsondiff", ref, out, "", MetricOptions{Comparator: "damerau"})
	ws := res.Tree.Warnings()
	if len(ws) != 20 || ws[0].Path != ".[0]" || ws[19].Path != ".[19]" || res.Tree.OmittedWarnings() != 5 {
		t.Fatalf("%d warnings (first %v), %d omitted; want 20 and 5", len(ws), ws[0].Path, res.Tree.OmittedWarnings())
	}
	for i := 1; i <= 25; i++ {
		if _, ok := res.Tree.Approx(NodeID(i)); !ok {
			t.Fatalf("node %d is not marked approximate", i)
		}
	}
}
