package jsondoc

import (
	"strings"
	"testing"
)

func TestKeyIs(t *testing.T) {
	long := strings.Repeat("k", 70000) // beyond the record's key offset
	src := `{"ab": 1, "a\u0063d": 2, "abc": 3, "": 4, "` + long + `": 5}`
	d, err := Parse("keys.json", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	var ids []ID
	for c := d.Child(0); c != None; c = d.Next(c) {
		ids = append(ids, c)
	}
	cases := []struct {
		id   ID
		key  string
		want bool
	}{
		{ids[0], "ab", true}, {ids[0], "a", false}, {ids[0], "abc", false}, {ids[0], "ab\"", false},
		{ids[1], "acd", false}, // written with an escape: compare Key instead
		{ids[2], "abc", true}, {ids[2], "ab", false},
		{ids[3], "", true}, {ids[3], "x", false},
		{ids[4], long, true}, {ids[4], long[1:], false},
		{0, "", false}, // the root has no key
		// A key holding a quote never equals one written without escapes,
		// even when the input's bytes past the key's end match it.
		{ids[0], `ab": 1, `, false}, {ids[0], `ab": 1, "a\u0063d`, false},
	}
	for _, c := range cases {
		if got := d.KeyIs(c.id, c.key); got != c.want {
			t.Errorf("KeyIs(%d, %.10q) = %v, want %v", c.id, c.key, got, c.want)
		}
	}
}

// TestKeyEndsBeforeColon: a key is read back from its value, past the
// white space and the colon between them, whatever the key holds.
func TestKeyEndsBeforeColon(t *testing.T) {
	src := "{\"a:b\" :\n\t 1, \"c\\\"d\":2, \"e\"   :   {\"f\":[]}, \"\":\"\", \"g\\\\\": \":\"}"
	d, err := Parse("keys.json", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for c := d.Child(0); c != None; c = d.Next(c) {
		got = append(got, d.Key(c))
	}
	want := []string{"a:b", `c"d`, "e", "", `g\`}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("keys %q, want %q", got, want)
	}
	if f := d.Child(d.Lookup(0, "e")); d.Key(f) != "f" {
		t.Errorf("nested key %q", d.Key(f))
	}
}
