package dataset

import (
	"math"
	"slices"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// walkPairs are pairs whose trees hold every kind of node the figures
// tell apart: extra and missing keys, type mismatches, empty containers,
// nulls and empty strings (the leaf counts), arrays of objects, an object
// whose keys all weigh 0.
var walkPairs = [][2]string{
	{`{"a": [1, {"b": "x", "c": [true, null, "s"]}, 3], "d": {"e": "y", "f": 2, "k": {"m": [1, 2]}}, "g": [], "n": null, "z": ""}`,
		`{"a": [2, {"b": "z", "c": [false]}, 3], "d": {"e": "q", "k": {"m": [2]}}, "h": 1, "n": 0, "z": "t"}`},
	{`{"items": [{"sku": "A1", "qty": 2, "price": 9.5}, {"sku": "B2", "qty": 1, "price": 3}], "total": 22, "note": null}`,
		`{"items": [{"sku": "A1", "qty": 2, "price": 9.5}, {"sku": "B3", "qty": 1, "price": "3"}], "total": 21, "extra": {"x": 1}}`},
	{`[{"a": 1}, {"a": 2}, {"a": 3}]`, `[{"a": 1}, {"a": 3}]`},
	{`{"a": {"b": {"c": {}}}, "e": [[]]}`, `{"a": {"b": {"c": {"d": 1}}}, "e": [[1]]}`},
	{`{"same": {"x": [1, 2, 3]}, "b": true}`, `{"same": {"x": [1, 2, 3]}, "b": 1}`},
	{`7`, `"7"`},
}

// TestWalkIsSweep walks each pair's tree under every metric that makes
// one (they weigh by path, by leaf count, with all-zero keys weighed
// alike), with and without weights and extra keys that count, and
// finds what extract and sweep find: the same parts, bit for bit, the
// same costliest leaf and the same shares.
func TestWalkIsSweep(t *testing.T) {
	weights, err := scoring.ParseWeights("weights", []byte(`{"d": {"e": 0, "f": 0, "k": 0}, "items": {"qty": 0.75, "price": 0.5}}`))
	if err != nil {
		t.Fatal(err)
	}
	opts := map[string]func(*scoring.Input){
		"plain":   func(*scoring.Input) {},
		"weights": func(in *scoring.Input) { in.Weights = weights },
		"extras":  func(in *scoring.Input) { in.Weights, in.Opt.PenalizeExtraKeys = weights, true },
	}
	checked := 0
	for _, m := range scoring.Metrics() {
		if !scoring.HasTree(m) {
			continue
		}
		for name, set := range opts {
			for k, pair := range walkPairs {
				ref, err1 := jsondoc.Parse("ref", []byte(pair[0]), nil)
				out, err2 := jsondoc.Parse("out", []byte(pair[1]), nil)
				if err1 != nil || err2 != nil {
					t.Fatal(err1, err2)
				}
				in := &scoring.Input{Ref: ref, Out: out}
				set(in)
				res, err := scoring.Run(m, in)
				if err != nil || res.Tree == nil {
					continue // options this metric refuses
				}
				checkWalk(t, m.Name()+"/"+name, k, res.Tree)
				checked++
			}
		}
	}
	if checked < 40 {
		t.Fatalf("only %d trees walked", checked)
	}
}

// checkWalk compares walk with extract and sweep on tree tr.
func checkWalk(t *testing.T, name string, k int, tr *scoring.Tree) {
	t.Helper()
	table := newPathTable()
	px, pw := pathCache{table: table}, pathCache{table: table}
	x := extractor{paths: &px, tau: 0.9}
	var f frame
	x.extract(tr, &f)
	sw := sweeper{counting: true, w: slices.Clone(x.w), fallback: tr.Options().ZeroWeightFallback}
	want := sw.sweep(&f, false)
	xw := extractor{paths: &pw, tau: 0.9}
	var g frame
	var sw2 sweeper
	sw2.counting = true
	got := xw.walk(tr, &g, &sw2)
	if want.worst != got.worst || math.Float64bits(want.worstLoss) != math.Float64bits(got.worstLoss) ||
		math.Float64bits(want.score) != math.Float64bits(got.score) {
		t.Errorf("%s pair %d: walk %+v, sweep %+v", name, k, got, want)
	}
	if !slices.Equal(sw.acc.parts, sw2.acc.parts) {
		t.Errorf("%s pair %d: parts\nwalk  %+v\nsweep %+v", name, k, sw2.acc.parts, sw.acc.parts)
	}
	if !slices.Equal(f.path, g.path) || !slices.Equal(sw.share, sw2.share[:len(f.path)]) || !slices.Equal(sw.w, sw2.w[:len(f.path)]) {
		t.Errorf("%s pair %d: paths, shares or weights differ", name, k)
	}
}
