package cli

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/textdist"
)

// flagError is every command's flag error (exit 2): an unknown flag gets
// the nearest flag the command has, "did you mean --top?".
func flagError(c *cobra.Command, err error) error {
	msg := err.Error()
	name, ok := strings.CutPrefix(msg, "unknown flag: --")
	if !ok {
		return badInput(err)
	}
	name, _, _ = strings.Cut(name, "=")
	var names []string
	c.Flags().VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			names = append(names, f.Name)
		}
	})
	if near := nearest(name, names); near != "" {
		return badInput(fmt.Errorf("%s; did you mean --%s?", msg, near))
	}
	return badInput(err)
}

// nearest returns the name of names closest to s (a swap of two
// letters is one edit), or "" when none is within 2 edits (a third of
// s's length, for longer names).
func nearest(s string, names []string) string {
	if len(s) > 64 {
		return ""
	}
	best, bestD := "", -1
	for _, n := range names {
		if len(n) > 64 {
			continue
		}
		d, err := textdist.Damerau([]rune(strings.ToLower(s)), []rune(strings.ToLower(n)), 1<<14)
		if err != nil {
			continue
		}
		if bestD < 0 || d < bestD {
			best, bestD = n, d
		}
	}
	if bestD < 0 || bestD > max(2, len(s)/3) || bestD == len(s) {
		return ""
	}
	return best
}

// commandTypo returns the error of a first argument that is no file and
// looks like a misspelt subcommand of cmd ("scor"), nil otherwise: it
// would be read as a file and fail with an error that never says so.
// file says the argument could have been a file, and is not one.
func commandTypo(cmd *cobra.Command, arg string, file bool) error {
	if arg == "" || arg == "-" || strings.ContainsAny(arg, "/.") {
		return nil
	}
	if _, err := os.Stat(arg); err == nil && file {
		return nil // a file of that name: it is meant
	}
	var names []string
	for _, c := range cmd.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
			names = append(names, c.Aliases...)
		}
	}
	near := nearest(arg, names)
	if near == "" {
		return nil
	}
	path := strings.TrimSpace(cmd.CommandPath() + " " + near)
	also := ""
	if file {
		also = " (and no file has that name)"
	}
	return badInput(fmt.Errorf("unknown command %s for %q%s; did you mean '%s'?", escape.Name(arg), cmd.CommandPath(), also, path))
}
