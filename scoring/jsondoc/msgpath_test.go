package jsondoc

import (
	"strings"
	"testing"
)

// TestMessagePath: a path in a message shows at most 60 characters of a
// key, with its length; short paths and the steps around a long key stay
// as they are.
func TestMessagePath(t *testing.T) {
	long := strings.Repeat("k", 50_000)
	cut := `"` + strings.Repeat("k", 40) + "…" + strings.Repeat("k", 20) + `" (50,000 characters)`
	wide := strings.Repeat("é", 100) + "\n"
	for path, want := range map[string]string{
		".":                          ".",
		".a.b[0]":                    ".a.b[0]",
		"." + long:                   ".[" + cut + "]",
		".a." + long + "[3].b":       ".a[" + cut + "][3].b",
		`.["` + long + `"]`:          ".[" + cut + "]",
		`.x["` + long + `"][]`:       ".x[" + cut + "][]",
		`.["a b"].` + long:           `.["a b"][` + cut + "]",
		string(AppendKey(nil, wide)): `.["` + strings.Repeat("é", 40) + "…" + strings.Repeat("é", 19) + `\n" (101 characters)]`,
		strings.Repeat(".abc", 30):   strings.Repeat(".abc", 30),
		"not a path " + long:         "not a path " + strings.Repeat("k", 29) + "…" + strings.Repeat("k", 20) + " (50,011 characters)",
	} {
		if got := MessagePath(path); got != want {
			t.Errorf("MessagePath(%.80q…) = %.200q, want %.200q", path, got, want)
		}
	}
	if got, want := MessageKey(long), cut; got != want {
		t.Errorf("MessageKey = %.200q, want %.200q", got, want)
	}
	loc := "/a/very/long/folder/name/of/the/schema/file/schema.json#/properties/"
	if got, want := MessageLocation(loc+long+"/type"), loc+strings.Repeat("k", 40)+"…"+strings.Repeat("k", 20)+" (50,000 characters)/type"; got != want {
		t.Errorf("MessageLocation = %.200q, want %.200q", got, want)
	}
	if got := MessageLocation(loc + "a/type"); got != loc+"a/type" {
		t.Errorf("MessageLocation = %q", got)
	}
	if got, want := MessageKey("a\tb"), `"a\tb"`; got != want {
		t.Errorf("MessageKey = %q, want %q", got, want)
	}
}
