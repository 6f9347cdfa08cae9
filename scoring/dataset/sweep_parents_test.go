package dataset

import (
	"slices"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// TestSweepParentsFromContainers sweeps one case's frame twice: with
// each node's parent kept, as for a small case, and with the parents
// found among the containers, as for a big one. The parts, their counts,
// the costliest leaf (ties on its loss) and the document order of every
// two leaves are the same.
func TestSweepParentsFromContainers(t *testing.T) {
	ref, err := jsondoc.Parse("ref", []byte(`{"a": [1, {"b": "x", "c": [true, null, "s"]}, 3], "d": {"e": "y", "f": 2, "k": {"m": [1, 2]}}, "g": [], "n": null}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jsondoc.Parse("out", []byte(`{"a": [2, {"b": "z", "c": [false]}, 3], "d": {"e": "q", "k": {"m": [2]}}, "h": 1, "n": 0}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := scoring.LookupMetric(scoring.DefaultMetric)
	res, err := scoring.Run(m, &scoring.Input{Ref: ref, Out: out})
	if err != nil {
		t.Fatal(err)
	}
	pc := pathCache{table: newPathTable()}
	x := extractor{paths: &pc, tau: 1}
	var f frame
	x.extract(res.Tree, &f)
	type swept struct {
		out    caseOutcome
		parts  []pathPart
		before []bool
	}
	var got [2]swept
	for k, bigAt := range []int{0, 1} {
		sw := sweeper{counting: true, bigAt: bigAt, w: slices.Clone(x.w)}
		o := sw.sweep(&f, false)
		if sw.hasParent != (bigAt == 0) {
			t.Fatalf("bigAt %d: parents kept %v", bigAt, sw.hasParent)
		}
		got[k] = swept{out: o, parts: slices.Clone(sw.acc.parts)}
		for a := range int32(len(f.path)) {
			for b := range int32(len(f.path)) {
				got[k].before = append(got[k].before, sw.before(a, b))
			}
		}
	}
	a, b := got[0], got[1]
	if a.out != b.out || !slices.Equal(a.parts, b.parts) || !slices.Equal(a.before, b.before) {
		t.Fatalf("parents kept: %+v\nfound among the containers: %+v", a, b)
	}
	if a.out.worst < 0 || len(a.parts) < 8 {
		t.Fatalf("the case tests little: worst %d, %d parts", a.out.worst, len(a.parts))
	}
}
