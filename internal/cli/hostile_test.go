package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// hostileSeqs are what a terminal acts on: OSC 0 and 2 (the window
// title), OSC 52 (the clipboard), CSI (clear the screen), DCS, and the C1
// controls CSI and OSC as one character each.
var hostileSeqs = []string{"\x1b]0;T0\x07", "\x1b]2;T2\x1b\\", "\x1b]52;c;aGk=\x07", "\x1b[2J", "\x1bP1$qm\x1b\\", "\u009b2J", "\u009d0;x\u009c"}

// TestHostileDataset runs every terminal path outside the explorer over a
// dataset whose file name, case ids, keys, values and groups hold
// escape sequences, and checks that none reaches the output raw: the
// text, Markdown, JSON and JSON Lines figures, one case, --explain, top,
// aggregate, and the history's list, show and diff.
func TestHostileDataset(t *testing.T) {
	dir := t.TempDir()
	var lines []string
	for i, s := range hostileSeqs {
		rec := map[string]any{"id": "id" + s, "expected": map[string]any{"k" + s: "v" + s, "n": 1},
			"output": map[string]any{"k" + s: "w" + s, "n": i}, "category": "g" + s}
		b, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(b))
	}
	data := writeFile(t, dir, "data\x1b]0;F\x07\u009b.jsonl", strings.Join(lines, "\n")+"\n")
	store := filepath.Join(dir, "history.db")
	shard := filepath.Join(dir, "shard.jsonl")
	for _, args := range [][]string{
		{"score", data, "--group-by", ".category", "--label", "L\x1b]52;c;aGk=\x07", "--tag", "t\u009b2J"},
		{"score", data, "--group-by", ".category", "--label", "second"},
		{"score", data, "--format", "markdown", "--no-history"},
		{"score", data, "--format", "json", "--no-history"},
		{"score", data, "--format", "jsonl", "--no-history"},
		{"score", data, "--case", "id\u009b2J", "--no-history"},
		{"score", data, "--case", "id\u009b2J", "--format", "markdown", "--no-history"},
		{"score", data, "--case", "nope\x1b[2J", "--no-history"},
		{"score", data, "--top", "3", "--no-history"},
		{"score", data, "--explain", ".[\"k\x1b[2J\"]", "--no-history"},
		{"score", data, "--explain", ".nope\x1b]0;x\x07", "--no-history"},
		{"aggregate", data},
		{"history"},
		{"history", "show", "second"},
		{"history", "show", "second", "--case", "id\u009b2J"},
		{"history", "show", "second", "--format", "markdown"},
	} {
		code, stdout, stderr := runWithHistory(t, store, "", args...)
		if bad := rawControls(stdout + stderr); bad != "" {
			t.Errorf("%q: exit %d, raw control characters %s", args, code, bad)
		}
		if strings.Contains(strings.Join(args, " "), "--format jsonl") {
			writeFile(t, dir, filepath.Base(shard), stdout)
		}
	}
	code, stdout, stderr := runWithHistory(t, store, "", "aggregate", shard, "--format", "markdown")
	if bad := rawControls(stdout + stderr); code != 0 || bad != "" {
		t.Errorf("aggregate: exit %d, raw control characters %s: %s", code, bad, stderr)
	}
}

// TestHostileArguments gives escape sequences in the arguments the error
// messages echo (a flag's path, an unknown flag or subcommand, a run's
// name) and checks the message names them escaped, never raw.
func TestHostileArguments(t *testing.T) {
	dir := t.TempDir()
	data := writeFile(t, dir, "d.jsonl", `{"id": "a", "expected": {"k": 1}, "output": {"k": 2}}`+"\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"score", data, "--case", "a", "--explain", ".k\x1b[2J"}, `--explain .k\x1b[2J: unexpected '\x1b' at offset 2`},
		{[]string{"score", data, "--group-by", ".g\x1b]0;T\x07"}, `--group-by .g\x1b]0;T\a: unexpected`},
		{[]string{"score", data, "--id-field", ".i\u009b2J"}, `--id-field .i\u009b2J: unexpected`},
		{[]string{"score", data, "--out-field", ".o\x1bP1$qm\x1b\\"}, `--out-field .o\x1bP1$qm\x1b\: unexpected`},
		{[]string{"score", data, "--x\x1b]52;c;aGk=\x07"}, `unknown flag: --x\x1b]52;c;aGk`},
		{[]string{"sc\x1b[2J"}, `sc\x1b[2J is neither`},
		{[]string{"history", "l\u009d0;x\u009c"}, `did you mean 'jsontui history show l\u009d0;x\u009c'?`},
	} {
		code, stdout, stderr := runWithHistory(t, filepath.Join(dir, "h.db"), "", tc.args...)
		if bad := rawControls(stdout + stderr); code != 2 || bad != "" || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, raw control characters %q, stderr %q; want exit 2 and %q", tc.args, code, bad, stderr, tc.want)
		}
	}
}
