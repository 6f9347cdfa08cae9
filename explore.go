package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

// explore opens the explorer on REF OUT [WEIGHTS].
func (a *app) explore(cmd *cobra.Command, args []string) error {
	if !a.stdoutTTY || !a.stdinTTY {
		return badInput(fmt.Errorf("%w; for headless scoring use: jsontui score %s", errNoTerminal, joinArgs(args)))
	}
	return badInput(fmt.Errorf("the explorer is not available in this build"))
}

func joinArgs(args []string) string {
	s := ""
	for i, x := range args {
		if i > 0 {
			s += " "
		}
		s += x
	}
	return s
}
