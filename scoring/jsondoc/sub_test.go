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
