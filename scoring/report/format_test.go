package report

import "testing"

func TestPluralAndListFirst(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Plural(1, "run"), "1 run"},
		{Plural(0, "run"), "0 runs"},
		{Plural(2, "page is", "pages are"), "2 pages are"},
		{Plural(1, "page is", "pages are"), "1 page is"},
		{ListFirst(nil), ""},
		{ListFirst([]string{"a", "b"}), "a, b"},
		{ListFirst([]string{"a", "b", "c", "d", "e"}), "a, b, c, d, e"},
		{ListFirst([]string{"a", "b", "c", "d", "e", "f", "g"}), "a, b, c, d, e and 2 more"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}
