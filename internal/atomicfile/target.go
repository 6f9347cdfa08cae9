package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"

	"github.com/jsontui/jsontui/internal/filekind"
)

// ErrNotRegular is the error, wrapped, of a write whose target exists and
// is not a regular file: a device (/dev/null, /dev/zero), a named pipe, a
// socket or a folder. Such a target is never replaced: the rename would
// put a plain file in place of the device node (as root, in place of
// /dev/null for every process) or of the pipe a reader waits on.
var ErrNotRegular = errors.New("not a regular file: jsontui does not replace it")

// checkTarget returns an error wrapping ErrNotRegular when path exists
// and is not a regular file, after symbolic links ("a character device,
// not a regular file: …", without the path, which the caller names); nil
// when it is one or does not exist yet (other errors are the write's own
// to meet). exists says whether there is a file to replace.
func checkTarget(path string) (exists bool, err error) {
	st, err := os.Stat(path)
	if err != nil {
		return false, nil
	}
	if st.Mode().IsRegular() {
		return true, nil
	}
	return true, fmt.Errorf("%s, %w", kind(st.Mode()), ErrNotRegular)
}

// createTemp creates the temporary file of a write to path, in path's
// folder, named as tempPrefix says with the writer's process id and
// random digits. It is created with perm, which the process's umask
// narrows as it narrows any new file's: a file that is new takes the
// mode the user's umask gives it (0600 under umask 077 for perm 0644);
// the caller sets perm exactly (Chmod) on a replacement of a file whose
// mode it keeps.
func createTemp(path string, perm fs.FileMode) (*os.File, error) {
	dir := filepath.Dir(path)
	prefix := tempPrefix(filepath.Base(path)) + strconv.Itoa(os.Getpid()) + "-"
	for {
		name := filepath.Join(dir, prefix+strconv.FormatUint(uint64(rand.Uint32()), 10))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
}

// kind names a mode that is not a regular file's, as checkTarget's error
// says it.
func kind(m fs.FileMode) string {
	if m.IsDir() {
		return "a folder"
	}
	if what := filekind.Special(m); what != "" {
		return what
	}
	return "a file of an unknown kind"
}
