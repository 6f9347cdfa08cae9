package history

import (
	"errors"
	"fmt"
	"iter"
	"path/filepath"
	"slices"
	"strings"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/report"
)

// Record stores run with its per-node figures and returns the run's id.
// The figures are the nodes of the given parts, one after the other (none
// for a run without figures); several parts (report.Report.Parts) are
// encoded at the same time, each on a goroutine of its own, before the
// store is opened. When run.ID is empty Record assigns one, and when
// run.Time is zero it uses the current time; run itself is not modified
// (and must not change while Record runs).
// Record may be called from any goroutine.
//
// A run identical to the latest run of its reference/output pair (the same
// source, label and tags, the same files' contents, weights file and
// weights in force, metric, options and rules, and the same score), and
// newer than it, is not added: that run is seen again, its Count and
// LastSeen updated, and Record returns its id. Recording costs the same
// either way, whatever the number of runs: the pair's latest run is found
// through a pointer the store keeps per pair, not by reading the index.
//
// A run that cannot be written (the store stays busy, its file is not a
// store, the disk fails) is kept in a pending file and imported by the
// next operation that opens the store: Record then returns the run's id
// and a *PendingError (an import that finds the run seen again keeps it
// under the id of its pair's latest run). Any other error means the run
// was not kept.
func (s *Store) Record(run *Run, nodes ...iter.Seq[*report.Node]) (string, error) {
	p, err := Prepare(run, nodes...)
	if err != nil {
		return "", err
	}
	return s.Commit(p)
}

// A Prepared is a run with its figures encoded, ready to be written by
// Commit. Recording in two steps lets a caller drop the tree the figures
// came from before the write copies them.
type Prepared struct {
	rec *runRecord
}

// Prepare encodes run and the figures of its nodes, walking each part on
// a goroutine of its own, as Record does. run is not modified, and
// neither run nor nodes is used after Prepare returns, but for the bytes
// of run.WeightsJSON and run.RulesJSON: the Prepared holds them as they
// are, not copies (they may be as large as the weights file), and they
// must not change until Commit returns.
func Prepare(run *Run, nodes ...iter.Seq[*report.Node]) (*Prepared, error) {
	rec, err := newRecord(run, nodes...)
	if err != nil {
		return nil, err
	}
	return &Prepared{rec: rec}, nil
}

// Commit writes a prepared run into the store, or into a pending file when
// the store cannot take it, as Record does.
func (s *Store) Commit(p *Prepared) (string, error) {
	rec := p.rec
	rec.assemble() // now that the caller holds less (see Prepare)
	id := rec.ID
	err := s.do(opCommit, func(sess *session) error {
		got, err := sess.commit(rec, false)
		if err == nil {
			id = got
		}
		return err
	})
	if err == nil || errors.Is(err, errExists) {
		return id, err
	}
	if errors.Is(err, errNotFile) {
		return "", err // a pending folder beside it would be as wrong
	}
	path, perr := s.writePending(rec)
	if perr != nil {
		return "", fmt.Errorf("%w; it could not be kept in %s either: %v", err, escape.Name(s.pendingDir()), perr)
	}
	return rec.ID, &PendingError{Path: path, Err: err}
}

// Get returns the run whose id is id or starts with it (case-insensitive).
// An unknown id gives an error wrapping ErrNotFound, an ambiguous prefix an
// *AmbiguousError listing the candidates. On a damaged store it returns
// the run when its record reads and matches the index, with a
// *DamagedError.
func (s *Store) Get(id string) (*Run, error) {
	var run *Run
	err := s.do(opRead, func(sess *session) error {
		i, err := resolve(sess.view.runs, id)
		if err != nil {
			return err
		}
		run, err = sess.run(sess.view.runs[i])
		return err
	})
	if errors.Is(err, errNoStore) {
		return nil, fmt.Errorf("%w: %q", ErrNotFound, id)
	}
	return run, err
}

// Remove deletes the run whose id is id or starts with it, and returns its
// summary. Errors are those of Get; a damaged store is not changed.
func (s *Store) Remove(id string) (Summary, error) {
	var sum Summary
	err := s.do(opWrite, func(sess *session) error {
		i, err := resolve(sess.view.runs, id)
		if err != nil {
			return err
		}
		sum = sess.view.runs[i]
		return sess.remove(sess.view.runs, sum)
	})
	if errors.Is(err, errNoStore) {
		return Summary{}, fmt.Errorf("%w: %q", ErrNotFound, id)
	}
	return sum, err
}

// SetLabel sets the label of the run whose id is id or starts with it.
// Errors are those of Remove.
func (s *Store) SetLabel(id, label string) error {
	err := s.do(opWrite, func(sess *session) error {
		i, err := resolve(sess.view.runs, id)
		if err != nil {
			return err
		}
		return sess.setLabel(sess.view.runs[i].ID, label)
	})
	if errors.Is(err, errNoStore) {
		return fmt.Errorf("%w: %q", ErrNotFound, id)
	}
	return err
}

// ListOptions selects the runs List returns.
type ListOptions struct {
	// Reference and Output, when not empty, keep only the runs of that
	// reference and output file: paths as the user gives them, made
	// absolute like NewFile does.
	Reference, Output string
	// Limit, when positive, keeps only the newest Limit runs.
	Limit int
}

// List returns the summaries of the selected runs, newest first, each with
// its Delta against the previous run of the same reference/output pair. A
// store file that does not exist yet holds no runs. On a damaged store it
// returns what can be read (the index, and when that is damaged the runs
// whose records read) with a *DamagedError.
func (s *Store) List(opts ListOptions) ([]Summary, error) {
	var out []Summary
	err := s.do(opRead, func(sess *session) error {
		out = list(sess.view.runs, opts)
		return nil
	})
	if errors.Is(err, errNoStore) {
		return nil, nil
	}
	return out, err
}

// Best returns the summary of the best-scoring run of a reference/output
// pair (given as for ListOptions) among those scored with config c (the
// same metric, options and rules: scores of other configs do not
// compare), the newest of equals; ok is false when no such run has a
// score.
func (s *Store) Best(reference, output string, c Config) (best Summary, ok bool, err error) {
	runs, err := s.List(ListOptions{Reference: reference, Output: output})
	best, ok = BestOf(runs, c)
	return best, ok, err
}

// BestOf returns the best-scoring run of runs (listed newest first) among
// those scored with config c, the newest of equals; ok is false when none
// has a score.
func BestOf(runs []Summary, c Config) (best Summary, ok bool) {
	for i := range runs { // newest first: keep the first of equals
		r := &runs[i]
		if r.HasScore && r.SameConfig(c) && (!ok || r.Score > best.Score) {
			best, ok = *r, true
		}
	}
	return best, ok
}

// SamePair reports whether runs r and o are of the same reference/output
// pair: the same files, standard input by its content.
func (r *Run) SamePair(o *Run) bool {
	a, b := r.summary(), o.summary()
	return pairKey(&a) == pairKey(&b)
}

// pairKey identifies the reference/output pair of a run for Delta: the
// files' absolute paths, or for standard input its content's hash.
func pairKey(s *Summary) [2]string {
	key := func(f File) string {
		if f.Path == "-" {
			return "-" + f.SHA256
		}
		return f.Path
	}
	return [2]string{key(s.Reference), key(s.Output)}
}

// deltaKey identifies the runs a run's Delta compares with: its pair
// and its Config. Runs recorded before the index kept their options
// compare by their metric alone.
type deltaKey struct {
	pair   [2]string
	config configID
}

type configID struct {
	known         bool
	metric, rules string
	options       string
}

// configKey returns the Config part of a run's deltaKey, without
// allocating for a run of one option or none.
func configKey(s *Summary) configID {
	if !s.hasConfig {
		return configID{metric: s.Metric}
	}
	return configID{known: true, metric: s.Metric, rules: s.Rules, options: strings.Join(s.Options, "\x00")}
}

// list sets the deltas of runs (sorted by id) and returns the selected
// ones, newest first. It reorders runs in place: the session's index is
// not to be saved after it.
func list(runs []Summary, opts ListOptions) []Summary {
	prev := make(map[deltaKey]int, 16) // pair and config → position of its latest run
	seen := make(map[[2]string]bool, 16)
	for i := range runs {
		r := &runs[i]
		k := deltaKey{pairKey(r), configKey(r)}
		j, ok := prev[k]
		if ok && runs[j].HasScore && r.HasScore {
			r.Delta, r.HasDelta = r.Score-runs[j].Score, true
		}
		r.OtherConfig = !ok && seen[k.pair]
		prev[k], seen[k.pair] = i, true
	}
	slices.Reverse(runs)
	ref, out := filterPath(opts.Reference), filterPath(opts.Output)
	n := 0
	for i := range runs {
		if opts.Limit > 0 && n == opts.Limit {
			break
		}
		r := &runs[i]
		if (ref != "" && r.Reference.Path != ref) || (out != "" && r.Output.Path != out) {
			continue
		}
		runs[n] = *r
		n++
	}
	return slices.Clip(runs[:n])
}

func filterPath(p string) string {
	if p == "" || p == "-" {
		return p
	}
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return filepath.Clean(p)
}
