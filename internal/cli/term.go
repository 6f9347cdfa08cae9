package cli

import (
	"os"

	"github.com/charmbracelet/x/term"
)

// isTerminal reports whether f is a terminal.
func isTerminal(f *os.File) bool { return term.IsTerminal(f.Fd()) }
