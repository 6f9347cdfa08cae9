package cli

import (
	"runtime/debug"
	"strings"
)

// describeVersion says which jsontui this is, for --version, from the
// version set at link time (-ldflags -X …cli.version=v1.2.3) or else from
// what the go command stamped in the binary (info, nil when there is
// none):
//
//   - `go install github.com/jsontui/jsontui@v1.2.3` stamps the module's
//     version: "v1.2.3 (go1.26.8)";
//   - `go build` or `go install .` in a git clone stamps the commit: since
//     Go 1.24 as a pseudo-version, "v0.0.0-20261123170015-47aef076816d"
//     with "+dirty" when files were modified; before, as the vcs.revision
//     and vcs.modified settings alone, given as "devel 47aef076816d-dirty";
//   - a build without VCS information (-buildvcs=false, a git worktree,
//     whose .git the go command does not take for a repository, or a copy
//     of the source without .git) stamps neither: "devel", saying so.
func describeVersion(linked string, info *debug.BuildInfo) string {
	if linked != "" {
		return linked
	}
	if info == nil {
		return "devel (built without module information)"
	}
	var rev, when string
	modified := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	short := rev
	if len(short) > 12 {
		short = short[:12]
	}
	v := info.Main.Version
	var notes []string
	switch {
	case v != "" && v != "(devel)":
		// A release, or a pseudo-version naming the commit.
		if short != "" && !strings.Contains(v, short) {
			notes = append(notes, "commit "+short)
		}
		if modified && !strings.HasSuffix(v, "+dirty") {
			notes = append(notes, "modified")
		}
	case rev != "":
		v = "devel " + short
		if modified {
			v += "-dirty"
		}
		if when != "" {
			notes = append(notes, when)
		}
	default:
		v = "devel"
		notes = append(notes, "no version stamped: built with -buildvcs=false, in a git worktree or outside a git clone")
	}
	if info.GoVersion != "" {
		notes = append(notes, info.GoVersion)
	}
	if len(notes) == 0 {
		return v
	}
	return v + " (" + strings.Join(notes, ", ") + ")"
}
