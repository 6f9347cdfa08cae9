// Package history keeps the record of scoring runs: a local bolt file
// holding one record per run and an index of their summaries, in chunks
// (see chunks.go), so that recording a run costs the same whatever the
// number of runs.
//
// A Store holds no file between operations: each operation opens the
// database, does its work in short transactions and closes it, so that two
// jsontui processes can use the same store at once. An operation that finds
// the file locked by another process retries for Store.Wait. A run that
// still cannot be written is kept as a JSON file in a pending folder beside
// the store and imported by the next operation that opens it.
//
// bolt trusts the file it reads; the store does not. It reads the file
// through its own reader, which checks every page it reads against what
// bolt writes (see rawfile.go): operations that read the whole index check
// every page and the index against the runs it names, recording checks the
// pages on its way, and each run's record is checked against the checksum
// the index keeps of it. Damage is reported (a *DamagedError), never read
// as an empty or shorter history; Check checks everything, and Repair
// rebuilds a damaged store from the runs that read.
//
// Per-node figures are stored column by column, front-coded and compressed
// (see Run.Nodes); listing decodes only the index, never a run.
//
// A run of a dataset (Run.Dataset) keeps, besides, its statistics,
// per-path figures and every case's figures, recorded as the dataset is
// scored (DatasetRecorder) and kept in checked pieces beside the run's
// record (see dataset.go); Run.DatasetFigures and Run.Case read them
// back, and dataset.Compare compares two such runs.
package history

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"iter"
	"path/filepath"
	"slices"
	"time"

	"github.com/jsontui/jsontui/scoring/report"
)

// Version is the format version of the run records this package writes.
// Records of a higher version are refused with an error that says so.
const Version = 1

// Sources of a run.
const (
	SourceScore     = "score"     // recorded by `jsontui score`
	SourceTUI       = "tui"       // recorded by the explorer
	SourceAggregate = "aggregate" // recorded by `jsontui aggregate`
)

// File names one input of a run and identifies its content.
type File struct {
	// Path is the file's cleaned absolute path, "-" for standard input,
	// or "" for no file (weights only).
	Path string
	// SHA256 is the hex SHA-256 of the file's content; "" for no file.
	SHA256 string
}

// NewFile returns the File for path with the given content: the path made
// absolute and cleaned (unless it is "-" or ""), and the content's SHA-256.
// It reads nothing from disk.
func NewFile(path string, content []byte) File {
	if path == "" {
		return File{}
	}
	if path != "-" {
		if abs, err := filepath.Abs(path); err == nil {
			path = abs
		} else {
			path = filepath.Clean(path)
		}
	}
	sum := sha256.Sum256(content)
	return File{Path: path, SHA256: hex.EncodeToString(sum[:])}
}

// Run is one recorded scoring run.
type Run struct {
	// Version is the record's format version (set by Record).
	Version int
	// ID is the run's sortable id, assigned by Record when empty.
	ID string
	// Time is when the run happened, set by Record to now when zero.
	Time time.Time
	// Label is a free text name given by the user.
	Label string
	// Tags are free-form tags given by the user.
	Tags []string
	// Source says what recorded the run: SourceScore, SourceTUI or
	// SourceAggregate.
	Source string
	// Reference, Output and Weights are the inputs; Weights.Path is ""
	// when no weights file was given.
	Reference, Output, Weights File
	// WeightsJSON holds the full weights in force, as a JSON document, so
	// that they can be restored; nil means every weight was 1.0.
	WeightsJSON json.RawMessage
	// Metric names the metric and Options lists its options in force.
	Metric  string
	Options []string
	// Rules is the rules file (--rules), Path "" when none; RulesJSON
	// holds the per-key rules in force, as a rules file, so that they can
	// be restored; nil means no rules.
	Rules     File
	RulesJSON json.RawMessage
	// Score is the total; meaningless when !HasScore.
	Score    float64
	HasScore bool
	// Repairs, Warnings and MoreWarnings are those of the report: its
	// first report.MaxWarnings warnings and the number of the others.
	Repairs      []string
	Warnings     []report.Warning
	MoreWarnings int
	// Extra and Explanation are those of the report.
	Extra       map[string]float64
	Explanation string
	// NodeCount is the number of per-node rows stored (set by Get).
	NodeCount int
	// Count and LastSeen are those of the run's summary (set by Get):
	// how many times it was seen, and when last.
	Count    int
	LastSeen time.Time

	// Dataset is, for a run of a dataset (docs/history.md), how its cases were
	// read and its statistics; nil for a run of a pair. Its figures are
	// DatasetFigures, a case's CaseReport.
	Dataset *DatasetRun

	figures []byte         // encoded per-node figures; see figures.go
	dataset *datasetRecord // a dataset run's record, and its payload
	payload []byte         // (see dataset.go), read by Get
}

// Nodes returns an iterator over the run's per-node figures in document
// order, decoded from the store: everything a report.Node holds except the
// Reference and Output values, which are not stored. The *Node passed to
// the loop body is only valid until the next iteration. Get has verified
// the figures' checksum; a run with no stored figures yields nothing.
func (r *Run) Nodes() iter.Seq[*report.Node] {
	return decodeFigures(r.figures, r.ID)
}

// Report returns the run as a report.Report, for rendering like `score`.
// Its nodes carry no Reference or Output values.
func (r *Run) Report() *report.Report {
	return &report.Report{
		Score:        r.Score,
		HasScore:     r.HasScore,
		Metric:       r.Metric,
		Options:      r.Options,
		Reference:    r.Reference.Path,
		Output:       r.Output.Path,
		Weights:      r.Weights.Path,
		Rules:        r.Rules.Path,
		Repairs:      r.Repairs,
		Warnings:     r.Warnings,
		MoreWarnings: r.MoreWarnings,
		Extra:        r.Extra,
		Explanation:  r.Explanation,
		Nodes:        r.Nodes(),
	}
}

// Summary is what the index keeps about a run: enough to list runs without
// reading them.
type Summary struct {
	ID     string
	Time   time.Time
	Label  string
	Tags   []string
	Source string
	// Reference, Output and Weights are the run's inputs.
	Reference, Output, Weights File
	// Score is the total; meaningless when !HasScore.
	Score    float64
	HasScore bool
	Metric   string
	// Options are the metric's options in force, canonical, and Rules the
	// SHA-256 of the per-key rules in force ("" for none); see SameConfig.
	Options []string
	Rules   string
	// Count is how many times the run was seen: 1 when recorded, one more
	// each time a run identical to it was recorded as the next run of its
	// pair (see Store.Record). LastSeen is when it was seen last: Time
	// when Count is 1.
	Count    int
	LastSeen time.Time
	// Cases is, for a run of a dataset, the number of its reference
	// cases (1 or more); 0 for a run of a pair.
	Cases int
	// Delta is the change of the score since the previous run (in time)
	// of the same reference/output pair scored with the same Config (the
	// same metric, options and rules: scores of other configs do not
	// compare); meaningless when !HasDelta (no such run, or either has no
	// score). OtherConfig is set when the pair has earlier runs but none
	// of the run's Config: its Δ is left out for that. Set by List.
	Delta       float64
	HasDelta    bool
	OtherConfig bool

	// sum is the CRC-32C of the run's record as stored, when hasSum
	// (runs recorded before the index kept it have none).
	sum    uint32
	hasSum bool
	// hasConfig is set when Options and Rules are known: runs recorded
	// before the index kept them have none.
	hasConfig bool
}

// Config is what a score depends on besides the files and the weights:
// the metric, its options and the per-key rules. Runs compare as bests
// only with runs of the same Config.
type Config struct {
	// Metric names the metric; Options are its options in force,
	// canonical (scoring.MetricOptions.Strings).
	Metric  string
	Options []string
	// Rules is the SHA-256 of the per-key rules in force (RulesSum), ""
	// for none.
	Rules string
}

// RulesSum identifies per-key rules for Config.Rules: the hex SHA-256 of
// the rules file's JSON in a canonical form (keys sorted, no spaces,
// numbers as Go writes a float64: 0.010 is 0.01), so
// that the same rules written two ways (a rules file as the user wrote
// it, the explorer's) are the same rules; "" for no rules. Text that is
// not JSON is taken as it is.
func RulesSum(rulesJSON []byte) string {
	if len(bytes.TrimSpace(rulesJSON)) == 0 {
		return ""
	}
	canon := rulesJSON
	d := json.NewDecoder(bytes.NewReader(rulesJSON))
	var v any
	if d.Decode(&v) == nil && d.Decode(new(any)) == io.EOF {
		if b, err := json.Marshal(v); err == nil {
			canon = b
		}
	}
	sum := sha256.Sum256(canon)
	return hex.EncodeToString(sum[:])
}

// SameConfig reports whether the run was scored with config c. A run
// recorded before the index kept its options is of no known config:
// SameConfig is false for it.
func (s *Summary) SameConfig(c Config) bool {
	return s.hasConfig && s.Metric == c.Metric && s.Rules == c.Rules && slices.Equal(s.Options, c.Options)
}

// Config returns the run's config; ok is false for a run recorded before
// the index kept its options.
func (s *Summary) Config() (c Config, ok bool) {
	return Config{Metric: s.Metric, Options: s.Options, Rules: s.Rules}, s.hasConfig
}

// summaryJSON is the JSON form of a Summary, as `history --format json`
// prints it.
type summaryJSON struct {
	ID        string    `json:"id"`
	Time      time.Time `json:"time"`
	Label     string    `json:"label"`
	Tags      []string  `json:"tags"`
	Source    string    `json:"source"`
	Reference string    `json:"reference"`
	Output    string    `json:"output"`
	Weights   string    `json:"weights"`
	Score     *float64  `json:"score"`
	Metric    string    `json:"metric"`
	Options   []string  `json:"options"`
	Rules     *string   `json:"rules"`
	Delta     *float64  `json:"delta"`
	// OtherConfig is Summary.OtherConfig.
	OtherConfig bool      `json:"other_config"`
	Count       int       `json:"count"`
	LastSeen    time.Time `json:"last_seen"`
	Cases       *int      `json:"cases"`
}

// MarshalJSON encodes s as {"id", "time", "label", "tags", "source",
// "reference", "output", "weights", "score", "metric", "options", "rules",
// "delta", "other_config", "count", "last_seen", "cases"}: the files by
// path, tags as a list (never null), score null when s has none, options
// and rules null when unknown (a run recorded before the index kept
// them), rules the SHA-256 of the rules in force ("" for none), delta
// null without one (HasDelta), cases the number of a dataset run's cases
// (null for a run of a pair).
func (s Summary) MarshalJSON() ([]byte, error) {
	j := summaryJSON{
		ID: s.ID, Time: s.Time, Label: s.Label, Tags: s.Tags, Source: s.Source,
		Reference: s.Reference.Path, Output: s.Output.Path, Weights: s.Weights.Path,
		Metric: s.Metric, Count: max(1, s.Count), LastSeen: s.LastSeen, OtherConfig: s.OtherConfig,
	}
	if s.HasDelta {
		j.Delta = &s.Delta
	}
	if j.Tags == nil {
		j.Tags = []string{}
	}
	if s.hasConfig {
		j.Rules = &s.Rules
		j.Options = s.Options
		if j.Options == nil {
			j.Options = []string{}
		}
	}
	if j.LastSeen.IsZero() {
		j.LastSeen = s.Time
	}
	if s.HasScore {
		j.Score = &s.Score
	}
	if s.Cases > 0 {
		j.Cases = &s.Cases
	}
	return json.Marshal(j)
}

// summary returns the index entry of r.
func (r *Run) summary() Summary {
	s := Summary{
		ID: r.ID, Time: r.Time, Label: r.Label, Tags: r.Tags, Source: r.Source,
		Reference: r.Reference, Output: r.Output, Weights: r.Weights,
		Score: r.Score, HasScore: r.HasScore, Metric: r.Metric,
		Options: r.Options, Rules: RulesSum(r.RulesJSON), hasConfig: true,
		Count: max(1, r.Count), LastSeen: r.LastSeen,
	}
	if r.dataset != nil {
		s.Cases = r.dataset.Cases
	}
	if s.LastSeen.IsZero() {
		s.LastSeen = s.Time
	}
	return s
}
