package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// ErrNotRegular is the error, wrapped, of a write whose target exists and
// is not a regular file: a device (/dev/null, /dev/zero), a named pipe, a
// socket or a folder. Such a target is never replaced: the rename would
// put a plain file in place of the device node (as root, in place of
// /dev/null for every process) or of the pipe a reader waits on.
var ErrNotRegular = errors.New("not a regular file: jsontui does not replace it")

// checkTarget returns an error wrapping ErrNotRegular when path exists
// and is not a regular file, after symbolic links ("a character device,
// not a regular file: …", without the path, which the caller names); nil when it is one or
// does not exist yet (other errors are the write's own to meet).
func checkTarget(path string) error {
	st, err := os.Stat(path)
	if err != nil || st.Mode().IsRegular() {
		return nil
	}
	return fmt.Errorf("%s, %w", kind(st.Mode()), ErrNotRegular)
}

// kind names a mode that is not a regular file's, as checkTarget's error
// says it.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a file of an unknown kind"
}
