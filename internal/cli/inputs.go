package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"golang.org/x/sync/errgroup"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// inputFile is one file argument, read.
type inputFile struct {
	name string // as given; "-" for standard input
	data []byte
}

// inputs are the parsed reference, output and (optional) weights.
type inputs struct {
	ref, out *jsondoc.Doc
	weights  *scoring.Weights
	files    [3]inputFile // reference, output, weights (name "" when none)
	// rules are the --rules file's, nil for none; rulesFile is the file.
	rules     *scoring.RuleSet
	rulesFile inputFile
}

// readInput reads a file argument, "-" meaning standard input.
func (a *app) readInput(name string) (inputFile, error) {
	var data []byte
	var err error
	if name == "-" {
		data, err = io.ReadAll(a.stdin)
		if err != nil {
			return inputFile{}, fmt.Errorf("standard input: %w", err)
		}
	} else {
		data, err = os.ReadFile(name)
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				return inputFile{}, fmt.Errorf("%s: %w", escape.Name(name), pe.Err)
			}
			return inputFile{}, err
		}
	}
	return inputFile{name: name, data: data}, nil
}

// loadInputs reads and parses the three file arguments (weights may be ""),
// each on a goroutine of its own. opt, if not nil, gives the parse options
// of the reference (0) and the output (1). With outText the output is read
// but not parsed (in.out is nil): for a metric that reads its text itself
// (scoring.ReadsText). Every failure is bad input, but for a canceled
// parse.
func (a *app) loadInputs(refName, outName, weightsName string, opt func(i int) *jsondoc.Options, outText bool) (*inputs, error) {
	stdins := 0
	for _, n := range []string{refName, outName, weightsName} {
		if n == "-" {
			stdins++
		}
	}
	if stdins > 1 {
		return nil, badInput(errors.New("only one file argument may be - (standard input)"))
	}
	in := &inputs{}
	names := [3]string{refName, outName, weightsName}
	var g errgroup.Group
	for i, name := range names {
		if name == "" {
			continue
		}
		g.Go(func() error {
			f, err := a.readInput(name)
			if err != nil {
				return err
			}
			in.files[i] = f
			var o *jsondoc.Options
			if opt != nil && i < 2 {
				o = opt(i)
			}
			switch i {
			case 0:
				in.ref, err = jsondoc.Parse(displayName(name), f.data, o)
			case 1:
				if !outText {
					in.out, err = jsondoc.ParseLenient(displayName(name), f.data, o)
				}
			default:
				in.weights, err = scoring.ParseWeights(displayName(name), f.data)
			}
			return err
		})
	}
	if err := g.Wait(); err != nil {
		if errors.Is(err, jsondoc.ErrCanceled) {
			return nil, err
		}
		return nil, badInput(err)
	}
	return in, nil
}

// displayName is how an input is named in messages.
func displayName(name string) string {
	if name == "-" {
		return "<stdin>"
	}
	return name
}
