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

// rulesChanges lists the paths whose rule differs between two runs' rules
// (rules files as recorded; nil for none): path, rule in A, rule in B,
// "default" for none, in A's order then B's.
func rulesChanges(a, b []byte) [][3]string {
	read := func(data []byte) *scoring.RuleSet {
		if len(data) == 0 {
			return nil
		}
		rs, err := scoring.ParseRules("run", data)
		if err != nil {
			return nil
		}
		return rs
	}
	ra, rb := read(a), read(b)
	var out [][3]string
	text := func(r scoring.Rule, ok bool) string {
		if !ok {
			return "default"
		}
		return r.String()
	}
	pa, _ := ra.Entries()
	pb, _ := rb.Entries()
	seen := map[string]bool{}
	for _, p := range append(pa, pb...) {
		if seen[p] {
			continue
		}
		seen[p] = true
		x, okA := ra.Rule(p)
		y, okB := rb.Rule(p)
		if okA != okB || x != y {
			out = append(out, [3]string{p, text(x, okA), text(y, okB)})
		}
	}
	return out
}
