//go:build unix

package atomicfile

import (
	"errors"
	"syscall"
)

// Running reports whether a process with id pid runs on this machine
// (known is always true here): signal 0 checks that it exists without
// touching it; EPERM means it exists but belongs to another user.
func Running(pid int) (alive, known bool) {
	if pid <= 0 {
		return false, true
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM), true
}
