package scoring

import (
	"slices"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

func TestParsePath(t *testing.T) {
	for in, want := range map[string][]PathStep{
		".":                     nil,
		".a":                    {{Key: "a"}},
		".fixed_menus[1].pizza": {{Key: "fixed_menus"}, {Index: 1, IsIndex: true}, {Key: "pizza"}},
		`.["unit price"]`:       {{Key: "unit price"}},
		`.a["b]\"c"][0][12]`:    {{Key: "a"}, {Key: `b]"c`}, {Index: 0, IsIndex: true}, {Index: 12, IsIndex: true}},
		".[0]":                  {{Index: 0, IsIndex: true}},
		".a.[0]":                {{Key: "a"}, {Index: 0, IsIndex: true}},
		`.["é"].x_1`:            {{Key: "é"}, {Key: "x_1"}},
	} {
		got, err := ParsePath(in)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("ParsePath(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for in, want := range map[string]string{
		"a":     "a path starts with '.' (the root), as .items[0].name",
		"":      "a path starts with '.' (the root), as .items[0].name",
		".a.":   "the path ends with '.'",
		"..a":   "unexpected '.' at offset 1",
		".a b":  "unexpected ' ' at offset 2",
		".[x]":  `bad index "x" at offset 1`,
		".[-1]": `bad index "-1" at offset 1`,
		".[1":   "unterminated [ at offset 1",
		`.["a]`: `unterminated ["key"] at offset 1`,
		".1a":   `expected a key at offset 1 (write other keys as ["a key"])`,
	} {
		if _, err := ParsePath(in); err == nil || err.Error() != want {
			t.Errorf("ParsePath(%q): %v, want %s", in, err, want)
		}
	}
}

func TestFindEveryPath(t *testing.T) {
	tr := score(t, `{"a": [{"b c": 1}, 2], "d": {"e": null}}`, `{"a": [{"b c": 1}, 2, 3], "x": 1}`, "")
	for i := 0; i < tr.Len(); i++ {
		id := NodeID(i)
		if got, ok := tr.Find(tr.Path(id)); !ok || got != id {
			t.Errorf("Find(%s) = %v, %v; want %v", tr.Path(id), got, ok, id)
		}
	}
	if _, ok := tr.Find(".a[9]"); ok {
		t.Error("found .a[9]")
	}
	if _, ok := tr.Find(".d[0]"); ok {
		t.Error("found an index in an object")
	}
}

// FuzzParsePath checks that parsing never panics and that every path the
// tree writes parses back to its steps.
func FuzzParsePath(f *testing.F) {
	for _, s := range []string{".", ".a[0]", `.["x y"].z`, ".[", `.["\u00e9"]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		steps, err := ParsePath(s)
		if err != nil {
			return
		}
		var b []byte
		for _, st := range steps {
			if st.IsIndex {
				b = jsondoc.AppendIndex(b, st.Index)
			} else {
				b = jsondoc.AppendKey(b, st.Key)
			}
		}
		if len(b) == 0 {
			b = []byte(".")
		}
		again, err := ParsePath(string(b))
		if err != nil || !slices.Equal(again, steps) {
			t.Fatalf("%q → %v → %q → %v, %v", s, steps, b, again, err)
		}
	})
}
