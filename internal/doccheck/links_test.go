package doccheck

import (
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"
)

// root is the repository's root, from this package's folder.
const root = "../.."

var (
	// link matches an inline link or image, [text](target) or
	// ![alt](target); the text may wrap onto the next lines.
	link = regexp.MustCompile(`\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	// heading matches an ATX heading line.
	heading = regexp.MustCompile(`^#{1,6}\s+(.*?)\s*#*\s*$`)
	// codeSpan matches an inline code span.
	codeSpan = regexp.MustCompile("`+[^`]*`+")
)

// docFiles returns the Markdown files whose links are checked, relative
// to dir: README.md, ARCHITECTURE.md and every .md file under docs/.
func docFiles(dir string) ([]string, error) {
	files := []string{"README.md", "ARCHITECTURE.md"}
	err := filepath.WalkDir(filepath.Join(dir, "docs"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			rel, err := filepath.Rel(dir, p)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(files[2:])
	return files, err
}

// prose returns text without its fenced code blocks, each line of a
// block left empty so that line numbers still count.
func prose(text string) string {
	lines := strings.Split(text, "\n")
	fence := ""
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case fence == "" && (strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")):
			fence = t[:3]
			lines[i] = ""
		case fence != "":
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			lines[i] = ""
		}
	}
	return strings.Join(lines, "\n")
}

// slug returns the anchor GitHub gives a heading: lower case, spaces as
// hyphens, every character but letters, digits, '-' and '_' left out.
func slug(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// anchors returns the anchors of the headings of a Markdown text, a
// repeated one numbered as GitHub numbers it (-1, -2, ...).
func anchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	for _, l := range strings.Split(prose(text), "\n") {
		m := heading.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		s := slug(strings.ReplaceAll(m[1], "`", ""))
		if n := seen[s]; n > 0 {
			out[fmt.Sprintf("%s-%d", s, n)] = true
		} else {
			out[s] = true
		}
		seen[s]++
	}
	return out
}

// brokenLinks checks every relative link of the Markdown file name (a
// slash path relative to dir) and returns one message per link that does
// not resolve: "file:line: target: what is wrong".
func brokenLinks(dir, name string) ([]string, error) {
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		return nil, err
	}
	text := prose(string(b))
	scan := codeSpan.ReplaceAllStringFunc(text, func(s string) string {
		return strings.Map(func(r rune) rune {
			if r == '\n' {
				return r
			}
			return 'x'
		}, s)
	})
	var bad []string
	for _, m := range link.FindAllStringSubmatchIndex(scan, -1) {
		target := scan[m[2]:m[3]]
		line := 1 + strings.Count(scan[:m[2]], "\n")
		if msg := checkTarget(dir, name, target); msg != "" {
			bad = append(bad, fmt.Sprintf("%s:%d: %s: %s", name, line, target, msg))
		}
	}
	return bad, nil
}

// checkTarget returns what is wrong with a link to target from the file
// name, or "" when it resolves (or is not relative).
func checkTarget(dir, name, target string) string {
	u, err := url.Parse(target)
	if err != nil {
		return err.Error()
	}
	if u.Scheme != "" || u.Host != "" {
		return "" // http(s), mailto: not this test's business
	}
	file := name
	if u.Path != "" {
		if strings.HasPrefix(u.Path, "/") {
			return "an absolute path: write it relative to the file"
		}
		file = filepath.ToSlash(filepath.Join(filepath.Dir(name), u.Path))
		if strings.HasPrefix(file, "../") {
			return "outside the repository"
		}
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(file))); err != nil {
			return "no such file or folder"
		}
	}
	if u.Fragment == "" {
		return ""
	}
	if !strings.HasSuffix(file, ".md") {
		return "an anchor into a file that is not Markdown"
	}
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(file)))
	if err != nil {
		return err.Error()
	}
	if !anchors(string(b))[u.Fragment] {
		return fmt.Sprintf("%s has no heading #%s", file, u.Fragment)
	}
	return ""
}

// TestLinksResolve: every relative link of README.md, ARCHITECTURE.md and
// docs/ names a file or folder that exists, and its #anchor a heading of
// that file.
func TestLinksResolve(t *testing.T) {
	files, err := docFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 10 {
		t.Fatalf("found only %v: the manual under docs/ is missing", files)
	}
	for _, f := range files {
		bad, err := brokenLinks(root, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range bad {
			t.Error(b)
		}
	}
}

// TestBrokenLinksFound: the checker finds a missing file, a missing
// heading, a link escaping the repository, and passes good links,
// links inside code and links to other sites.
func TestBrokenLinksFound(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("docs/b.md", "# B page\n\n## Is it `good`? Yes: (really)\n\n## Twice\n\n## Twice\n")
	write("docs/a.md", "# A\n\nSee [b](b.md), [its heading](b.md#is-it-good-yes-really),\n"+
		"[the second](b.md#twice-1), [wrapped\ntext](b.md#twice), [here](#a), [folder](../docs/),\n"+
		"[site](https://example.com/x#y), `[code](nowhere.md)`.\n\n"+
		"```\n[fenced](nowhere.md)\n```\n\n"+
		"Bad: [gone](c.md), [no heading](b.md#missing), [up](../../x.md), [image](img.svg#z).\n")
	got, err := brokenLinks(dir, "docs/a.md")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"docs/a.md:12: c.md: no such file or folder",
		"docs/a.md:12: b.md#missing: docs/b.md has no heading #missing",
		"docs/a.md:12: ../../x.md: outside the repository",
		"docs/a.md:12: img.svg#z: no such file or folder",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
