package archtest

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// layer is a row of ARCHITECTURE.md's table of layers.
type layer struct {
	name string
	// pkgs are its packages' folders ("" for the root's main.go).
	pkgs []string
	// allowed are the folders it may import, with the packages below
	// them; all is set for "everything below".
	allowed []string
	all     bool
}

var backticked = regexp.MustCompile("`([^`]+)`")

// readNote returns ARCHITECTURE.md's text.
func readNote(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// noteLayers parses the table of layers: | layer | packages | may import |.
func noteLayers(t *testing.T, note string) []layer {
	t.Helper()
	var layers []layer
	in := false
	for _, line := range strings.Split(note, "\n") {
		if strings.HasPrefix(line, "| layer | packages |") {
			in = true
			continue
		}
		if !in || strings.HasPrefix(line, "| ---") {
			continue
		}
		if !strings.HasPrefix(line, "|") {
			break
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) != 3 {
			t.Fatalf("ARCHITECTURE.md: a row of the layers without 3 cells: %s", line)
		}
		l := layer{name: strings.TrimSpace(cells[0]), all: strings.Contains(cells[2], "everything")}
		for _, m := range backticked.FindAllStringSubmatch(cells[1], -1) {
			switch p := m[1]; {
			case p == "main.go":
				l.pkgs = append(l.pkgs, "")
			case strings.HasSuffix(p, "/"):
				l.pkgs = append(l.pkgs, strings.TrimSuffix(p, "/"))
			}
		}
		for _, m := range backticked.FindAllStringSubmatch(cells[2], -1) {
			l.allowed = append(l.allowed, strings.TrimSuffix(m[1], "/"))
		}
		layers = append(layers, l)
	}
	if len(layers) < 4 {
		t.Fatalf("ARCHITECTURE.md: no table of layers (| layer | packages | may import |)")
	}
	return layers
}

// TestNoteLayers: every package of the module is in one layer of
// ARCHITECTURE.md, and imports (directly) only its own layer's packages
// and those its row allows.
func TestNoteLayers(t *testing.T) {
	layers := noteLayers(t, readNote(t))
	g := moduleGraph(t)
	layerOf := map[string]*layer{}
	for i := range layers {
		for _, p := range layers[i].pkgs {
			ip := module
			if p != "" {
				ip += "/" + p
			}
			if prev, dup := layerOf[ip]; dup {
				t.Errorf("ARCHITECTURE.md puts %s in two layers: %s and %s", p, prev.name, layers[i].name)
			}
			layerOf[ip] = &layers[i]
		}
	}
	var pkgs []string
	for p := range g {
		if under(p, module) {
			pkgs = append(pkgs, p)
		}
	}
	slices.Sort(pkgs)
	for _, p := range pkgs {
		l := layerOf[p]
		if l == nil {
			t.Errorf("ARCHITECTURE.md does not name %s in its layers: add it to a row", strings.TrimPrefix(p, module+"/"))
			continue
		}
		if l.all {
			continue
		}
		for _, imp := range g[p] {
			if !under(imp, module) || layerOf[imp] == l {
				continue
			}
			ok := false
			for _, a := range l.allowed {
				if under(imp, module+"/"+a) {
					ok = true
				}
			}
			if !ok {
				t.Errorf("%s (%s) imports %s, which its row in ARCHITECTURE.md does not allow", strings.TrimPrefix(p, module+"/"), l.name,
					strings.TrimPrefix(imp, module+"/"))
			}
		}
	}
	for ip := range layerOf {
		if _, ok := g[ip]; !ok {
			t.Errorf("ARCHITECTURE.md names %s, which is no package", strings.TrimPrefix(ip, module+"/"))
		}
	}
}

// TestNoteFilesExist: every file and folder ARCHITECTURE.md names in
// backquotes exists.
func TestNoteFilesExist(t *testing.T) {
	for _, m := range backticked.FindAllStringSubmatch(readNote(t), -1) {
		p := m[1]
		if strings.ContainsAny(p, " ()") || !(strings.Contains(p, "/") || strings.HasSuffix(p, ".go") || strings.HasSuffix(p, ".md") || p == "go.mod") {
			continue
		}
		if strings.Contains(p, "NAME") || strings.Contains(p, "*") {
			// A pattern: `metric_NAME.go`, `explain_*.go`.
			matches, err := filepath.Glob(filepath.Join(root, strings.ReplaceAll(strings.ReplaceAll(p, "NAME", "*"), "**", "*")))
			if err != nil || len(matches) == 0 {
				t.Errorf("ARCHITECTURE.md names %s: no file matches", p)
			}
			continue
		}
		if _, err := os.Stat(filepath.Join(root, p)); err != nil {
			t.Errorf("ARCHITECTURE.md names %s: %v", p, err)
		}
	}
}
