package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPairStringOutput: an output file that is a JSON string is model
// text in a pair as in a case of two folders: the JSON text it holds is
// the output (with the repair noted), the cut-off JSON it holds is an
// error with its place inside the string, any other string is a string.
// Before, a pair compared the string itself: the cut-off answer scored 0
// with exit 0, the whole answer scored 0 where its folder scored 1.
func TestPairStringOutput(t *testing.T) {
	dir := t.TempDir()
	ref := writeFile(t, dir, "ref.json", `{"x": 1, "y": "a"}`)
	for _, c := range []struct {
		out, score, stderr string
		code               int
	}{
		{`"{\"x\": 1, \"y\": \"a\"}"`, "1", "jsontui: out.json: parsed the JSON text of the output string\n", 0},
		{`"{\"x\": 1, \"y\": \"a"`, "", "jsontui: out.json:1:1: the output string does not parse as JSON, at its line 1 column 17: unexpected end of JSON input; no JSON found in it either: tried 1 opening bracket\n", 2},
		{`"hello"`, "0", "", 0},
	} {
		out := writeFile(t, dir, "out.json", c.out)
		code, stdout, stderr := runCLI(t, "", "score", ref, out, "--no-history", "--quiet")
		stderr = strings.ReplaceAll(stderr, dir+string(filepath.Separator), "")
		if code != c.code || strings.TrimSpace(stdout) != c.score || stderr != c.stderr {
			t.Errorf("%s: exit %d, %q, %q; want %d, %q, %q", c.out, code, stdout, stderr, c.code, c.score, c.stderr)
		}
		if c.code != 0 {
			continue
		}
		// The same files as a case of two folders score the same.
		for _, side := range []string{"R", "O"} {
			if err := os.MkdirAll(filepath.Join(dir, side), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		writeFile(t, filepath.Join(dir, "R"), "a.json", `{"x": 1, "y": "a"}`)
		writeFile(t, filepath.Join(dir, "O"), "a.json", c.out)
		code, stdout, _ = runCLI(t, "", "score", filepath.Join(dir, "R"), filepath.Join(dir, "O"), "--no-history", "--quiet")
		if code != 0 || strings.TrimSpace(stdout) != c.score {
			t.Errorf("%s as folders: exit %d, %q; want %q", c.out, code, stdout, c.score)
		}
	}
}
