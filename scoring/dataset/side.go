package dataset

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// One side of a dataset: the references (`weights init`) or the outputs
// (`validate`) of a file of records or a directory of JSON files. A
// record's side is its field (found by name, or given) when it has one,
// else the record itself.

// openSide opens spec.Ref as one side of a dataset: a directory of JSON
// files or a file of records.
func openSide(spec Spec) (*Source, error) {
	spec.Out = ""
	s := &Source{spec: spec}
	if err := s.newFields(); err != nil {
		return nil, err
	}
	if isDir(spec.Ref) {
		s.form = twoDirs
		var err error
		s.refList, err = listJSON(spec.Ref)
		return s, err
	}
	s.form = oneFile
	return s, s.openOne()
}

// OutputCase is one output of a dataset, for validate.
type OutputCase struct {
	// ID names the case: the record's id (or #N), the file's path.
	ID string
	// Name is where the output is: file:line, or the file.
	Name string
	// Doc is the output, parsed; nil when Err says why there is none.
	Doc *jsondoc.Doc
	// Err is the parse error of the output (with its file:line:col), or
	// says that the record has no output.
	Err error
}

// Outputs reads the outputs of the dataset spec.Ref (a file of records or
// a directory of JSON files) and calls fn with each, in order. parse
// parses an output's text: a record, a file, or a record's output field
// when it is a string (model text); a record's field that holds other
// JSON is that JSON. A record that has a reference field but no output
// field has no output (OutputCase.Err).
func Outputs(ctx context.Context, spec Spec, parse func(name string, src []byte) (*jsondoc.Doc, error), fn func(*OutputCase) error) error {
	s, err := openSide(spec)
	if err != nil {
		return err
	}
	defer s.Close()
	n := 0
	if s.form == twoDirs {
		for _, rel := range s.refList {
			if err := ctx.Err(); err != nil {
				return err
			}
			path := filepath.Join(spec.Ref, filepath.FromSlash(rel))
			c := &OutputCase{ID: rel, Name: path}
			data, err := os.ReadFile(path)
			if err == nil {
				c.Doc, err = parse(path, data)
			}
			c.Err = err
			if c.Doc != nil && s.out.path != "" {
				if v := lookupPath(c.Doc, 0, s.out.steps); v != jsondoc.None {
					c.Doc, c.Err = outputOf(c.Doc, v, path, parse)
				}
			}
			n++
			if err := fn(c); err != nil {
				return err
			}
		}
	} else {
		file := s.refRecs.Name()
		for {
			rec, err := s.refRecs.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return err
			}
			n++
			c := &OutputCase{ID: "#" + strconv.Itoa(rec.N), Name: recordName(file, &rec)}
			d, err := parse(file, rec.Data)
			if err != nil {
				c.Err = shiftError(err, &rec)
			} else {
				if v, _ := s.id.find(d, 0); v != jsondoc.None {
					if id, ok := idText(d, v); ok {
						c.ID = id
					}
				}
				ov, _ := s.out.find(d, 0)
				switch {
				case ov != jsondoc.None:
					c.Doc, c.Err = outputOf(d, ov, c.Name, parse)
				case s.ref.path == "" && func() bool { rv, _ := s.ref.find(d, 0); return rv != jsondoc.None }():
					c.Err = fmt.Errorf("%s: the record has a reference but no output (%s)", c.Name, s.out.describe())
				default:
					c.Doc = d.Sub(0, c.Name)
				}
			}
			if err := fn(c); err != nil {
				return err
			}
			if err := ctx.Err(); err != nil {
				return err
			}
		}
	}
	if n == 0 {
		return fmt.Errorf("%s: no records: the dataset is empty", displayName(spec.Ref))
	}
	return nil
}

// outputOf returns the output value v of document d stands for: a
// string's text parsed (model text), or v itself.
func outputOf(d *jsondoc.Doc, v jsondoc.ID, name string, parse func(string, []byte) (*jsondoc.Doc, error)) (*jsondoc.Doc, error) {
	if d.Kind(v) != jsondoc.String {
		return d.Sub(v, name), nil
	}
	out, err := parse(name+" (output string)", []byte(d.Str(v)))
	if err != nil {
		return nil, err
	}
	return out, nil
}

// InitWeights returns a weights file for every reference of the dataset
// spec.Ref (a file of records, or a directory of JSON files): the union
// of the references' keys, each weighing 1.0, with loopbacks in place
// (as `weights init` writes for one reference).
func InitWeights(ctx context.Context, spec Spec) ([]byte, error) {
	s, err := openSide(spec)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	m, _ := scoring.LookupMetric(scoring.DefaultMetric)
	r := &runner{src: s, cfg: &Config{}, metric: m, tau: 1, paths: newPathTable(), ids: newIDSet(0), refsOnly: true}
	r.acc.init(r)
	n := 2
	for range n {
		r.workers = append(r.workers, newWorker(r))
	}
	r.pipe = newPipeline(n)
	if err := r.pipe.run(ctx, r.produce, r.work, r.consume); err != nil {
		return nil, err
	}
	if r.acc.refCases == 0 {
		return nil, fmt.Errorf("%s: no records: the dataset is empty", displayName(spec.Ref))
	}
	t, err := r.acc.unionTree(nil)
	if err != nil {
		return nil, err
	}
	return t.InitWeights(), nil
}

// readReference reads a reference of one side (refsOnly): the record's
// reference field, or the record itself; the output is the reference
// (scoring it against itself finds its shape at no cost).
func (w *worker) readReference(in *caseInput) (material, error) {
	s := w.run.src
	var d *jsondoc.Doc
	var name string
	var err error
	if in.kind == inFiles {
		data, rerr := readFile(in.refPath)
		if rerr != nil {
			return material{}, rerr
		}
		name = in.refPath
		d, err = jsondoc.Parse(name, data, nil)
	} else {
		rec := &in.ref
		name = recordName(s.refRecs.Name(), rec)
		d, err = jsondoc.Parse(s.refRecs.Name(), rec.Data, nil)
		err = shiftError(err, rec)
	}
	if err != nil {
		return material{}, err
	}
	rv := jsondoc.ID(0)
	if in.kind != inFiles || s.ref.path != "" {
		if v, _ := s.ref.find(d, 0); v != jsondoc.None {
			rv = v
		}
	}
	ref := refValue(d, rv, name)
	return material{id: "#" + strconv.Itoa(in.idx+1), status: CaseScored, ref: ref, out: ref}, nil
}
