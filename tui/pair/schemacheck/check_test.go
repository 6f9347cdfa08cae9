package schemacheck

import (
	"fmt"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/validate"
)

// wideCase returns a tree of an object of n members and a list of n
// numbers, and a violation at each member, each element, and a few paths
// the tree has no node for.
func wideCase(t testing.TB, n int) (*scoring.Tree, []validate.Violation) {
	t.Helper()
	var b strings.Builder
	b.WriteString(`{"obj": {`)
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `"k%d": %d`, i, i)
	}
	b.WriteString(`}, "list": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprint(&b, i)
	}
	b.WriteString(`]}`)
	src := []byte(b.String())
	ref, err := jsondoc.Parse("reference.json", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jsondoc.Parse("output.json", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := scoring.Build(ref, out, nil, scoring.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var vs []validate.Violation
	for i := n - 1; i >= 0; i-- { // the last first: the farthest to look for
		vs = append(vs, validate.Violation{Path: fmt.Sprintf(".obj.k%d", i), Message: "m"},
			validate.Violation{Path: fmt.Sprintf(".list[%d]", i), Message: "m"})
	}
	vs = append(vs, validate.Violation{Path: ".obj.missing"}, validate.Violation{Path: fmt.Sprintf(".list[%d]", n)},
		validate.Violation{Path: ".list.k1"}, validate.Violation{Path: ".obj[0]"}, validate.Violation{Path: "no path"})
	return tr, vs
}

// TestSchemaPlaceIsLinear reproduces the placing of --schema's violations
// by a scan of the members of each object (and the elements of each
// Array, and the children of each node) on a violation's path, for each
// violation: quadratic in an object's width when each member breaks the
// schema. It must look at each member, element and node a bounded number
// of times, and a bounded number of them per violation.
func TestSchemaPlaceIsLinear(t *testing.T) {
	const n = 5000
	tr, vs := wideCase(t, n)
	sc := &Check{name: "schema.json", violations: vs}
	sc.Place(tr)
	// Each violation at its node; the last five at none.
	for i, v := range vs[:2*n] {
		id, ok := tr.Find(v.Path)
		if got := sc.byNode[id]; !ok || len(got) != 1 || got[0] != i {
			t.Fatalf("%s: violations %v at its node", v.Path, got)
		}
	}
	if len(sc.byNode) != 2*n || len(sc.unplaced) != 5 {
		t.Errorf("%d nodes marked, %d violations unplaced; want %d and 5", len(sc.byNode), len(sc.unplaced), 2*n)
	}
	t.Logf("placing %d violations looked at %d members, elements and nodes", len(vs), sc.placeWork)
	if bound := 8 * (2*n + len(vs)); sc.placeWork > bound {
		t.Errorf("placing %d violations in a tree of %d nodes looked at %d members, elements and nodes, want at most %d", len(vs), tr.Len(), sc.placeWork, bound)
	}
}
