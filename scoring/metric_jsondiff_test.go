package scoring

import (
	"math"
	"strings"
	"testing"

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
	opt, _, err := JSONDiffOptions(MetricOptions{})
	if err != nil || opt.Numbers != nil || opt.Strings != nil || !opt.IsJSONDiff() || opt.Lists.Mode != ListIndex {
		t.Errorf("default options %+v %v", opt, err)
	}
	if LynxiusOptions().IsJSONDiff() || UIPathOptions().IsJSONDiff() || GalteaOptions(false).IsJSONDiff() {
		t.Error("a vendor's options pass for jsondiff")
	}
}

func TestJSONDiffComparatorPastLimit(t *testing.T) {
	big := strings.Repeat("ab", 3000)
	res := runMetric(t, "jsondiff", `["`+big+`"]`, `["`+big+`c"]`, "", MetricOptions{Comparator: "damerau"})
	ws := warningsOf(res)
	if len(ws) != 1 || ws[0].Message != "--strings damerau: 1 string pair(s) past the comparator's size limit were compared by levenshtein" {
		t.Errorf("warnings %v", ws)
	}
	if math.Abs(res.Score-(1-1.0/6001)) > 1e-12 {
		t.Errorf("score %v", res.Score)
	}
}
