package scoring

import (
	"bytes"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// FuzzResolve checks the weights resolver on any reference and weights
// file: it never panics and fails only with a *WeightsError; every slot
// takes the weight a plain reading of docs/weights-and-rules.md gives it (entries
// found by scanning, Doc.Lookup, where the resolver uses an index); the
// warnings are counted and kept as documented; and the file written back
// (MarshalWeights) and the one InitWeights writes read back to the same
// weights.
func FuzzResolve(f *testing.F) {
	seeds := [][2]string{
		{pizzaRef, `{"beer": 0.25, "peperoni": 1, "__beer": 0.5, "fixed_menus": {"__fixed_menus": 0.8, "__drink": 0.5, "piza": 0.5}}`},
		{`{"a": {"__a": 1, "b": 2}}`, `{"a": {"__a": 0.5, "b": 0.25}}`},
		{`{"a": [{"b": 1}, {"c": {"d": 2}}]}`, `{"a": {"__a": 0.1, "b": 0.2, "c": {"__c": 0.3, "d": 0}}}`},
		{`{"k": 1, "k": {"x": 1}}`, `{"k": {"__k": 0.5, "x": 1, "x": 0.5}}`},
		{`{"a\"b": 1, "é": {"\u00e9": 2}}`, `{"a\"b": 0.5, "\u00e9": {"__é": 0.75, "é": 0.25}}`},
		{`{"a": 1}`, `{"a": {"__a": 0.5}}`},
		{`{"` + strings.Repeat("k", 70) + `": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9, "j": 10}`,
			`{"` + strings.Repeat("k", 69) + `": 0.5, "b": 0.1, "c": 0.2, "d": 0.3, "e": 0.4, "f": 0.5, "g": 0.6, "h": 0.7, "i": 0.8, "jj": 0.9}`},
		{nested("a", 40), `{"a": {"a": {"__a": 0.5, "a": {"a": {"zz": {"q": {"q": 1}}}}}}}`},
	}
	for _, s := range seeds {
		f.Add([]byte(s[0]), []byte(s[1]))
	}
	f.Fuzz(func(t *testing.T, refSrc, wSrc []byte) {
		ref, err := jsondoc.Parse("ref.json", refSrc, nil)
		if err != nil {
			return
		}
		w, err := ParseWeights("weights.json", wSrc)
		if err != nil {
			return
		}
		tree, err := Build(ref, ref, w, Options{})
		if err != nil {
			if _, ok := err.(*WeightsError); !ok {
				t.Fatalf("Build error %v is not a *WeightsError", err)
			}
			return
		}
		checkResolved(t, tree, w)
		first, ignored := tree.IgnoredEntries()
		if len(first) != min(ignored, maxWarnings) {
			t.Fatalf("%d ignored entries, %d warnings about them kept", ignored, len(first))
		}
		// Every warning counted: the entries that apply to nothing, the
		// duplicate keys of the reference (twice: it is the output too)
		// and of the weights file.
		docW := func(d *jsondoc.Doc) int { return len(d.Warnings()) + d.OmittedWarnings() }
		if n, want := len(tree.Warnings())+tree.OmittedWarnings(), ignored+2*docW(ref)+docW(w.Doc()); n != want {
			t.Fatalf("%d warnings in all, want %d", n, want)
		}
		// Written back, the weights read the same.
		back, err := ParseWeights("back.json", tree.MarshalWeights())
		if err != nil {
			t.Fatalf("MarshalWeights wrote a file that does not read: %v\n%s", err, tree.MarshalWeights())
		}
		again, err := Build(ref, ref, back, Options{})
		if err != nil {
			t.Fatalf("the file written back does not apply: %v", err)
		}
		for i, s := range again.Slots() {
			if s.Weight != tree.SlotAt(i).Weight {
				t.Fatalf("%s weighs %v written back, %v before", tree.SchemaPath(i), s.Weight, tree.SlotAt(i).Weight)
			}
		}
		if !bytes.Equal(again.MarshalWeights(), tree.MarshalWeights()) {
			t.Fatalf("written back twice differs:\n%s\n%s", tree.MarshalWeights(), again.MarshalWeights())
		}
		// weights init's file (on a tree without weights it weighs every
		// key 1) applies to every key, with the tree's weights.
		initW, err := ParseWeights("init.json", tree.InitWeights())
		if err != nil {
			t.Fatalf("InitWeights wrote a file that does not read: %v", err)
		}
		inited, err := Build(ref, ref, initW, Options{})
		if err != nil {
			t.Fatalf("the init file does not apply: %v", err)
		}
		if _, n := inited.IgnoredEntries(); n != 0 {
			t.Fatalf("%d entries of the init file apply to nothing:\n%s", n, tree.InitWeights())
		}
		for i, s := range inited.Slots() {
			if s.Weight != tree.SlotAt(i).Weight {
				t.Fatalf("%s weighs %v under the init file, %v in the tree", inited.SchemaPath(i), s.Weight, tree.SlotAt(i).Weight)
			}
		}
	})
}

// checkResolved compares every slot's file weight with the one read off
// the weights file by scanning: a key's entry is the member of its
// parent's weights object with its key; a number is its weight; an object
// holds the weights below and the loopback "__key" (a number), unless the
// reference has a key of that name below, whose weight it then is.
func checkResolved(t *testing.T, tree *Tree, w *Weights) {
	t.Helper()
	d := w.Doc()
	var slots []Slot
	for _, s := range tree.Slots() {
		slots = append(slots, s)
	}
	level := make([]jsondoc.ID, len(slots)) // the weights object for the level below each slot
	for i, s := range slots {
		level[i] = jsondoc.None
		switch {
		case s.Parent < 0:
			level[i] = 0
			continue
		case s.Elem:
			level[i] = level[s.Parent]
			continue
		}
		want := 1.0
		if pl := level[s.Parent]; pl != jsondoc.None {
			if e := d.Lookup(pl, s.Key); e != jsondoc.None {
				switch d.Kind(e) {
				case jsondoc.Number:
					want = d.Float(e)
				case jsondoc.Object:
					level[i] = e
					if lb := d.Lookup(e, "__"+s.Key); lb != jsondoc.None && d.Kind(lb) == jsondoc.Number &&
						!refHasKeyBelow(slots, i, "__"+s.Key) {
						want = d.Float(lb)
					}
				}
			}
		}
		if s.FileWeight != want || s.Weight != want {
			t.Fatalf("%s: weight %v (file %v), want %v", tree.SchemaPath(i), s.Weight, s.FileWeight, want)
		}
	}
}

// refHasKeyBelow reports whether a key slot named key hangs below slot k
// or the element slots below it.
func refHasKeyBelow(slots []Slot, k int, key string) bool {
	for _, s := range slots {
		if s.Parent < 0 || s.Elem || s.Key != key {
			continue
		}
		p := s.Parent
		for p != k && p >= 0 && slots[p].Elem {
			p = slots[p].Parent
		}
		if p == k {
			return true
		}
	}
	return false
}
