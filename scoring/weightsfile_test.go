package scoring

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// nested returns {"a": {"a": ... 1 ...}} nested depth deep.
func nested(key string, depth int) string {
	return strings.Repeat(`{"`+key+`": `, depth) + "1" + strings.Repeat("}", depth)
}

// TestInitWeightsDeep reproduces issue 10's weights init on a reference
// nested 10,000 deep: each level was indented one step further, 300 MB
// for 60 KB. Past maxIndentDepth levels the file is now written on one
// line, so its size is linear in the reference's.
func TestInitWeightsDeep(t *testing.T) {
	const depth = 3000
	ref := nested("a", depth)
	tree := score(t, ref, ref, "")
	out := tree.InitWeights()
	if max := 20*depth + 4*maxIndentDepth*maxIndentDepth; len(out) > max {
		t.Fatalf("weights init wrote %d bytes for a reference of %d, want at most %d", len(out), len(ref), max)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	// "{", a key and its loopback per indented level, the line holding
	// the rest, a closing brace per indented level.
	if len(lines) != 3*maxIndentDepth {
		t.Errorf("%d lines, want %d", len(lines), 3*maxIndentDepth)
	}
	// The line past the indented levels holds the rest, compact.
	deepest := lines[2*maxIndentDepth-1]
	wantStart := strings.Repeat("  ", maxIndentDepth) + `"a": {"__a": 1.0, "a": {"__a": 1.0, `
	if !strings.HasPrefix(deepest, wantStart) || !strings.HasSuffix(deepest, `"a": 1.0`+strings.Repeat("}", depth-maxIndentDepth)) {
		t.Errorf("the deepest line starts %.80q and ends %q", deepest, deepest[max(0, len(deepest)-40):])
	}
	// It reads back, and scores like no weights at all.
	again := score(t, ref, ref, string(out))
	if len(again.Warnings()) != 0 {
		t.Errorf("warnings %v", again.Warnings()[:1])
	}
	for _, s := range again.Slots() {
		if s.Weight != 1 {
			t.Fatalf("%s weighs %v", s.Key, s.Weight)
		}
	}
	// The weights file it makes is written back the same.
	if got := again.MarshalWeights(); !bytes.Equal(got, out) {
		t.Errorf("MarshalWeights differs from the file read: %d bytes, want %d", len(got), len(out))
	}
}

// TestMarshalWeightsDeepEntry: an entry the reference does not use is
// written back as it was, re-indented; past maxIndentDepth levels on one
// line, so that a deep one costs its own size.
func TestMarshalWeightsDeepEntry(t *testing.T) {
	const depth = 3000
	w := `{"beer": 0.5, "zzz": ` + strings.Replace(nested("q", depth), "1", "0.5", 1) + "}"
	tree := score(t, pizzaRef, pizzaRef, w)
	out := tree.MarshalWeights()
	if max := 10*depth + 4*maxIndentDepth*maxIndentDepth; len(out) > max {
		t.Fatalf("%d bytes for a weights file of %d, want at most %d", len(out), len(w), max)
	}
	got := string(out)
	want := "{\n  \"beer\": 0.5,\n  \"zzz\": {\n    \"q\": {\n"
	if !strings.HasPrefix(got, want) || !strings.Contains(got, `"q": {"q": {"q": 0.5}}}`) {
		t.Errorf("got %.200q", got)
	}
	again := score(t, pizzaRef, pizzaRef, got)
	if !bytes.Equal(again.MarshalWeights(), out) {
		t.Error("not written back the same")
	}
}

// TestRawMatchesIndent: within maxIndentDepth, an unused entry is written
// as encoding/json's Indent writes it.
func TestRawMatchesIndent(t *testing.T) {
	for _, entry := range []string{
		`0.5`, `{}`, `{"x": 1}`, `{ "x" :1 , "y":{"z" : {}}, "w\"\\": 0.25, "x": 2 }`,
		"{\n\t\"a\": {\"b\": {\"c\": 1e-3}},\n\t\"\": 0\n}",
	} {
		for _, depth := range []int{1, 3} {
			w := weightsWriter{indent: "  "}
			w.raw([]byte(entry), depth)
			var want bytes.Buffer
			if err := json.Indent(&want, []byte(entry), strings.Repeat("  ", depth), "  "); err != nil {
				t.Fatal(err)
			}
			if got := w.buf.String(); got != want.String() {
				t.Errorf("raw(%q, %d):\n got %s\nwant %s", entry, depth, got, want.String())
			}
		}
	}
}

// TestMarshalWeightsEmptyKey: an entry for the key "" at the top level is
// written back (it was taken for the top level's loopback, which has
// none, and panicked; found by FuzzResolve).
func TestMarshalWeightsEmptyKey(t *testing.T) {
	tree := score(t, `{"a": 0}`, `{"a": 0}`, `{"": {}, "a": 0.5}`)
	if got, want := string(tree.MarshalWeights()), "{\n  \"\": {},\n  \"a\": 0.5\n}\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
