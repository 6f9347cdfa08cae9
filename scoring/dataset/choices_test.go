package dataset

import (
	"slices"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// TestChoices: what the explorer's rules and pairing choosers read of
// dataset-small's paths: the kinds of the references' values, the array
// a path is in, and the pairings its elements can take.
func TestChoices(t *testing.T) {
	d := smallScored(t)
	kinds := []struct {
		path string
		want []jsondoc.Kind
	}{
		{".vendor", []jsondoc.Kind{jsondoc.String}},
		{".note", []jsondoc.Kind{jsondoc.Null, jsondoc.String}},
		{".items", []jsondoc.Kind{jsondoc.Array}},
		{".items[].price", []jsondoc.Kind{jsondoc.Number}},
		{".currency", nil}, // only an output has it
		{".nope", nil},
	}
	for _, c := range kinds {
		if got := d.RefKinds(c.path); !slices.Equal(got, c.want) {
			t.Errorf("RefKinds(%s) = %v, want %v", c.path, got, c.want)
		}
	}
	arrays := []struct {
		path, want string
		ok         bool
	}{
		{".items", ".items", true},
		{".items[]", ".items", true},
		{".items[].sku", ".items", true},
		{".vendor", "", false},
		{".", "", false},
	}
	for _, c := range arrays {
		if got, ok := d.ArrayAt(c.path); got != c.want || ok != c.ok {
			t.Errorf("ArrayAt(%s) = %q, %v; want %q, %v", c.path, got, ok, c.want, c.ok)
		}
	}
	want := []scoring.Lists{{}, {Mode: scoring.ListBest}, {Mode: scoring.ListKey, Key: "sku"}, {Mode: scoring.ListKey, Key: "qty"},
		{Mode: scoring.ListKey, Key: "price"}}
	if got := d.PairingChoices(".items"); !slices.Equal(got, want) {
		t.Errorf("PairingChoices(.items) = %v, want %v", got, want)
	}
	if got := d.PairingChoices(".vendor"); got != nil {
		t.Errorf("PairingChoices(.vendor) = %v, want none", got)
	}
}
