package cli

import (
	"strings"
	"testing"
)

// TestOneSideArgs checks the messages of validate and weights init, which
// read one side of a dataset, when given both sides (or a schema without
// --schema): what to give instead, exit 2.
func TestOneSideArgs(t *testing.T) {
	ref, out, _, _ := splitSmall(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"validate", ref, out}, "jsontui: validate reads a dataset's outputs alone: jsontui validate " + out + " (the references play no part)\n"},
		{[]string{"validate", small, small}, "jsontui: validate reads a dataset's outputs alone: jsontui validate " + small + " (the references play no part)\n"},
		{[]string{"validate", out, "schema.json"}, "jsontui: validate takes one OUT: give the JSON Schema with --schema schema.json\n"},
		{[]string{"validate", out, "a", "b"}, "jsontui: validate takes one OUT, not 3 arguments\n"},
		{[]string{"validate", out, "a"}, "jsontui: validate takes one OUT, not 2 arguments\n"},
		{[]string{"weights", "init", ref, out}, "jsontui: weights init reads a dataset's references alone: jsontui weights init " + ref + " (the outputs play no part)\n"},
		{[]string{"weights", "init", ref, "x.json"}, "jsontui: weights init takes one REF, not 2 arguments\n"},
	} {
		code, stdout, stderr := runCLI(t, "", c.args...)
		if code != 2 || stdout != "" || !strings.HasPrefix(stderr, c.want) {
			t.Errorf("%q: exit %d, %q, %q; want 2, %q", c.args, code, stdout, stderr, c.want)
		}
	}
}
