package history

import (
	"fmt"
	"iter"
	"slices"
	"time"

	"github.com/jsontui/jsontui/scoring/report"
)

// runRecord is a run as stored: gob-encoded under "run/<id>", and as JSON
// in a pending file. Gob and JSON both skip unknown fields and leave
// missing ones zero, so fields can be added without a new Version; a
// change of meaning needs one.
type runRecord struct {
	Version      int
	ID           string
	Time         time.Time
	Label        string
	Tags         []string
	Source       string
	Reference    File
	Output       File
	Weights      File
	WeightsJSON  []byte
	Metric       string
	Options      []string
	Rules        File
	RulesJSON    []byte
	Score        float64
	HasScore     bool
	Repairs      []string
	Warnings     []report.Warning
	MoreWarnings int
	Extra        map[string]float64
	Explanation  string
	NodeCount    int
	Figures      []byte // see figures.go
	// figs are the encoded figures until assemble lays them out as
	// Figures (not stored: gob skips unexported fields).
	figs *encodedFigures
	// Dataset is what a dataset run records besides (a datasetRecord,
	// gob-encoded on its own so that a pair run's record does not carry
	// its type; see dataset.go); nil for a pair run. check decodes it
	// into ds.
	Dataset []byte
	ds      *datasetRecord
	// Pieces are a dataset run's payload, in the pieces it is kept in
	// beside the record: set until the run is written (and in a pending
	// file), never in the record as stored.
	Pieces [][]byte
}

// newRecord copies run into a record, with an id and time assigned when
// run has none, and nodes encoded. run is not modified; the record shares
// its WeightsJSON and RulesJSON, which may be large.
func newRecord(run *Run, nodes ...iter.Seq[*report.Node]) (*runRecord, error) {
	rec := &runRecord{
		Version:      Version,
		ID:           run.ID,
		Time:         run.Time,
		Label:        run.Label,
		Tags:         slices.Clone(run.Tags),
		Source:       run.Source,
		Reference:    run.Reference,
		Output:       run.Output,
		Weights:      run.Weights,
		WeightsJSON:  run.WeightsJSON, // shared, not copied: see Prepare
		Metric:       run.Metric,
		Options:      slices.Clone(run.Options),
		Rules:        run.Rules,
		RulesJSON:    run.RulesJSON,
		Score:        run.Score,
		HasScore:     run.HasScore,
		Repairs:      slices.Clone(run.Repairs),
		Warnings:     slices.Clone(run.Warnings),
		MoreWarnings: run.MoreWarnings,
		Explanation:  run.Explanation,
	}
	if run.Extra != nil {
		rec.Extra = make(map[string]float64, len(run.Extra))
		for k, v := range run.Extra {
			rec.Extra[k] = v
		}
	}
	if rec.Time.IsZero() {
		rec.Time = time.Now()
	}
	rec.Time = rec.Time.Round(0) // no monotonic reading: it is not stored
	if rec.ID == "" {
		rec.ID = newID(rec.Time)
	} else if !validID(rec.ID) {
		return nil, fmt.Errorf("run id %q is not of the form history assigns", rec.ID)
	}
	rec.figs = encodeFigureParts(nodes...)
	rec.NodeCount = rec.figs.count()
	return rec, nil
}

// assemble puts the record's blob of figures together from its encoded
// parts, once: the record is then as stored.
func (rec *runRecord) assemble() {
	if rec.figs != nil {
		rec.Figures, rec.figs = rec.figs.blob(), nil
	}
}

// size returns about the size of the record as stored, from above: its
// large fields and room for the rest.
func (rec *runRecord) size() int {
	return len(rec.WeightsJSON) + len(rec.RulesJSON) + len(rec.Figures) + len(rec.Dataset) + 16<<10
}

// check verifies what a reader needs of a record read from the store.
func (rec *runRecord) check() error {
	if rec.Version > Version {
		return fmt.Errorf("run %s has format %d, newer than this jsontui reads (%d)", rec.ID, rec.Version, Version)
	}
	if !validID(rec.ID) {
		return fmt.Errorf("run record has a bad id %q", rec.ID)
	}
	n, err := checkFigures(rec.Figures)
	if err != nil {
		return fmt.Errorf("run %s: %w", rec.ID, err)
	}
	rec.NodeCount = n
	if rec.Dataset != nil {
		rec.ds = new(datasetRecord)
		if err := ungob(rec.Dataset, rec.ds); err != nil {
			return fmt.Errorf("run %s: its dataset does not read: %v", rec.ID, err)
		}
	}
	if d := rec.ds; d != nil {
		if err := d.check(); err != nil {
			return fmt.Errorf("run %s: %w", rec.ID, err)
		}
		rec.NodeCount = d.Nodes
		if rec.Pieces != nil && len(rec.Pieces) != len(d.Pieces) {
			return fmt.Errorf("run %s: %d pieces of its cases, not %d", rec.ID, len(rec.Pieces), len(d.Pieces))
		}
		for i, p := range rec.Pieces {
			if err := checkPiece(p, d.Pieces[i]); err != nil {
				return fmt.Errorf("run %s: piece %d of its cases: %v", rec.ID, i, err)
			}
		}
	} else if rec.Pieces != nil {
		return fmt.Errorf("run %s: pieces of cases for a run of a pair", rec.ID)
	}
	return nil
}

func (rec *runRecord) run() *Run {
	r := &Run{
		Version:      rec.Version,
		ID:           rec.ID,
		Time:         rec.Time,
		Label:        rec.Label,
		Tags:         rec.Tags,
		Source:       rec.Source,
		Reference:    rec.Reference,
		Output:       rec.Output,
		Weights:      rec.Weights,
		WeightsJSON:  rec.WeightsJSON,
		Metric:       rec.Metric,
		Options:      rec.Options,
		Rules:        rec.Rules,
		RulesJSON:    rec.RulesJSON,
		Score:        rec.Score,
		HasScore:     rec.HasScore,
		Repairs:      rec.Repairs,
		Warnings:     rec.Warnings,
		MoreWarnings: rec.MoreWarnings,
		Extra:        rec.Extra,
		Explanation:  rec.Explanation,
		NodeCount:    rec.NodeCount,
		figures:      rec.Figures,
		dataset:      rec.ds,
	}
	if rec.ds != nil {
		r.Dataset = rec.ds.info()
	}
	return r
}

func (rec *runRecord) summary() Summary { return rec.run().summary() }
