package dataset

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/internal/filekind"
)

// CheckRegular returns an error when the file name is not one jsontui
// reads: a named pipe (FIFO), a device (/dev/zero, a terminal) or a
// socket, where a file is expected (docs/datasets.md). Such a file is never
// opened: a FIFO with no writer would wait forever, /dev/zero never ends.
// Standard input ("-") is the exception, and so is a descriptor the
// process already holds (/dev/fd/N, /dev/stdin: a pipe that the shell's
// <(cmd) hands over, whose writer is running). A name that does not
// exist, or a directory, is for the caller's own error.
func CheckRegular(name string) error {
	if name == "-" || heldDescriptor(name) {
		return nil
	}
	st, err := os.Stat(name)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s: %w", escape.Name(name), pe.Err)
		}
		return nil
	}
	if what := filekind.Special(st.Mode()); what != "" {
		return fmt.Errorf("%s is %s, not a regular file: jsontui does not open it (give a file, or - for standard input)", escape.Name(name), what)
	}
	return nil
}

// heldDescriptor reports whether name is a descriptor of the process's
// own, by the names the shell gives them.
func heldDescriptor(name string) bool {
	return name == "/dev/stdin" || strings.HasPrefix(name, "/dev/fd/") || strings.HasPrefix(name, "/proc/self/fd/")
}

// renamed returns err, a file's error, naming the file as name: a
// *fs.PathError's operation and path give way to name, as every message
// of a dataset's files reads ("data.jsonl: permission denied").
func renamed(name string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", name, pe.Err)
	}
	return err
}
