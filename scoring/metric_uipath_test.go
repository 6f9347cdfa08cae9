package scoring

import (
	"math"
	"strings"
	"testing"
)

func TestUiPathNodes(t *testing.T) {
	ref := `{"a": {"x": 1, "y": [2, 3]}, "b": "abcd", "c": [], "d": [1, 2]}`
	out := `{"a": "str", "b": "abce", "c": [5], "d": [1], "z": 9}`
	tr := runMetric(t, "uipath", ref, out, "", MetricOptions{}).Tree
	// 6 leaves: a.x, a.y[0], a.y[1], b, d[0], d[1]; matched 0+0+0+0.75+1+0.
	if s, _ := tr.Total(); math.Abs(s-1.75/6) > 1e-12 {
		t.Errorf("total %v", s)
	}
	for path, want := range map[string]string{
		".a":      "type 0 0.5",
		".a.y[1]": "missing 0 0.5",
		".b":      "partial 0.75 0.166667",
		".c":      "match 1 0", // no leaf: takes no part
		".d":      "partial 0.5 0.333333",
		".d[1]":   "missing 0 0.5",
		".z":      "extra n/a 0",
	} {
		if got := nodeFigures(t, tr, path); got != want {
			t.Errorf("%s: %s, want %s", path, got, want)
		}
	}
	if _, ok := tr.Factor(0); ok {
		t.Error("uipath shows a factor")
	}
	checkTreeFigures(t, tr)
	if err := tr.SetWeight(1, 0.5); err == nil || err.Error() != "this metric weighs nodes by its own rule: its weights cannot be changed" {
		t.Errorf("SetWeight: %v", err)
	}
	if _, err := tr.SetSlotWeight(1, 0.5); err == nil {
		t.Error("SetSlotWeight accepted")
	}
	tr.ResetWeights() // keeps the leaf weights
	if s, _ := tr.Total(); math.Abs(s-1.75/6) > 1e-12 {
		t.Errorf("total after reset %v", s)
	}
}

func TestUiPathTarget(t *testing.T) {
	// UiPath's documentation example: target_output_key "result".
	ref := `{"result": {"score": 95, "passed": true}}`
	out := `{"result": {"score": 95, "passed": true}, "metadata": {"timestamp": "2024-01-01"}}`
	res := runMetric(t, "uipath", ref, out, "", MetricOptions{Targets: []string{".result"}})
	if res.Score != 1 {
		t.Errorf("target example %v", res.Score)
	}
	ref = `{"a": {"x": 1, "y": 2}, "b": [10, 20], "c": "skip"}`
	out = `{"a": {"x": 1, "y": 0}, "b": [10, 15], "c": "other"}`
	res = runMetric(t, "uipath", ref, out, "", MetricOptions{Targets: []string{".a.y", ".b[1]"}})
	if math.Abs(res.Score-0.75/2) > 1e-12 {
		t.Errorf("two targets %v", res.Score)
	}
	if got := nodeFigures(t, res.Tree, ".c"); got != "mismatch 0 0" {
		t.Errorf(".c outside the targets: %s", got)
	}
	if res.Explanation != "uipath: only the leaves at the targets .a.y, .b[1] count" {
		t.Errorf("explanation %q", res.Explanation)
	}
	// Missing in the output: UiPath fails; jsontui scores 0 and says so.
	res = runMetric(t, "uipath", `{"a": 1, "b": 2}`, `{"b": 2}`, "", MetricOptions{Targets: []string{".a"}})
	ws := warningsOf(res)
	if res.Score != 0 || len(ws) != 1 || !strings.Contains(ws[0].Message, "TARGET_OUTPUT_KEY_NOT_FOUND") {
		t.Errorf("score %v warnings %v", res.Score, ws)
	}
}

func TestUiPathTargetNotInReference(t *testing.T) {
	m, _ := LookupMetric("uipath")
	in := docs(t, `{"a": 1}`, `{"a": 1}`)
	in.Opt.Targets = []string{".b"}
	_, err := Run(m, in)
	if err == nil || err.Error() != "target .b: ref.json has no value there" {
		t.Errorf("err %v", err)
	}
}

func TestUiPathNumbers(t *testing.T) {
	for _, c := range []struct{ e, a, want float64 }{
		{20.3, 20.5, 1 - 0.2/20.3}, {0, 0, 1}, {0, 1e-13, 1}, {0, 1e-3, 0}, {1e-13, 0, 1},
		{10, 25, 0}, {10, 5, 0.5}, {-10, -5, 0.5}, {10, -10, 0}, {1.7976931348623157e308, -1.7976931348623157e308, 0},
	} {
		if got := uipathNumber(c.e, c.a); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("uipathNumber(%v, %v) = %v, want %v", c.e, c.a, got, c.want)
		}
	}
}
