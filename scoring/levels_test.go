package scoring

import (
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/gen"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// TestParallelBuildIsSequentialBuild builds a document wide enough for two
// builders and checks the tree is node for node the one a single builder
// makes: same layout, slots, weights and scores.
func TestParallelBuildIsSequentialBuild(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core")
	}
	rd, od := genDocs(t, 3<<20, 7)
	w, err := ParseWeights("w.json", []byte(`{"records": {"price": 0.5, "dims": {"__dims": 0.2, "h": 0}}}`))
	if err != nil {
		t.Fatal(err)
	}
	par, err := Build(rd, od, w, Options{})
	if err != nil {
		t.Fatal(err)
	}
	prev := runtime.GOMAXPROCS(1)
	seq, err := Build(rd, od, w, Options{})
	runtime.GOMAXPROCS(prev)
	if err != nil {
		t.Fatal(err)
	}
	if par.Len() < 4*chunkNodes {
		t.Fatalf("only %d nodes: no level is wide enough to build in parallel", par.Len())
	}
	sameTrees(t, par, seq)
}

// genDocs returns a generated pair of about size bytes each, parsed.
func genDocs(tb testing.TB, size int, seed uint64) (ref, out *jsondoc.Doc) {
	tb.Helper()
	rs, os := gen.Pair(size, seed)
	ref, err := jsondoc.Parse("ref.json", rs, nil)
	if err != nil {
		tb.Fatal(err)
	}
	out, err = jsondoc.Parse("out.json", os, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return ref, out
}

// sameTrees checks that trees a and b (built from the same documents) are
// node for node alike: layout, aggregates, slots, weights and scores.
func sameTrees(t *testing.T, a, b *Tree) {
	t.Helper()
	if a.Len() != b.Len() || a.NumSlots() != b.NumSlots() || len(a.aggs) != len(b.aggs) {
		t.Fatalf("%d nodes, %d slots, %d aggregates against %d, %d, %d",
			a.Len(), a.NumSlots(), len(a.aggs), b.Len(), b.NumSlots(), len(b.aggs))
	}
	for i := range a.nodes {
		x, y := a.nodes[i], b.nodes[i]
		sameScore := math.Float64bits(x.score) == math.Float64bits(y.score)
		x.score, y.score = 0, 0 // NaN is never equal to itself
		// Whether a pair was found written alike says how the build
		// went, not what it found.
		x.bits, y.bits = x.bits&^bitSame, y.bits&^bitSame
		if x != y || !sameScore {
			t.Fatalf("node %d (%s): %+v against %+v", i, b.Path(NodeID(i)), a.nodes[i], b.nodes[i])
		}
	}
	for i := range a.aggs {
		if a.aggs[i].first != b.aggs[i].first || a.aggs[i].count != b.aggs[i].count {
			t.Fatalf("aggregate %d differs", i)
		}
	}
	sa, sb := a.slotStats(), b.slotStats()
	for i := range a.NumSlots() {
		x, y := a.SlotAt(i), b.SlotAt(i)
		k := int32(i)
		if x.Key != y.Key || x.Parent != y.Parent || x.Elem != y.Elem || x.Weight != y.Weight || sa.count(k) != sb.count(k) || sa.kindsAt(k) != sb.kindsAt(k) {
			t.Fatalf("slot %d: %+v (%d nodes, kinds %b) against %+v (%d, %b)",
				i, x, sa.count(k), sa.kindsAt(k), y, sb.count(k), sb.kindsAt(k))
		}
	}
}

// TestEscapedAndDuplicateKeysInWideBuild builds, on two cores and on one,
// a wide document whose keys are now and then written with escapes,
// repeated, or in another order in the output, and checks that the trees
// agree with each other, and in every figure with the same documents
// written plainly: how a key is written changes nothing.
func TestEscapedAndDuplicateKeysInWideBuild(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core")
	}
	doc := func(out, escape bool) []byte {
		var b strings.Builder
		b.WriteString(`{"items": [`)
		for i := range 20000 {
			if i > 0 {
				b.WriteString(",")
			}
			name, price := `"name"`, `"price"`
			if escape && i%7 == 3 {
				name = `"n\u0061me"`
			}
			if escape && i%11 == 5 {
				price = `"pri\u0063e"`
			}
			v := i % 13
			if out && i%5 == 0 {
				v++
			}
			switch {
			case out && i%9 == 4: // another order
				fmt.Fprintf(&b, `{%s: %d, "tag": "t%d", %s: "item %d"}`, price, v, i%3, name, i)
			case i%17 == 6: // a repeated key: the last one counts
				fmt.Fprintf(&b, `{%s: "x", %s: "item %d", %s: %d, "tag": "t%d"}`, name, name, i, price, v, i%3)
			default:
				fmt.Fprintf(&b, `{%s: "item %d", %s: %d, "tag": "t%d"}`, name, i, price, v, i%3)
			}
		}
		b.WriteString("]}")
		return []byte(b.String())
	}
	build := func(escape bool, procs int) *Tree {
		rd, err := jsondoc.Parse("ref.json", doc(false, escape), nil)
		if err != nil {
			t.Fatal(err)
		}
		od, err := jsondoc.Parse("out.json", doc(true, escape), nil)
		if err != nil {
			t.Fatal(err)
		}
		prev := runtime.GOMAXPROCS(procs)
		defer runtime.GOMAXPROCS(prev)
		tree, err := Build(rd, od, nil, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return tree
	}
	par, seq, plain := build(true, 2), build(true, 1), build(false, 2)
	sameTrees(t, par, seq)
	if par.Len() != plain.Len() {
		t.Fatalf("%d nodes with escapes, %d without", par.Len(), plain.Len())
	}
	for i := range par.Len() {
		id := NodeID(i)
		a, _ := par.Score(id)
		b, _ := plain.Score(id)
		if math.Float64bits(a) != math.Float64bits(b) || par.Status(id) != plain.Status(id) || par.Key(id) != plain.Key(id) {
			t.Fatalf("%s: %v %v with escapes, %v %v without", plain.Path(id), a, par.Status(id), b, plain.Status(id))
		}
	}
}

// TestSamePairsFastPath builds a generated pair, many of whose records
// are written alike in both documents, with jsondiff's comparators by
// default (so that pairs written alike are taken whole, see
// builder.same) and named explicitly (so that every leaf is compared):
// the trees must agree node for node and in every figure.
func TestSamePairsFastPath(t *testing.T) {
	ref, out := genDocs(t, 2<<20, 3)
	fast, err := Build(ref, out, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	slow, err := Build(ref, out, nil, Options{Numbers: NumberScore, Strings: StringScore})
	if err != nil {
		t.Fatal(err)
	}
	same := 0
	for i := range fast.nodes {
		if fast.nodes[i].has(bitSame) {
			same++
		}
		if slow.nodes[i].has(bitSame) {
			t.Fatal("the build with comparators named took a pair whole")
		}
	}
	// Every builder takes the path, on however many cores.
	for i := range fast.nodes {
		n := &fast.nodes[i]
		if n.kind.IsContainer() && n.ref != jsondoc.None && n.out != jsondoc.None &&
			sameBytes(ref.Raw(n.ref), out.Raw(n.out)) && !n.has(bitSame) {
			t.Fatalf("node %d (%s) is written alike but was compared", i, fast.Path(NodeID(i)))
		}
	}
	if same < fast.Len()/10 {
		t.Fatalf("only %d of %d nodes taken whole: the test proves little", same, fast.Len())
	}
	sameTrees(t, fast, slow)
	for _, id := range []NodeID{0, 3, NodeID(fast.Len() - 1)} {
		if fast.Share(id) != slow.Share(id) || fast.Loss(id) != slow.Loss(id) {
			t.Errorf("node %d: share or loss differ", id)
		}
	}
}
