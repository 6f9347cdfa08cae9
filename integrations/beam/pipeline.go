package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/jsontui/jsontui/internal/atomicfile"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
)

func init() {
	register.DoFn2x1[context.Context, *figuresAcc, error](&writeFn{})
	register.DoFn1x2[caseLine, int64, caseLine](&shardFn{})
	register.Function1x1[caseLine, string](lineText)
	register.Emitter2[int64, caseLine]()
}

// job is one run of the pipeline: the settings and where the results go.
type job struct {
	S      settings
	Output string   // the --format json result
	Cases  string   // the case lines, "" for none
	Pass   *float64 // --pass
	Shards int      // how many partial results the lines are first added into
}

// build lays the pipeline out: read, pair, score each case into its
// line, add the lines up exactly, write the result.
func build(j *job) *beam.Pipeline {
	p, s := beam.NewPipelineWithRoot()
	var lines beam.PCollection
	switch dataset.Pairing(j.S.Pairing) {
	case dataset.PairRecord:
		recs := beam.Reshuffle(s, readRecords(s.Scope("reference"), j.S.Ref))
		lines = beam.ParDo(s, &scoreFn{S: j.S}, recs)
	case dataset.PairID:
		refs := beam.ParDo(s, &idFn{S: j.S}, readRecords(s.Scope("reference"), j.S.Ref))
		outs := beam.ParDo(s, &idFn{S: j.S, Output: true}, readRecords(s.Scope("output"), j.S.Out))
		lines = beam.ParDo(s, &pairIDFn{S: j.S}, beam.CoGroupByKey(s, refs, outs))
	default:
		refs := beam.ParDo(s, byNumber, readRecords(s.Scope("reference"), j.S.Ref))
		outs := beam.ParDo(s, byNumber, readRecords(s.Scope("output"), j.S.Out))
		lines = beam.ParDo(s, &pairLineFn{pairIDFn{S: j.S}}, beam.CoGroupByKey(s, refs, outs))
	}
	if j.Cases != "" {
		textio.Write(s, j.Cases, beam.ParDo(s, lineText, lines))
	}
	var figs beam.PCollection
	if j.Shards > 1 {
		per := beam.CombinePerKey(s, &figuresFn{}, beam.ParDo(s, &shardFn{K: int64(j.Shards)}, lines))
		figs = beam.Combine(s, mergeAccs, beam.DropKey(s, per))
	} else {
		figs = beam.Combine(s, &figuresFn{}, lines)
	}
	beam.ParDo0(s, &writeFn{S: j.S, Output: j.Output, Pass: j.Pass}, figs)
	return p
}

// readRecords reads the records of a file with Beam's file I/O, each
// numbered as score numbers it.
func readRecords(s beam.Scope, name string) beam.PCollection {
	files := fileio.ReadMatches(s, fileio.MatchFiles(s, name, fileio.MatchEmptyDisallow()))
	return beam.ParDo(s, &readFn{}, files)
}

// lineText is a case line without its line end, for textio.
func lineText(c caseLine) string { return string(bytes.TrimSuffix(c.Line, []byte("\n"))) }

// shardFn spreads the case lines over K keys by record number, so that
// K partial results are added up and then merged (--shards).
type shardFn struct{ K int64 }

func (fn *shardFn) ProcessElement(c caseLine) (int64, caseLine) { return c.N % fn.K, c }

// writeFn writes the dataset's --format json result.
type writeFn struct {
	S      settings
	Output string
	Pass   *float64
}

func (fn *writeFn) ProcessElement(ctx context.Context, a *figuresAcc) error {
	if a.cases == 0 {
		return fmt.Errorf("%s: no records: the dataset is empty", fn.S.Ref)
	}
	figs, err := a.part.Figures(fn.Pass)
	if err != nil {
		return err
	}
	if err := fn.lacking(a, figs); err != nil {
		return err
	}
	scoring.SpellSettings(figs.Warnings, flagName) // as jsontui score writes them
	var b bytes.Buffer
	if err := dataset.WriteJSON(&b, fn.S.header(a.Fields()), figs); err != nil {
		return err
	}
	return writeFile(ctx, fn.Output, b.Bytes())
}

// writeFile writes a result: atomically for a local file, through Beam's
// file systems for a URL (gs://...).
func writeFile(ctx context.Context, name string, data []byte) error {
	if !strings.Contains(name, "://") {
		return atomicfile.Write(name, data, 0o644)
	}
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, name)
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// lacking adds score's warning of records without the output field to
// figs, or returns its error when no record has one.
func (fn *writeFn) lacking(a *figuresAcc, figs *dataset.Figures) error {
	if a.lacking == 0 {
		return nil
	}
	s, err := fn.S.scorer()
	if err != nil {
		return err
	}
	wn, err := s.LackingOutput(int(a.lacking), int(a.cases), int(a.firstLacking))
	if err != nil {
		return err
	}
	figs.Warnings = append(figs.Warnings, *wn)
	return nil
}
