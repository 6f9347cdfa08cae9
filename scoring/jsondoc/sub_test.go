package jsondoc

import (
	"reflect"
	"testing"
)

// TestSubIsTheValue: every value of a document, taken as a document of
// its own, holds that value and nothing after it, whether it is a last
// member, has a next sibling, is nested or scalar.
func TestSubIsTheValue(t *testing.T) {
	src := `{"a": {"b": [1, {"c": [[], {}]}, "x"], "d": {"e": null}}, "f": [true, [2, [3]]], "g": {}}`
	d, err := Parse("sub.json", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	for id := range ID(d.Len()) {
		sub := d.Sub(id, "sub")
		if got, want := toAny(sub, 0), toAny(d, id); !reflect.DeepEqual(got, want) {
			t.Errorf("Sub(%d) = %#v, want %#v", id, got, want)
		}
		if want := len(subValues(d, id)); sub.Len() != want {
			t.Errorf("Sub(%d) holds %d values, want %d", id, sub.Len(), want)
		}
		if sub.Next(0) != None {
			t.Errorf("Sub(%d)'s root has a sibling", id)
		}
	}
}

// subValues lists id and the values below it.
func subValues(d *Doc, id ID) []ID {
	out := []ID{id}
	for c := d.Child(id); c != None; c = d.Next(c) {
		out = append(out, subValues(d, c)...)
	}
	return out
}

// TestSubOfRootShares checks that the root's Sub reads as its document
// under its own name, shares its records, and that releasing it leaves
// the document whole: a later parse does not reuse the records.
func TestSubOfRootShares(t *testing.T) {
	d, err := Parse("rec", []byte(`{"a": [1, "x"], "b": {"c": null}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	s := d.Sub(0, "ref")
	if s.Name() != "ref" || s.Len() != d.Len() || s.Containers() != d.Containers() {
		t.Fatalf("Sub(0): name %q, %d values, %d containers; want ref, %d, %d", s.Name(), s.Len(), s.Containers(), d.Len(), d.Containers())
	}
	if &s.nodes[0] != &d.nodes[0] {
		t.Fatal("Sub(0) copied the records")
	}
	if got := string(s.Raw(s.Lookup(0, "b"))); got != `{"c": null}` {
		t.Fatalf("Sub(0) .b = %s", got)
	}
	s.Release()
	if _, err := Parse("other", []byte(`[7, 8, 9, 10, 11, 12, 13]`), nil); err != nil {
		t.Fatal(err)
	}
	if got := string(d.Raw(d.Lookup(0, "a"))); got != `[1, "x"]` || d.Len() != 6 {
		t.Fatalf("after releasing the Sub and parsing again, .a = %s (%d values)", got, d.Len())
	}
	// A value below the root is still copied, rebased.
	a := d.Sub(d.Lookup(0, "a"), "a")
	if a.Len() != 3 || a.Str(a.Next(a.Child(0))) != "x" || &a.nodes[0] == &d.nodes[1] {
		t.Fatalf("Sub(.a): %d values", a.Len())
	}
}
