//go:build !unix

package shell

import "os"

// signalName names a signal for a message.
func signalName(s os.Signal) string { return s.String() }

// signalNumber returns the number of a signal: 2, that of an interrupt.
func signalNumber(os.Signal) int { return 2 }
