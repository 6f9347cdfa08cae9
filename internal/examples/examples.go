// Package examples finds SPEC's worked examples for the tests that
// reproduce them: the copy in the repository's testdata/cases, and the
// shared originals beside the repository when they are there (as in CI).
package examples

import (
	"os"
	"path/filepath"
	"testing"
)

// Dirs returns the example folders that hold every one of files: those
// of testdata/cases (which must be readable) and those of the shared
// originals, when there. root is the path from the test's package to the
// repository's root, such as "../..".
func Dirs(tb testing.TB, root string, files ...string) []string {
	tb.Helper()
	var dirs []string
	for i, cases := range []string{filepath.Join(root, "testdata", "cases"), filepath.Join(root, "..", "shared", "cases")} {
		entries, err := os.ReadDir(cases)
		if err != nil {
			if i == 0 {
				tb.Fatal(err)
			}
			continue
		}
		for _, e := range entries {
			dir := filepath.Join(cases, e.Name())
			if e.IsDir() && holds(dir, files) {
				dirs = append(dirs, dir)
			}
		}
	}
	return dirs
}

// holds reports whether dir holds every one of files.
func holds(dir string, files []string) bool {
	for _, name := range files {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			return false
		}
	}
	return true
}
