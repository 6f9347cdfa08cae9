package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring/dataset"
)

// datasetRecording records a dataset run as it is scored (docs/history.md): the
// recorder lays out and compresses the cases as they come, and the
// dataset's files are hashed meanwhile.
type datasetRecording struct {
	store   *history.Store
	rec     *history.DatasetRecorder
	files   chan [2]history.File // the reference and output files, hashed
	stdin   hash.Hash            // standard input's hash, when it is a side
	weights inputFile
	rules   inputFile
	// weightsJSON, when set, is the weights in force the run records,
	// where they are not the weights file's (the explorer's state at
	// quit).
	weightsJSON []byte
	// named are the files as prepare named the run's (hasNamed).
	named    [2]history.File
	hasNamed bool
}

// startDatasetRecording hooks a recorder into cfg (each case's figures
// and rows) and starts hashing the dataset's files; spec's standard input,
// if a side reads it, is hashed as it is read. Call it before the dataset
// is opened; then finish or abandon.
func startDatasetRecording(store *history.Store, spec *dataset.Spec, cfg *dataset.Config, weights, rules inputFile) *datasetRecording {
	return startDatasetRecordingHashed(store, spec, cfg, weights, rules, datasetHasher(spec.Ref, spec.Out))
}

// datasetHasher returns a function that hashes a dataset's sides (the
// file of records twice for one file) on its first call, and gives the
// same answer to the later ones: hashDatasetSide, for the files.
func datasetHasher(ref, out string) func() [2]history.File {
	return sync.OnceValue(func() [2]history.File {
		var files [2]history.File
		files[0] = hashDatasetSide(ref)
		files[1] = files[0] // one file of records holds both sides
		if out != "" {
			files[1] = hashDatasetSide(out)
		}
		return files
	})
}

// startDatasetRecordingHashed is startDatasetRecording with the files'
// hashes from sides, which it calls on a goroutine of its own.
func startDatasetRecordingHashed(store *history.Store, spec *dataset.Spec, cfg *dataset.Config, weights, rules inputFile, sides func() [2]history.File) *datasetRecording {
	r := &datasetRecording{store: store, rec: history.NewDatasetRecorder(), files: make(chan [2]history.File, 1),
		weights: weights, rules: rules}
	cfg.NewEncoder = r.rec.Encoder
	prev := cfg.Cases
	cfg.Cases = func(c *dataset.Case) error {
		if prev != nil {
			if err := prev(c); err != nil {
				return err
			}
		}
		return r.rec.Add(c)
	}
	if spec.Ref == "-" || spec.Out == "-" {
		r.stdin = sha256.New()
		spec.Stdin = io.TeeReader(spec.Stdin, r.stdin)
	}
	go func() { r.files <- sides() }()
	return r
}

// startReplayRecording starts the recording of a dataset scored before,
// whose cases are handed out again (dataset.Frozen.Replay, hooked to
// rec.Encoder and rec.Add by the caller): files are its sides as hashed
// when they were read. Then finish, prepare or abandon.
func startReplayRecording(store *history.Store, weights, rules inputFile, files [2]history.File) *datasetRecording {
	r := &datasetRecording{store: store, rec: history.NewDatasetRecorder(), files: make(chan [2]history.File, 1),
		weights: weights, rules: rules}
	r.files <- files
	return r
}

// hashed returns the dataset's files as the run names them, with their
// SHA-256 (standard input's as it was read), once prepare has named them.
func (r *datasetRecording) hashed() ([2]history.File, bool) { return r.named, r.hasNamed }

// abandon drops the recording of a run that failed; nil (no recording)
// is a no-op.
func (r *datasetRecording) abandon() {
	if r != nil {
		r.rec.Close()
	}
}

// finish records the scored dataset res: it waits for the last segments'
// compression and the files' hashes, and commits the run (or keeps it
// pending, saying so). A run that could be kept nowhere fails the command.
func (r *datasetRecording) finish(a *app, res *dataset.Result, f *scoreFlags) error {
	tau := 1.0
	if f.dataset.thresholdSet {
		tau = f.dataset.threshold
	}
	p, err := r.prepare(res, datasetRunMeta{label: f.label, tags: f.tags, source: history.SourceScore, groupBy: f.dataset.groupBy, tau: tau})
	if err != nil {
		return &exitError{code: 2, err: fmt.Errorf("history: the run was not recorded: %w", err)}
	}
	return a.commit(r.store, p)
}

// datasetRunMeta is what a dataset run records beside its figures: what
// recorded it, its label and tags, and how its cases were figured.
type datasetRunMeta struct {
	label   string
	tags    []string
	source  string
	groupBy string
	tau     float64 // --match-threshold
}

// prepare makes the run of the scored dataset res ready to commit: it
// waits for the last segments' compression and the files' hashes.
func (r *datasetRecording) prepare(res *dataset.Result, meta datasetRunMeta) (*history.Prepared, error) {
	files := <-r.files
	if r.stdin != nil {
		sum := hex.EncodeToString(r.stdin.Sum(nil))
		for i := range files {
			if files[i].Path == "-" {
				files[i].SHA256 = sum
			}
		}
	}
	r.named, r.hasNamed = files, true
	run := &history.Run{
		Label: meta.label, Tags: meta.tags, Source: meta.source,
		Reference: files[0], Output: files[1],
	}
	if r.weights.name != "" {
		run.Weights = history.NewFile(r.weights.name, r.weights.data)
		run.WeightsJSON = r.weights.data
	}
	if r.weightsJSON != nil {
		run.WeightsJSON = r.weightsJSON
	}
	if r.rules.name != "" {
		run.Rules, run.RulesJSON = history.NewFile(r.rules.name, r.rules.data), r.rules.data
	}
	spec := history.DatasetSpec{Pairing: res.Pairing, Fields: res.Fields, GroupBy: meta.groupBy, MatchThreshold: meta.tau}
	return r.rec.Prepare(run, spec, res.Figures)
}

// hashDatasetSide returns a side of a dataset as the history names it:
// its path made absolute and the SHA-256 of its content. A directory's
// is the SHA-256 of the lines sha256sum prints for its .json files ("<hex
// digest>  <relative path>"), in the order of their paths: the cases it
// holds. Standard input's is filled in once it is read; a file that
// cannot be read has none.
func hashDatasetSide(name string) history.File {
	f := history.NewFile(name, nil)
	f.SHA256 = ""
	if name == "-" {
		return f
	}
	st, err := os.Stat(name)
	if err != nil {
		return f
	}
	if !st.IsDir() {
		if sum, err := hashFile(name); err == nil {
			f.SHA256 = hex.EncodeToString(sum)
		}
		return f
	}
	list, err := dataset.ListFiles(name)
	if err != nil {
		return f
	}
	h := sha256.New()
	for _, rel := range list {
		sum, err := hashFile(filepath.Join(name, filepath.FromSlash(rel)))
		if err != nil {
			return f
		}
		fmt.Fprintf(h, "%x  %s\n", sum, rel)
	}
	f.SHA256 = hex.EncodeToString(h.Sum(nil))
	return f
}

// hashFile returns the SHA-256 of a file's content, read as a stream.
func hashFile(name string) ([]byte, error) {
	file, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	h := sha256.New()
	if _, err := io.Copy(h, file); err != nil {
		return nil, err
	}
	return h.Sum(nil), nil
}
