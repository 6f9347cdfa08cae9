// Package atomicfile replaces files atomically, and removes what writers
// that died in the middle of a write left behind.
//
// Write puts the new content in a temporary file in the target's folder,
// named ".NAME.tmp-PID-N" (NAME the target's name, PID the writer's
// process id, N random digits), syncs it and renames it over the target,
// so that a crash leaves either the old file or the new one, never a mix.
// A writer killed between the creation and the rename (kill -9, a power
// cut) leaves its temporary file; CleanStale removes such files once their
// writer is gone.
package atomicfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// tempInfix separates the target's name from the writer's id in the name
// of a temporary file.
const tempInfix = ".tmp-"

// tempPrefix returns the start of the names of the temporary files of
// writes to the file named base.
func tempPrefix(base string) string { return "." + base + tempInfix }

// Write replaces the file at path with data atomically: it writes a
// temporary file in the same folder, syncs it, renames it over path and
// syncs the folder. A file it replaces gets permissions perm exactly
// (callers pass the old file's mode to keep it); a new file gets perm
// less the umask, as any new file. On failure the temporary file is
// removed and path is as it was. A path that is not a regular file (a
// device, a named pipe, a folder) is refused with ErrNotRegular.
func Write(path string, data []byte, perm fs.FileMode) (err error) {
	exists, err := checkTarget(path)
	if err != nil {
		return err
	}
	f, err := createTemp(path, perm)
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		return err
	}
	if exists {
		if err = f.Chmod(perm); err != nil {
			return err
		}
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp, path); err != nil {
		return err
	}
	syncDir(filepath.Dir(path))
	return nil
}

// syncDir makes a rename in dir durable. Some systems cannot sync a
// folder; the rename has happened either way.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}

// LegacyAge is how old a temporary file named without a process id must
// be before CleanStale takes it for stale: no write takes that long, and
// an older jsontui that named its files so may still be writing a newer
// one.
const LegacyAge = time.Minute

// CleanStale removes the temporary files that writes to path left in its
// folder when their writer died, and returns the names it removed. It
// takes only what is certainly such a file:
//
//   - ours: a regular file named exactly as Write names the temporary
//     files of path (".NAME.tmp-PID-N"), or as jsontui named them before
//     the process id was in the name (".NAME.tmp-N");
//   - stale: the process PID no longer runs on this machine, or, for a
//     name without a process id, or where this system cannot tell
//     whether a process runs, the file was last written more than
//     LegacyAge ago.
//
// A write under way in another process keeps its file: that process
// runs. The folder is read once, by name, so the cost is that of listing
// it. Errors are those of listing the folder; a file that cannot be
// removed (another process removed it first, say) is skipped.
func CleanStale(path string) ([]string, error) {
	dir, base := filepath.Split(path)
	return CleanStaleIn(dir, func(target string) bool { return target == base })
}

// CleanStaleIn is CleanStale for the temporary files in dir of every
// target name that ours accepts.
func CleanStaleIn(dir string, ours func(target string) bool) ([]string, error) {
	if dir == "" {
		dir = "."
	}
	d, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	var removed []string
	now := time.Now()
	for {
		names, err := d.Readdirnames(1024)
		for _, name := range names {
			target, pid, ok := parseTemp(name)
			if !ok || pid == os.Getpid() || !ours(target) {
				continue
			}
			full := filepath.Join(dir, name)
			if st, err := os.Lstat(full); err != nil || !st.Mode().IsRegular() || !stale(pid, st.ModTime(), now) {
				continue
			}
			if os.Remove(full) == nil {
				removed = append(removed, name)
			}
		}
		if errors.Is(err, io.EOF) || len(names) == 0 {
			break
		}
		if err != nil {
			return removed, err
		}
	}
	return removed, nil
}

// parseTemp reads the name of a temporary file of Write's: the name of
// its target, and the writer's process id (0 for a name without one).
func parseTemp(name string) (target string, pid int, ok bool) {
	i := strings.LastIndex(name, tempInfix)
	if len(name) < 2 || name[0] != '.' || i < 2 {
		return "", 0, false
	}
	pid, ok = parseSuffix(name[i+len(tempInfix):])
	return name[1:i], pid, ok
}

// parseSuffix reads what follows ".NAME.tmp-" in a temporary file's name:
// "PID-N" (pid > 0) or, as before, "N" (pid 0). ok is false for anything
// else.
func parseSuffix(s string) (pid int, ok bool) {
	first, rest, two := strings.Cut(s, "-")
	if !digits(first) {
		return 0, false
	}
	if !two {
		return 0, true
	}
	if !digits(rest) {
		return 0, false
	}
	pid, err := strconv.Atoi(first)
	if err != nil || pid <= 0 {
		return 0, false
	}
	return pid, true
}

// digits reports whether s is one or more ASCII digits.
func digits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// stale reports whether a temporary file written by pid (0: unknown)
// and last modified at mod is left over from a writer that died.
func stale(pid int, mod, now time.Time) bool {
	if pid > 0 {
		if alive, known := Running(pid); known {
			return !alive
		}
	}
	return now.Sub(mod) > LegacyAge
}
