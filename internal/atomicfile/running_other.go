//go:build !unix

package atomicfile

// Running reports whether a process with id pid runs on this machine;
// known is false where this cannot be told without side effects, and
// callers fall back on a file's age.
func Running(pid int) (alive, known bool) { return false, false }
