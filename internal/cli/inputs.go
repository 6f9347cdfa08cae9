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
	"github.com/jsontui/jsontui/scoring/dataset"
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
		if err := dataset.CheckRegular(name); err != nil {
			return inputFile{}, err
		}
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
	var errs [3]error
	var g errgroup.Group
	for i, name := range names {
		if name == "" {
			continue
		}
		g.Go(func() error {
			errs[i] = in.load(a, i, name, opt, outText)
			return errs[i]
		})
	}
	if g.Wait() != nil {
		// The first file's error, in argument order.
		err := errs[2]
		switch {
		case errs[0] != nil:
			err = swapHint(errs[0], in.files, outName)
		case errs[1] != nil:
			err = errs[1]
		}
		if errors.Is(err, jsondoc.ErrCanceled) {
			return nil, err
		}
		return nil, badInput(err)
	}
	return in, nil
}

// load reads and parses file argument i (0 reference, 1 output, 2
// weights) named name.
func (in *inputs) load(a *app, i int, name string, opt func(i int) *jsondoc.Options, outText bool) error {
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
		if err == nil && in.out != nil {
			in.out, err = dataset.OutputDoc(in.out, displayName(name))
		}
	default:
		in.weights, err = scoring.ParseWeights(displayName(name), f.data)
	}
	return err
}

// swapHint adds to the reference's parse error refErr that REF and OUT
// look swapped when the output (read whole in files[1]) passes the strict
// parse the reference fails.
func swapHint(refErr error, files [3]inputFile, outName string) error {
	var se *jsondoc.SyntaxError
	if !errors.As(refErr, &se) || files[1].data == nil {
		return refErr
	}
	if _, err := jsondoc.Parse(displayName(outName), files[1].data, nil); err != nil {
		return refErr
	}
	return fmt.Errorf("%w; REF and OUT %s: %s is strict JSON", refErr, dataset.SwapHint, escape.Name(displayName(outName)))
}

// displayName is how an input is named in messages.
func displayName(name string) string {
	if name == "-" {
		return "<stdin>"
	}
	return name
}
