package jsondoc

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// wideObject returns an object of n members "k0".."k(n-1)", whose values
// are their numbers.
func wideObject(n int) []byte {
	var b strings.Builder
	b.WriteByte('{')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"k%d":%d`, i, i)
	}
	b.WriteByte('}')
	return []byte(b.String())
}

func TestKeyIndex(t *testing.T) {
	src := `{"a": 1, "b\u0022q": 2, "dup": 3, "c": 4, "dup": 5, "d": 6, "e": 7, "f": 8, "g": 9, "h": 10, "ab": 11}`
	d, err := Parse("index.json", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"small", "hashed"} {
		x := d.Index(0)
		if n == "small" {
			// The same object seen through a short one: below indexMin
			// members the index scans.
			small, _ := Parse("small.json", []byte(`{"a": 1, "b\u0022q": 2, "dup": 3, "dup": 5}`), nil)
			x = small.Index(0)
		}
		for key, want := range map[string]string{"a": "1", `b"q`: "2", "dup": "5", "ab": "11", "x": "", "": "", `a": 1, `: ""} {
			if n == "small" && (key == "ab") {
				continue
			}
			got := ""
			if c := x.Lookup(key); c != None {
				got = string(x.d.Raw(c))
			}
			if got != want {
				t.Errorf("%s: Lookup(%q) = %q, want %q", n, key, got, want)
			}
		}
	}
	if x := d.Index(0); x.Len() != 10 {
		t.Errorf("Len %d, want 10 (the shadowed duplicate not indexed)", x.Len())
	}
	var zero KeyIndex
	if zero.Lookup("a") != None {
		t.Error("the zero KeyIndex found a key")
	}
}

// TestKeyIndexMatchesLookup checks the index against Doc.Lookup on a wide
// object, and that Reset reuses it for a small one.
func TestKeyIndexMatchesLookup(t *testing.T) {
	d, err := Parse("wide.json", wideObject(5000), nil)
	if err != nil {
		t.Fatal(err)
	}
	x := d.Index(0)
	for i := 0; i < 6000; i += 7 {
		key := "k" + strconv.Itoa(i)
		if got, want := x.Lookup(key), d.Lookup(0, key); got != want {
			t.Fatalf("Lookup(%q) = %d, want %d", key, got, want)
		}
	}
	small, _ := Parse("small.json", []byte(`{"z": 1}`), nil)
	x.Reset(small, 0)
	if x.Lookup("z") != 1 || x.Lookup("k1") != None {
		t.Error("Reset to a small object: wrong lookups")
	}
}

// TestKeyIndexFrom checks an index of an object's members from one on:
// the members before it are not found, the others are, whether there are
// few (scanned) or many (hashed), and a shadowed duplicate is never.
func TestKeyIndexFrom(t *testing.T) {
	for _, n := range []int{3, 8, 9, 40} {
		d, err := Parse("from.json", wideObject(n), nil)
		if err != nil {
			t.Fatal(err)
		}
		var x KeyIndex
		for from := range n + 1 {
			first := d.Child(0)
			for range from {
				first = d.Next(first)
			}
			x.ResetFrom(d, first)
			if x.Len() != n-from {
				t.Fatalf("n %d from %d: Len %d", n, from, x.Len())
			}
			for i := range n {
				got := x.Lookup("k" + strconv.Itoa(i))
				if found := got != None; found != (i >= from) || found && d.Float(got) != float64(i) {
					t.Fatalf("n %d from %d: k%d found %v", n, from, i, got)
				}
			}
		}
	}
	d, err := Parse("dup.json", []byte(`{"a": 1, "b": 2, "a": 3, "c": 4}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	var x KeyIndex
	x.ResetFrom(d, d.Child(0)) // "b": the shadowed "a" is skipped
	if x.Len() != 3 || d.Float(x.Lookup("a")) != 3 {
		t.Errorf("Len %d, a %v", x.Len(), x.Lookup("a"))
	}
}
