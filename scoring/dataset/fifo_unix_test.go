//go:build unix

package dataset

import (
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
)

// TestOutputsFromPipe pairs by id the outputs read from a pipe the
// process holds (as `jsontui score ref.jsonl <(cmd)` gives them, as
// /dev/fd/N): a pipe cannot be read again at an offset, so its records
// are copied as standard input's are, and the figures are the file's.
func TestOutputsFromPipe(t *testing.T) {
	dir := t.TempDir()
	records := genRecords(t, dir, 200, 5)
	refFile, outFile, _, _ := writeForms(t, records, dir)
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	fifo := "/dev/fd/" + strconv.Itoa(int(pr.Fd()))
	if _, err := os.Stat(fifo); err != nil {
		t.Skipf("no /dev/fd here: %v", err)
	}
	data := mustRead(t, outFile)
	done := make(chan error, 1)
	go func() {
		_, err := pw.Write(data)
		pw.Close()
		done <- err
	}()
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	got := scoreSpec(t, Spec{Ref: refFile, Out: fifo}, Config{})
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	noTempFiles(t, tmp)
	want := scoreSpec(t, Spec{Ref: refFile, Out: outFile}, Config{})
	if got.Pairing != PairID {
		t.Fatalf("pairing %s", got.Pairing)
	}
	sameFigures(t, "named pipe", want.Figures, got.Figures, true)
}

// TestSpecialFilesRefused checks that a named pipe or a device, as an
// argument or among a directory's files, is an error naming it, and is
// never opened (a FIFO without a writer would block the open forever).
func TestSpecialFilesRefused(t *testing.T) {
	dir := files(t, map[string]string{"R/a.json": `{"a": 1}`, "O/a.json": `{"a": 1}`, "d.jsonl": `{"expected": 1, "output": 1}` + "\n"})
	for _, p := range []string{"fifo.jsonl", "R/b.json"} {
		if err := syscall.Mkfifo(filepath.Join(dir, p), 0o600); err != nil {
			t.Skipf("no named pipes here: %v", err)
		}
	}
	fifoMsg := " is a named pipe (FIFO), not a regular file: jsontui does not open it (give a file, or - for standard input)"
	for _, c := range []struct {
		spec Spec
		want string
	}{
		{Spec{Ref: "fifo.jsonl"}, filepath.Join(dir, "fifo.jsonl") + fifoMsg},
		{Spec{Ref: "d.jsonl", Out: "fifo.jsonl"}, filepath.Join(dir, "fifo.jsonl") + fifoMsg},
		{Spec{Ref: "R", Out: "O"}, filepath.Join(dir, "R", "b.json") + fifoMsg},
	} {
		if _, err := run(t, dir, c.spec, Config{}); err == nil || err.Error() != c.want {
			t.Errorf("%+v:\n got %v\nwant %s", c.spec, err, c.want)
		}
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		want := "/dev/zero is a character device, not a regular file: jsontui does not open it (give a file, or - for standard input)"
		if _, err := Open(Spec{Ref: "/dev/zero"}); err == nil || err.Error() != want {
			t.Errorf("/dev/zero: %v", err)
		}
	}
	if err := CheckRegular("-"); err != nil {
		t.Errorf("standard input: %v", err)
	}
	if err := CheckRegular(filepath.Join(dir, "d.jsonl")); err != nil {
		t.Errorf("a regular file: %v", err)
	}
	if err := CheckRegular(filepath.Join(dir, "R", "b.json\x1b]0;x\x07")); err != nil {
		t.Errorf("a name that does not exist is the caller's: %v", err)
	}
}
