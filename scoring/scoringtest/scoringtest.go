// Package scoringtest builds scoring trees for tests: a reference and an
// output parsed as jsontui reads them, weights, and the worked cases of
// the module's testdata/cases. Its functions fail the test (t.Fatal) on
// any error, so a test reads as what it checks.
//
// The tests of package scoring itself cannot import it (it imports
// scoring); those of every other package, and scoring's external tests
// (package scoring_test), do.
package scoringtest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// Docs parses a reference strictly and an output leniently (a fenced or
// truncated output is repaired), as jsontui reads them, named
// reference.json and output.json.
func Docs[T ~string | ~[]byte](t testing.TB, ref, out T) (r, o *jsondoc.Doc) {
	t.Helper()
	r, err := jsondoc.Parse("reference.json", []byte(ref), nil)
	if err != nil {
		t.Fatal(err)
	}
	o, err = jsondoc.ParseLenient("output.json", []byte(out), nil)
	if err != nil {
		t.Fatal(err)
	}
	return r, o
}

// Weights parses the text of a weights file named name; "" is no weights
// file (nil).
func Weights(t testing.TB, name, text string) *scoring.Weights {
	t.Helper()
	if text == "" {
		return nil
	}
	w, err := scoring.ParseWeights(name, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// Build builds the tree of ref and out under w (nil for none) and opt.
func Build(t testing.TB, ref, out *jsondoc.Doc, w *scoring.Weights, opt scoring.Options) *scoring.Tree {
	t.Helper()
	tree, err := scoring.Build(ref, out, w, opt)
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// Pair parses a reference, an output and weights ("" for none) given as
// text, as Docs and Weights do, and builds their tree by jsondiff's rules
// with its default options.
func Pair(t testing.TB, ref, out, weights string) *scoring.Tree {
	t.Helper()
	r, o := Docs(t, ref, out)
	return Build(t, r, o, Weights(t, "weights.json", weights), scoring.Options{})
}

// CaseDir returns the folder of the worked case name: the module's
// testdata/cases/NAME, found from the test's folder up.
func CaseDir(t testing.TB, name string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "testdata", "cases", name)
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatalf("no go.mod above the test's folder: no case %s", name)
		}
		dir = up
	}
}

// Case parses the worked case name (reference.json, output.json and
// weights.json, nil when it has none) as Docs and Weights do.
func Case(t testing.TB, name string) (ref, out *jsondoc.Doc, w *scoring.Weights) {
	t.Helper()
	dir := CaseDir(t, name)
	ref, out = Docs(t, Read(t, filepath.Join(dir, "reference.json")), Read(t, filepath.Join(dir, "output.json")))
	wpath := filepath.Join(dir, "weights.json")
	if _, err := os.Stat(wpath); err == nil {
		w = Weights(t, "weights.json", Read(t, wpath))
	}
	return ref, out, w
}

// Read returns the text of the file at path.
func Read(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
