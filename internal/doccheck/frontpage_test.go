package doccheck

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestREADMEFrontPage: README.md stays a front page a newcomer reads in a
// few minutes: at most 400 lines, with the dataset and two-run quick
// starts in its first 120.
func TestREADMEFrontPage(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > 400 {
		t.Errorf("README.md has %d lines; the manual belongs in docs/ (at most 400)", len(lines))
	}
	for _, h := range []string{"## Quick start: one dataset", "## Quick start: comparing two runs"} {
		at := -1
		for i, l := range lines {
			if strings.HasPrefix(l, h) {
				at = i + 1
				break
			}
		}
		switch {
		case at < 0:
			t.Errorf("README.md has no heading %q", h)
		case at > 120:
			t.Errorf("README.md: %q is at line %d, past the first 120", h, at)
		}
	}
}

// citation matches a reference to a specification the repository does
// not hold.
var citation = regexp.MustCompile(`\bSPEC\b|(?i)\bspec(?:'s)? sections?\b`)

// TestNoSpecCitations: no Go or Markdown file cites a spec; the project's
// own docs/ pages state its formats and formulas and are cited instead.
func TestNoSpecCitations(t *testing.T) {
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != root && (strings.HasPrefix(n, ".") || n == "node_modules" || p == filepath.Join(root, "testdata", "bench")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, ".md") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for i, l := range strings.Split(string(b), "\n") {
			if citation.MatchString(l) {
				rel, _ := filepath.Rel(root, p)
				t.Errorf("%s:%d cites a spec the repository does not hold; cite the docs/ page instead: %s", filepath.ToSlash(rel), i+1, strings.TrimSpace(l))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
