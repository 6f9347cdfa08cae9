//go:build unix

package tui

import (
	"os"
	"syscall"
)

// stopSignals end the explorer as `q` does.
var stopSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

// hangup is the signal of a terminal that closed.
var hangup os.Signal = syscall.SIGHUP
