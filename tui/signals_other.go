//go:build !unix

package tui

import "os"

// stopSignals end the explorer as `q` does.
var stopSignals = []os.Signal{os.Interrupt}

// hangup is the signal of a terminal that closed: none here.
var hangup os.Signal
