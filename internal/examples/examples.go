// Package examples finds the worked examples
// (docs/scoring.md, docs/datasets.md) for the tests that
// reproduce them: the copy in the repository's testdata/cases, and the
// shared originals beside the repository when they are there (as in CI).
package examples

import (
	"os"
	"path/filepath"
	"testing"
)

// Dirs returns the example folders that hold every one of files: those
// of the module's testdata/cases (which must be readable) and those of the
// shared originals beside the module, when there. The module is found
// from the test's folder up (its go.mod).
func Dirs(tb testing.TB, files ...string) []string {
	tb.Helper()
	root := moduleRoot(tb)
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

// moduleRoot returns the folder of the go.mod above the working folder.
func moduleRoot(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			tb.Fatal("no go.mod above the test's folder")
		}
		dir = up
	}
}
