//go:build unix

package dataset

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestOutputsFromPipe pairs by id the outputs read from a named pipe (as
// `jsontui score ref.jsonl <(cmd)` gives them): a pipe cannot be read
// again at an offset, so its records are copied as standard input's are,
// and the figures are the file's.
func TestOutputsFromPipe(t *testing.T) {
	dir := t.TempDir()
	records := genRecords(t, dir, 200, 5)
	refFile, outFile, _, _ := writeForms(t, records, dir)
	fifo := filepath.Join(dir, "outputs.jsonl")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	data := mustRead(t, outFile)
	done := make(chan error, 1)
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			_, err = f.Write(data)
			f.Close()
		}
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
