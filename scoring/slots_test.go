package scoring

import (
	"fmt"
	"regexp"
	"sync"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// TestSlotNodeCount checks the counts of the reference's values per slot,
// counted on first use, against the nodes' paths: a slot's are the nodes
// with a reference value whose path, its indexes taken out, is the
// slot's schema path (elements past the shorter array, aside under
// ShorterLists, count for nothing).
func TestSlotNodeCount(t *testing.T) {
	rd, od := genDocs(t, 200<<10, 3)
	index := regexp.MustCompile(`\[[0-9]+\]`)
	for _, opt := range []Options{{}, {KeyUnion: true}, {ShorterLists: true}} {
		tree, err := Build(rd, od, nil, opt)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]int{}
		for i := range tree.Len() {
			id := NodeID(i)
			if tree.RefValue(id) == jsondoc.None || tree.nodes[i].has(bitAside) {
				continue
			}
			p := index.ReplaceAllString(tree.Path(id), "[]")
			if p == "." {
				p = ""
			}
			want[p]++
		}
		total := 0
		for i := range tree.NumSlots() {
			n := tree.SlotNodeCount(i)
			if w := want[tree.SchemaPath(i)]; n != w {
				t.Fatalf("%+v: %s has %d nodes, want %d", opt, tree.SchemaPath(i), n, w)
			}
			total += n
		}
		if total == 0 || total != sum(want) {
			t.Fatalf("%+v: %d nodes counted, want %d", opt, total, sum(want))
		}
	}
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// TestSlotAt checks what SlotAt tells of each kind of slot: the root, a
// key, a key written with escapes, an array's elements, and an output's
// extra key under KeyUnion (which is named by the output's member).
func TestSlotAt(t *testing.T) {
	rd, err := jsondoc.Parse("ref.json", []byte(`{"a": [{"b\u0022c": 1}], "d": 2}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	od, err := jsondoc.Parse("out.json", []byte(`{"d": 2, "\u00e9": 3, "a": []}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	w, err := ParseWeights("w.json", []byte(`{"d": 0.5, "é": 0.25}`))
	if err != nil {
		t.Fatal(err)
	}
	tree, err := Build(rd, od, w, Options{KeyUnion: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i, s := range tree.Slots() {
		got = append(got, fmt.Sprintf("%d %s %+v key=%v w=%v", i, tree.SchemaPath(i), s, s.IsKey(), tree.SlotWeightAt(i)))
	}
	want := []string{
		"0  {Parent:-1 Key: Weight:1 FileWeight:1 Entry:-1 Elem:false} key=false w=1",
		"1 .a {Parent:0 Key:a Weight:1 FileWeight:1 Entry:-1 Elem:false} key=true w=1",
		"2 .d {Parent:0 Key:d Weight:0.5 FileWeight:0.5 Entry:1 Elem:false} key=true w=0.5",
		`3 .["é"] {Parent:0 Key:é Weight:0.25 FileWeight:0.25 Entry:2 Elem:false} key=true w=0.25`,
		"4 .a[] {Parent:1 Key: Weight:1 FileWeight:1 Entry:-1 Elem:true} key=false w=1",
		`5 .a[]["b\"c"] {Parent:4 Key:b"c Weight:1 FileWeight:1 Entry:-1 Elem:false} key=true w=1`,
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("slots\n%q\nwant\n%q", got, want)
	}
	if tree.NumSlots() != len(want) || fmt.Sprint(tree.SlotWeights(nil)) != "[1 1 0.5 0.25 1 1]" {
		t.Errorf("%d slots, weights %v", tree.NumSlots(), tree.SlotWeights(nil))
	}
}

// TestKeySlotConcurrent looks keys up below a wide object's slot from
// many goroutines at once: the first lookup makes the slots' index (the
// build made none: every key was new), the others wait for it or use
// it. The race detector checks it.
func TestKeySlotConcurrent(t *testing.T) {
	ref, out := flatPair(t, 2000, false)
	tree, err := Build(ref, out, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if tree.below[0].indexed.Load() {
		t.Fatal("the build indexed the keys of an object seen once")
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := g; i < 2000; i += 3 {
				if k := tree.keySlot(0, fmt.Sprintf("k%d", i)); k != int32(i+1) {
					t.Errorf("k%d: slot %d", i, k)
					return
				}
			}
			if k := tree.keySlot(0, "k2000"); k != -1 {
				t.Errorf("k2000: slot %d", k)
			}
		})
	}
	wg.Wait()
	if !tree.below[0].indexed.Load() {
		t.Error("no index made")
	}
}

// TestSlotKeyIs compares every slot's key in place with what SlotName
// gives, for keys written with escapes, the empty key, a key that is
// another's prefix, output-only keys and elements' slots.
func TestSlotKeyIs(t *testing.T) {
	ref, err := jsondoc.Parse("ref", []byte(`{"a": 1, "ab": {"": 2, "q\"uote": 3}, "\u00e9t\u00e9": [{"a": 1}], "a\\b": null}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jsondoc.Parse("out", []byte(`{"a": 2, "ab": {"": 2}, "extra": {"x\ty": 1}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := Build(ref, out, nil, Options{KeyUnion: true})
	if err != nil {
		t.Fatal(err)
	}
	candidates := []string{"", "a", "ab", "abc", "q\"uote", "q", "été", "a\\b", `a\\b`, "extra", "x\ty", "x"}
	keys := 0
	for i := range tree.NumSlots() {
		parent, key, elem := tree.SlotName(i)
		if p, e := tree.SlotParent(i); p != parent || e != elem {
			t.Errorf("slot %d: SlotParent %d %v, SlotName %d %v", i, p, e, parent, elem)
		}
		for _, c := range append(candidates, key) {
			if got := tree.SlotKeyIs(i, c); got != (key == c) {
				t.Errorf("slot %d (key %q): SlotKeyIs(%q) = %v", i, key, c, got)
			}
		}
		if key != "" {
			keys++
		}
	}
	if keys < 7 {
		t.Fatalf("%d key slots: the tree tests little", keys)
	}
}
