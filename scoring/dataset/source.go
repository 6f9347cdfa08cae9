package dataset

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/setting"
)

// Pairing is how a dataset's references and outputs are paired
// (docs/datasets.md).
type Pairing string

// The pairings.
const (
	PairRecord Pairing = "record" // one file: each record holds both sides
	PairID     Pairing = "id"     // two files: by the records' ids
	PairLine   Pairing = "line"   // two files: by line order
	PairPath   Pairing = "path"   // two directories: by relative path
)

// Spec says where a dataset is and how to read it.
type Spec struct {
	// Ref is the file of records (Out empty), or the references: a file
	// of records or a directory of JSON files. "-" is standard input.
	Ref string
	// Out is the outputs, of the same form as Ref; empty for one file.
	Out string
	// RefField, OutField and IDField are the paths of the fields in a
	// record (`.input.ideal_response`); empty ones are found by the
	// names docs/datasets.md lists (RefAliases, OutAliases, IDAliases).
	RefField, OutField, IDField string
	// GroupBy is the path of a record's field whose value groups the
	// cases (reference side first); empty for no groups.
	GroupBy string
	// LabelField is the path of a record's field that holds a person's
	// label of the case (reference side first); empty for none. Each
	// case's CaseFigures.Label is the field's JSON text.
	LabelField string
	// Array makes files of records JSON arrays (--dataset on a .json
	// file); otherwise .jsonl and .ndjson files are JSON Lines, and
	// others are sniffed.
	Array bool
	// Stdin is standard input, for "-".
	Stdin io.Reader
	// Name, when set, is the name the case lines give Ref (its "file"),
	// and FirstRecord, when above 1, the number of Ref's first record:
	// for a piece of a larger file of records scored alone (from
	// standard input, say), whose cases are then named (#N) and placed
	// as in the whole, and whose lines are the whole's.
	Name        string
	FirstRecord int
	// Progress, if set, is called as each case is done, with the bytes
	// of the files of records (both sides together) that the cases done
	// so far were read from: the work done, what a progress bar shows
	// against Size. Each record counts once its case is handed over,
	// from the goroutine that calls Config.Cases, after that call;
	// pairing by id, an output record counts once a case takes it.
	// Two directories call it never: their cases done over the
	// reference files Size counts is the share.
	Progress func(done int64)
}

// IsDatasetPath reports whether a file argument selects dataset mode by
// itself: a directory, or a file named .jsonl or .ndjson.
func IsDatasetPath(name string) bool {
	lower := strings.ToLower(name)
	if strings.HasSuffix(lower, ".jsonl") || strings.HasSuffix(lower, ".ndjson") {
		return true
	}
	if ok, _ := isCSV(name); ok {
		return true
	}
	if name == "-" {
		return false
	}
	st, err := os.Stat(name)
	return err == nil && st.IsDir()
}

// form is how a dataset is laid out.
type form uint8

const (
	oneFile form = iota
	twoFiles
	twoDirs
)

// Source is an opened dataset: its files, its pairing and its fields.
type Source struct {
	spec     Spec
	form     form
	pairing  Pairing
	ref, out field
	id       field
	group    []scoring.PathStep
	hasGroup bool
	label    []scoring.PathStep
	hasLabel bool

	refFile, outFile io.ReadCloser // files of records
	refRecs, outRecs *RecordReader
	// spoolFile is a temporary copy of outputs that cannot be read again
	// at their offsets (pairing by id from standard input or a pipe);
	// spool is its name while it is still to be removed (where an open
	// file cannot be removed at once). Close closes and removes it.
	spoolFile *os.File
	spool     string

	refList, outList []string // directories: the relative paths, sorted

	// groupKeys and idKeys are the keys of the first reference record's
	// objects along the --group-by and --id-field paths (keysAlong), for
	// a "did you mean" of a field path no record has.
	groupKeys, idKeys [][]string
}

// Open opens the dataset spec names, finds its form and, for two files,
// its pairing (by id when the first record of both sides has an id, else
// by line). Its errors are about the input (exit 2).
func Open(spec Spec) (*Source, error) {
	s := &Source{spec: spec}
	if err := s.newFields(); err != nil {
		return nil, err
	}
	var err error
	if spec.GroupBy != "" {
		if s.group, err = scoring.ParsePath(spec.GroupBy); err != nil {
			return nil, setting.New("group-by", spec.GroupBy, err.Error())
		}
		s.hasGroup = true
	}
	if spec.LabelField != "" {
		if s.label, err = scoring.ParsePath(spec.LabelField); err != nil {
			return nil, setting.New("label-field", spec.LabelField, err.Error())
		}
		s.hasLabel = true
	}
	if spec.Ref == "-" && spec.Out == "-" {
		return nil, errors.New("only one file argument may be - (standard input)")
	}
	refDir, outDir := isDir(spec.Ref), spec.Out != "" && isDir(spec.Out)
	switch {
	case spec.Out == "" && refDir:
		return nil, fmt.Errorf("%s is a directory: a dataset of directories takes two, the references and the outputs", spec.Ref)
	case spec.Out == "":
		s.form, s.pairing = oneFile, PairRecord
		err = s.openOne()
	case refDir && outDir:
		s.form, s.pairing = twoDirs, PairPath
		err = s.openDirs()
	case refDir || outDir:
		return nil, fmt.Errorf("%s and %s: pair a directory with a directory, or a file of records with a file of records", spec.Ref, spec.Out)
	default:
		s.form = twoFiles
		err = s.openTwo()
	}
	if err != nil {
		s.Close()
		return nil, err
	}
	if s.refRecs != nil {
		s.groupKeys = keysAlong(s.refRecs, s.group)
		if spec.IDField != "" {
			s.idKeys = keysAlong(s.refRecs, s.id.steps)
		}
	}
	return s, nil
}

// newFields finds the reference, output and id fields of the spec's
// records: the paths given, or the names docs/datasets.md lists.
func (s *Source) newFields() error {
	var err error
	if s.ref, err = newField("ref-field", s.spec.RefField, RefAliases); err != nil {
		return err
	}
	if s.out, err = newField("out-field", s.spec.OutField, OutAliases); err != nil {
		return err
	}
	s.id, err = newField("id-field", s.spec.IDField, IDAliases)
	return err
}

func isDir(name string) bool {
	if name == "-" {
		return false
	}
	st, err := os.Stat(name)
	return err == nil && st.IsDir()
}

// Pairing returns how the cases are paired.
func (s *Source) Pairing() Pairing { return s.pairing }

// Files returns the reference and output arguments as given (the same
// file twice for one file of records).
func (s *Source) Files() (ref, out string) {
	if s.form == oneFile {
		return s.spec.Ref, s.spec.Ref
	}
	return s.spec.Ref, s.spec.Out
}

// Close closes the files and removes a copy of standard input.
func (s *Source) Close() error {
	for _, f := range []io.Closer{s.refFile, s.outFile} {
		if f != nil {
			f.Close()
		}
	}
	s.closeSpool()
	return nil
}

// closeSpool closes the copy of the outputs and removes it if it is
// still there.
func (s *Source) closeSpool() {
	if s.spoolFile != nil {
		s.spoolFile.Close()
		s.spoolFile = nil
	}
	if s.spool != "" {
		os.Remove(s.spool)
		s.spool = ""
	}
}

// outputsAt returns where the output records can be read again at their
// offsets: the output file itself when it is a regular file, else a new
// temporary file (spool) that the caller fills as it reads them. The
// temporary file is removed at once where the system allows it (the
// open file stays readable, and nothing is left behind even if the
// process is killed), else by Close.
func (s *Source) outputsAt() (at io.ReaderAt, spool *os.File, err error) {
	if csvOut, _ := isCSV(s.spec.Out); csvOut {
		// A CSV file's records are made from its rows: they are copied.
	} else if f, ok := s.outFile.(*os.File); ok && s.spec.Out != "-" {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			return f, nil, nil
		}
	}
	s.closeSpool()
	spool, err = os.CreateTemp("", "jsontui-outputs-*.jsonl")
	if err != nil {
		return nil, nil, fmt.Errorf("copying %s to a temporary file: %w", displayName(s.spec.Out), err)
	}
	s.spoolFile = spool
	if os.Remove(spool.Name()) != nil {
		s.spool = spool.Name()
	}
	return spool, spool, nil
}

// displayName is how a file argument is named in messages.
func displayName(name string) string {
	if name == "-" {
		return "<stdin>"
	}
	return name
}

// openFile opens a file argument, "-" being standard input.
func (s *Source) openFile(name string) (io.ReadCloser, error) {
	if name == "-" {
		if s.spec.Stdin == nil {
			return nil, errors.New("standard input is not available")
		}
		return io.NopCloser(s.spec.Stdin), nil
	}
	if err := CheckRegular(name); err != nil {
		return nil, err
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, renamed(name, err)
	}
	return f, nil
}

// Size returns what there is to read: the bytes of the files of records
// (0 when one is standard input), or for two directories the number of
// reference files (bytes 0).
func (s *Source) Size() (files int, bytes int64) {
	if s.form == twoDirs {
		return len(s.refList), 0
	}
	for _, name := range []string{s.spec.Ref, s.spec.Out} {
		if name == "" {
			continue
		}
		st, err := os.Stat(name)
		if name == "-" || err != nil || !st.Mode().IsRegular() {
			return 0, 0
		}
		bytes += st.Size()
	}
	return 0, bytes
}

// formatOf is how a file of records named name is read.
func (s *Source) formatOf(name string) Format {
	lower := strings.ToLower(name)
	switch {
	case strings.HasSuffix(lower, ".jsonl") || strings.HasSuffix(lower, ".ndjson"):
		return Lines
	case s.spec.Array && strings.HasSuffix(lower, ".json"):
		return Array
	}
	return Sniff
}

func (s *Source) openOne() error {
	f, err := s.openFile(s.spec.Ref)
	if err != nil {
		return err
	}
	s.refFile = f
	s.refRecs = s.recordReader(s.spec.Ref, f)
	s.refRecs.before = max(s.spec.FirstRecord-1, 0)
	return nil
}

// recordReader reads the records of the file name, opened as f: JSON
// Lines, a JSON array, or the rows of a CSV or TSV file.
func (s *Source) recordReader(name string, f io.ReadCloser) *RecordReader {
	if ok, comma := isCSV(name); ok {
		return NewCSVRecordReader(displayName(name), f, comma)
	}
	return NewRecordReader(displayName(name), f, s.formatOf(name))
}

func (s *Source) openTwo() error {
	f, err := s.openFile(s.spec.Ref)
	if err != nil {
		return err
	}
	s.refFile = f
	s.refRecs = s.recordReader(s.spec.Ref, f)
	s.refRecs.before = max(s.spec.FirstRecord-1, 0)
	g, err := s.openFile(s.spec.Out)
	if err != nil {
		return err
	}
	s.outFile = g
	s.outRecs = s.recordReader(s.spec.Out, g)
	// Pair by id when the first record of both sides has one (on the
	// outputs' side, the first that parses: a broken model answer on the
	// first line decides nothing).
	refFirst, err := s.peek(s.refRecs, false)
	if err != nil {
		return err
	}
	outFirst, err := s.peek(s.outRecs, true)
	if err != nil {
		return err
	}
	if err := s.checkSwapped(); err != nil {
		return err
	}
	s.pairing = PairLine
	if refFirst && outFirst {
		s.pairing = PairID
	}
	return nil
}

// peekOutputs bounds how many output records that do not parse peek
// looks past for the first that does.
const peekOutputs = 64

// peek reads the first record of rr (kept for Next) and reports whether
// it has an id. A first record that does not parse has none; for the
// outputs, the first record that parses among the first peekOutputs
// counts.
func (s *Source) peek(rr *RecordReader, outputs bool) (bool, error) {
	for i := 0; i < peekOutputs; i++ {
		rec, err := rr.peekAt(i)
		if errors.Is(err, io.EOF) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		var d *jsondoc.Doc
		if outputs {
			d, err = parseOutputRecord(rr.name, rec.Data)
		} else {
			d, err = jsondoc.Parse(rr.name, rec.Data, nil)
		}
		if err != nil {
			if outputs {
				continue
			}
			return false, nil
		}
		id, _ := s.id.find(d, 0)
		if id == jsondoc.None {
			return false, nil
		}
		_, ok := idText(d, id)
		return ok, nil
	}
	return false, nil
}

// Fields names the fields a dataset's cases were read from, as paths
// ("." for a record that is the document itself, "" when not read).
type Fields struct {
	Reference, Output, ID string
}
