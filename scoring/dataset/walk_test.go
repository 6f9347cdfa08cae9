package dataset

import (
	"fmt"
	"math"
	"slices"
	"strings"
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

// TestWalkIsSweep walks the pairs' trees, each pair twice, as the cases
// of one batch, under every metric that makes a tree (they weigh by path,
// by leaf count, with all-zero keys weighed alike), with and without
// weights and extra keys that count, and finds what extract, sweep and
// the batch's fold find: the same parts, bit for bit, the same exact sums,
// and for each case the same costliest leaf and shares.
func TestWalkIsSweep(t *testing.T) {
	weights, err := scoring.ParseWeights("weights", []byte(`{"d": {"e": 0, "f": 0, "k": 0}, "items": {"qty": 0.75, "price": 0.5}}`))
	if err != nil {
		t.Fatal(err)
	}
	rules, err := scoring.ParseRules("rules.json", []byte(`{".d.e": {"threshold": 0.2}, ".items[].sku": {"threshold": 0.5}}`))
	if err != nil {
		t.Fatal(err)
	}
	opts := map[string]func(*scoring.Input){
		"rules":   func(in *scoring.Input) { in.Rules, in.RulesUsage = rules, rules.Usage() },
		"plain":   func(*scoring.Input) {},
		"weights": func(in *scoring.Input) { in.Weights = weights },
		"extras":  func(in *scoring.Input) { in.Weights, in.Opt.PenalizeExtraKeys = weights, true },
	}
	checked := map[string]int{}
	for _, m := range scoring.Metrics() {
		if !scoring.HasTree(m) {
			continue
		}
		for name, set := range opts {
			c := newWalkCheck()
			for k := range 2 * len(walkPairs) {
				pair := walkPairs[k%len(walkPairs)]
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
				c.add(t, fmt.Sprintf("%s/%s case %d", m.Name(), name, k), res.Tree)
				checked[name]++
			}
			c.compare(t, m.Name()+"/"+name)
		}
	}
	for name := range opts {
		if name != "extras" && checked[name] < 2*len(walkPairs) { // extra keys count only in jsondiff
			t.Errorf("%s: only %d trees walked", name, checked[name])
		}
	}
}

// walkCheck scores the same cases into two batches: by extract, sweep
// and fold, and by walk.
type walkCheck struct {
	px, pw   pathCache
	x, xw    extractor
	f, g     frame
	folded   batch
	walked   batch
	nextCase int
}

func newWalkCheck() *walkCheck {
	table := newPathTable()
	c := &walkCheck{px: pathCache{table: table}, pw: pathCache{table: table}}
	c.x, c.xw = extractor{paths: &c.px, tau: 0.9}, extractor{paths: &c.pw, tau: 0.9}
	return c
}

// add scores the case of tree tr both ways, and compares its outcome.
func (c *walkCheck) add(t *testing.T, name string, tr *scoring.Tree) {
	t.Helper()
	idx := c.nextCase
	c.nextCase++
	c.x.extract(tr, &c.f)
	sw := sweeper{counting: true, w: slices.Clone(c.x.w), fallback: tr.Options().ZeroWeightFallback}
	want := sw.sweep(&c.f, false)
	c.folded.fold(sw.acc.parts, idx)
	var sw2 sweeper
	sw2.counting = true
	got := c.xw.walk(tr, &c.g, &sw2, &c.walked, idx)
	if len(sw2.acc.parts) != 0 {
		t.Errorf("%s: the walk left %d parts in the case's table", name, len(sw2.acc.parts))
	}
	if want.worst != got.worst || math.Float64bits(want.worstLoss) != math.Float64bits(got.worstLoss) ||
		math.Float64bits(want.score) != math.Float64bits(got.score) {
		t.Errorf("%s: walk %+v, sweep %+v", name, got, want)
	}
	n := len(c.f.path)
	if !slices.Equal(c.f.path, c.g.path) || !slices.Equal(sw.share, sw2.share[:n]) || !slices.Equal(sw.w, sw2.w[:n]) {
		t.Errorf("%s: paths, shares or weights differ", name)
	}
}

// compare compares the two batches' parts and exact sums.
func (c *walkCheck) compare(t *testing.T, name string) {
	t.Helper()
	a, b := &c.folded, &c.walked
	if !slices.Equal(a.parts, b.parts) {
		t.Errorf("%s: parts\nwalk %+v\nfold %+v", name, b.parts, a.parts)
		return
	}
	several := 0
	for i := range a.parts {
		if a.parts[i].sum == 0 {
			continue
		}
		several++
		sa, sb := a.sumsOf(&a.parts[i]), b.sumsOf(&b.parts[i])
		for j := range 2 {
			if x, y := sa[j].value(), sb[j].value(); math.Float64bits(x) != math.Float64bits(y) {
				t.Errorf("%s: path %d sum %d: walk %v, fold %v", name, a.parts[i].path, j, y, x)
			}
		}
	}
	if several == 0 && len(a.parts) > 0 {
		t.Errorf("%s: no path met by two cases", name)
	}
}

// TestBigWalkIsSweep walks, as the cases of one batch, a small case, a
// wide one of more than bigParts paths (whose paths are found first and
// whose parts take their room at once), and a small one at some of the
// wide one's paths (parts the batch had before it), and finds what
// extract, sweep and fold find, bit for bit.
func TestBigWalkIsSweep(t *testing.T) {
	var ref, out strings.Builder
	ref.WriteString(`{"list": [{"a": 1}, {"a": 2, "b": null}], "w": {`)
	out.WriteString(`{"list": [{"a": 1}, {"a": 3}], "w": {`)
	for i := range bigParts + 100 {
		if i > 0 {
			ref.WriteByte(',')
			out.WriteByte(',')
		}
		fmt.Fprintf(&ref, `"k%d": %d`, i, i)
		fmt.Fprintf(&out, `"k%d": %d`, i, i+i%3)
	}
	ref.WriteString(`}, "z": "x"}`)
	out.WriteString(`}, "z": "y", "extra": 1}`)
	small := walkPairs[0]
	c := newWalkCheck()
	after := [2]string{`{"list": [{"a": 1}], "w": {"k1": 1, "k7": 2, "new": 3}, "z": "x"}`, `{"list": [{"a": 2}], "w": {"k1": 1, "k7": 5}, "z": "x"}`}
	for k, pair := range [][2]string{small, {ref.String(), out.String()}, after} {
		r, err1 := jsondoc.Parse("ref", []byte(pair[0]), nil)
		o, err2 := jsondoc.Parse("out", []byte(pair[1]), nil)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		res, err := scoring.Run(scoring.Metrics()[0], &scoring.Input{Ref: r, Out: o})
		if err != nil || res.Tree == nil {
			t.Fatal(err)
		}
		c.add(t, fmt.Sprintf("case %d", k), res.Tree)
	}
	c.compare(t, "wide")
	if n := len(c.walked.parts); n < bigParts {
		t.Fatalf("%d parts: the wide case was not walked as big", n)
	}
}
