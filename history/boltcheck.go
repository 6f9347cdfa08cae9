//go:build unix

package history

import (
	"os"
	"syscall"
)

// checkFile checks the pages bolt.Open reads before it returns: the two
// meta pages and the freelist page. bolt trusts them, and a damaged
// freelist page makes it panic inside Open, where its file (and the lock
// on it) can no longer be closed: this process could then not open the
// store again. checkFile reports such damage as an error instead (a
// *damage, errNotBolt, or an error reading the file).
//
// It only judges a file no other process holds: a writer may be halfway
// through a commit, which is not damage. A missing or empty file, or one
// it cannot lock at once, is nil.
func checkFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return nil // bolt.Open creates it, or says why it cannot
	}
	defer f.Close()
	if syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB) != nil {
		return nil // in use
	}
	defer syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	if info, err := f.Stat(); err != nil || info.Size() == 0 {
		return nil
	}
	r, err := openRaw(f)
	if err != nil {
		return err
	}
	r.close()
	return nil
}
