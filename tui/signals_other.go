//go:build !unix

package tui

import "os"

// stopSignals end the explorer as `q` does.
var stopSignals = []os.Signal{os.Interrupt}
