package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
)

func TestDescribeVersion(t *testing.T) {
	vcs := func(rev, when, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev},
			{Key: "vcs.time", Value: when}, {Key: "vcs.modified", Value: modified}}
	}
	const rev = "47aef076816d0a5ee32cb465cd86f8ad86679a85"
	for _, c := range []struct {
		name   string
		linked string
		info   *debug.BuildInfo
		want   string
	}{
		{"linked", "v1.2.3", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}}, "v1.2.3"},
		{"go install @version", "", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.4.0"}}, "v1.4.0 (go1.26.8)"},
		{"build in a clone", "", &debug.BuildInfo{GoVersion: "go1.26.8",
			Main:     debug.Module{Version: "v0.0.0-20261123170015-47aef076816d"},
			Settings: vcs(rev, "2026-11-23T17:00:15Z", "false")}, "v0.0.0-20261123170015-47aef076816d (go1.26.8)"},
		{"build in a modified clone", "", &debug.BuildInfo{GoVersion: "go1.26.8",
			Main:     debug.Module{Version: "v0.0.0-20261123170015-47aef076816d+dirty"},
			Settings: vcs(rev, "2026-11-23T17:00:15Z", "true")}, "v0.0.0-20261123170015-47aef076816d+dirty (go1.26.8)"},
		{"revision only (before Go 1.24)", "", &debug.BuildInfo{GoVersion: "go1.22.1",
			Main:     debug.Module{Version: "(devel)"},
			Settings: vcs(rev, "2026-11-23T17:00:15Z", "true")}, "devel 47aef076816d-dirty (2026-11-23T17:00:15Z, go1.22.1)"},
		{"a tagged version built modified", "", &debug.BuildInfo{GoVersion: "go1.26.8",
			Main:     debug.Module{Version: "v1.4.0"},
			Settings: vcs(rev, "2026-11-23T17:00:15Z", "true")}, "v1.4.0 (commit 47aef076816d, modified, go1.26.8)"},
		{"no version", "", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}},
			"devel (no version stamped: built with -buildvcs=false, in a git worktree or outside a git clone, go1.26.8)"},
		{"no build info", "", nil, "devel (built without module information)"},
	} {
		if got := describeVersion(c.linked, c.info); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// TestVersionOfABuild builds jsontui as a user's `go build` or `go
// install .` does in a git clone: from a copy of these sources committed
// in a new repository, then modified. --version names the commit, and
// says when the files were modified.
func TestVersionOfABuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds jsontui")
	}
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	files, err := exec.Command(git, "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		t.Skipf("not in a git checkout: %v", err)
	}
	dir := t.TempDir()
	for _, name := range strings.Split(strings.TrimRight(string(files), "\x00"), "\x00") {
		data, err := os.ReadFile(filepath.Join(root, name))
		if os.IsNotExist(err) {
			continue // deleted, not yet committed
		}
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off", "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
			"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %v: %v\n%s", name, args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	run(git, "init", "-q")
	run(git, "add", "-A")
	run(git, "commit", "-q", "-m", "a build")
	commit := run(git, "rev-parse", "HEAD")[:12]
	bin := filepath.Join(t.TempDir(), "jsontui")
	version := func() string {
		t.Helper()
		run("go", "build", "-buildvcs=true", "-o", bin, ".")
		out, err := exec.Command(bin, "--version").Output()
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	if got, want := version(), regexp.MustCompile(`^jsontui version v0\.0\.0-\d{14}-`+commit+` \(go1\.\d+[^)]*\)\n$`); !want.MatchString(got) {
		t.Errorf("--version of a build of commit %s: %q", commit, got)
	}
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte("changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, want := version(), regexp.MustCompile(`^jsontui version v0\.0\.0-\d{14}-`+commit+`\+dirty \(go1\.\d+[^)]*\)\n$`); !want.MatchString(got) {
		t.Errorf("--version of a modified build: %q", got)
	}
}
