package archtest

import (
	"go/build"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/jsontui/jsontui"

// root is the repository's root, from this package's folder.
const root = "../.."

// graph maps a package's import path to what it imports directly (tests
// left out).
type graph map[string][]string

// moduleGraph reads the imports of every package of the module from its
// sources (go/build, so that the test cache sees the files), and those of
// the packages they import from elsewhere with `go list -deps`.
func moduleGraph(t *testing.T) graph {
	t.Helper()
	g := graph{}
	external := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if name := d.Name(); path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != root {
			return filepath.SkipDir // a module of its own (integrations/beam): not this one's
		}
		p, err := build.ImportDir(path, 0)
		if err != nil {
			if _, none := err.(*build.NoGoError); none {
				return nil
			}
			return err
		}
		rel, _ := filepath.Rel(root, path)
		ip := module
		if rel != "." {
			ip += "/" + filepath.ToSlash(rel)
		}
		g[ip] = p.Imports
		for _, imp := range p.Imports {
			if !strings.HasPrefix(imp, module) && strings.Contains(strings.Split(imp, "/")[0], ".") {
				external[imp] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The other modules' packages are those go.mod pins: read it, so that
	// a change of version runs the test again.
	if _, err := os.ReadFile(filepath.Join(root, "go.mod")); err != nil {
		t.Fatal(err)
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command lists the other modules' imports: %v", err)
	}
	args := []string{"list", "-deps", "-f", `{{.ImportPath}} {{join .Imports " "}}`}
	for imp := range external {
		args = append(args, imp)
	}
	slices.Sort(args[4:])
	cmd := exec.Command(goTool, args...)
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			t.Fatalf("go list -deps: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list -deps: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		g[f[0]] = f[1:]
	}
	return g
}

// reach returns every package from reaches, with the path by which it
// is first reached: "a → b → c".
func (g graph) reach(from string) map[string]string {
	how := map[string]string{from: from}
	queue := []string{from}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, q := range g[p] {
			if _, seen := how[q]; !seen {
				how[q] = how[p] + " → " + q
				queue = append(queue, q)
			}
		}
	}
	return how
}

// under reports whether import path p is prefix or below it.
func under(p, prefix string) bool {
	if strings.HasSuffix(prefix, "/") {
		return strings.HasPrefix(p, prefix)
	}
	return p == prefix || strings.HasPrefix(p, prefix+"/")
}

// charm is every module of Charm's.
var charm = []string{"charm.land/", "github.com/charmbracelet/"}

// layers are the packages of a layer (folders of the module) and the
// import paths they must not reach, directly or not.
var layers = []struct {
	folder    string
	forbidden []string
	why       string
}{
	{"scoring", append(slices.Clone(charm), module+"/tui", module+"/themes", module+"/history", module+"/internal/cli"),
		"the engine knows no terminal and no store"},
	{"history", append(slices.Clone(charm), module+"/tui", module+"/themes", module+"/internal/cli"),
		"the store knows no terminal"},
	{"tui", []string{"go.etcd.io/bbolt", "github.com/rapidloop/skv", module + "/history", module + "/internal/cli"},
		"the explorer reaches the store only through the interfaces of tui/api.go"},
	{"themes", []string{"go.etcd.io/bbolt", "github.com/rapidloop/skv", module + "/history", module + "/tui", module + "/internal/cli"},
		"the styles know neither the explorer nor the store"},
}

// TestLayers: the engine (scoring) and the store (history) import nothing
// of Charm, the explorer (tui) nothing of bbolt, skv or history.
func TestLayers(t *testing.T) {
	g := moduleGraph(t)
	for _, l := range layers {
		var pkgs []string
		for p := range g {
			if under(p, module+"/"+l.folder) {
				pkgs = append(pkgs, p)
			}
		}
		if len(pkgs) == 0 {
			t.Fatalf("%s: no package", l.folder)
		}
		slices.Sort(pkgs)
		for _, p := range pkgs {
			reached := g.reach(p)
			for _, f := range l.forbidden {
				// Say the shortest way p reaches f, once.
				worst := ""
				for q, how := range reached {
					if under(q, f) && (worst == "" || len(how) < len(worst) || len(how) == len(worst) && how < worst) {
						worst = how
					}
				}
				if worst != "" {
					t.Errorf("%s must not import %s (%s): %s", p, f, l.why, worst)
				}
			}
		}
	}
}
