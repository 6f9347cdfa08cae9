//go:build unix

package cli

import (
	"path/filepath"
	"syscall"
	"testing"
)

// TestSpecialFileArguments checks that a named pipe or /dev/zero given
// as an output, weights, rules, schema or shard is exit 2 naming it,
// never opened (the test would hang on the FIFO otherwise).
func TestSpecialFileArguments(t *testing.T) {
	dir := t.TempDir()
	ref := writeFile(t, dir, "ref.json", `{"a": 1}`)
	fifo := filepath.Join(dir, "pipe.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	fifoErr := "jsontui: " + fifo + " is a named pipe (FIFO), not a regular file: jsontui does not open it (give a file, or - for standard input)\n"
	zeroErr := "jsontui: /dev/zero is a character device, not a regular file: jsontui does not open it (give a file, or - for standard input)\n"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"score", ref, fifo, "--no-history"}, fifoErr},
		{[]string{"score", ref, "/dev/zero", "--no-history"}, zeroErr},
		{[]string{"score", ref, ref, fifo, "--no-history"}, fifoErr},
		{[]string{"score", ref, ref, "/dev/zero", "--no-history"}, zeroErr},
		{[]string{"score", ref, ref, "--rules", fifo, "--no-history"}, fifoErr},
		{[]string{"validate", ref, "--schema", fifo}, fifoErr},
		{[]string{"aggregate", fifo}, fifoErr},
		{[]string{"aggregate", "/dev/zero"}, zeroErr},
		// Labels are checked before any case is scored: stderr has no
		// line of the reading.
		{[]string{"score", small + "data.jsonl", "--labels", fifo, "--no-history"}, fifoErr},
		{[]string{"score", small + "data.jsonl", "--labels", "/dev/zero", "--no-history"}, zeroErr},
		{[]string{"score", small + "data.jsonl", "--labels", dir, "--no-history"}, "jsontui: " + dir + ": is a directory\n"},
		{[]string{"score", small + "data.jsonl", "--labels", filepath.Join(dir, "none.jsonl"), "--no-history"},
			"jsontui: " + filepath.Join(dir, "none.jsonl") + ": no such file or directory\n"},
		{[]string{"weights", "fit", small + "data.jsonl", "--labels", fifo}, fifoErr},
	} {
		code, _, stderr := runCLI(t, "", c.args...)
		if code != 2 || stderr != c.want {
			t.Errorf("%v: exit %d, stderr %q\nwant 2, %q", c.args, code, stderr, c.want)
		}
	}
}
