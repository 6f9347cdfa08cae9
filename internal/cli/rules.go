package cli

import (
	"errors"
	"slices"

	"github.com/jsontui/jsontui/scoring"
)

// readRules reads and parses the rules file name (--rules), nil for "".
// args are the file arguments: only one of them and the rules file may be
// standard input. Its errors are bad input.
func (a *app) readRules(name string, args []string) (*scoring.RuleSet, inputFile, error) {
	if name == "" {
		return nil, inputFile{}, nil
	}
	if name == "-" && slices.Contains(args, "-") {
		return nil, inputFile{}, badInput(errors.New("only one file argument may be - (standard input): --rules and a file both are"))
	}
	f, err := a.readInput(name)
	if err != nil {
		return nil, inputFile{}, badInput(err)
	}
	rs, err := scoring.ParseRules(displayName(name), f.data)
	if err != nil {
		return nil, inputFile{}, badInput(err)
	}
	return rs, f, nil
}
