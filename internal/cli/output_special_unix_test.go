//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestOutputNotRegular: -o naming a named pipe is refused with exit 2
// and the pipe stays; before, the report was renamed over it (and, run
// as root, over /dev/null or /dev/zero: the device node was gone for
// every process of the machine).
func TestOutputNotRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	data := writeFile(t, dir, "d.jsonl", `{"id": "a", "expected": {"k": 1}, "output": {"k": 2}}`+"\n")
	code, _, stderr := runCLI(t, "", "score", data, "--no-history", "-o", fifo)
	want := "jsontui: -o " + fifo + ": a named pipe (FIFO), not a regular file: jsontui does not replace it\n"
	if code != 2 || !strings.HasSuffix(stderr, want) {
		t.Errorf("exit %d, stderr %q; want exit 2 ending %q", code, stderr, want)
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe was replaced: %v, %v", st.Mode(), err)
	}
}

// TestLoneSpecialArgument: one argument that is a named pipe, with
// --dataset or without, is refused for what it is; before, it was
// "neither a pair nor a dataset", which never said why.
func TestLoneSpecialArgument(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	want := "jsontui: " + fifo + " is a named pipe (FIFO), not a regular file: jsontui does not open it (give a file, or - for standard input)\n"
	for _, args := range [][]string{{"score", fifo}, {"score", fifo, "--dataset"}, {fifo, "--no-history"}} {
		if code, _, stderr := runCLI(t, "", args...); code != 2 || stderr != want {
			t.Errorf("%q: exit %d, %q; want 2, %q", args, code, stderr, want)
		}
	}
}
