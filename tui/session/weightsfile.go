package session

import (
	"errors"
	"fmt"

	"github.com/jsontui/jsontui/scoring"
)

// weightsFile is what a pair's session and a dataset's keep alike of the
// weights file: the file in force, where Save writes, the count of weight
// changes, the files already backed up, and the lock.
type weightsFile struct {
	weights *scoring.Weights // the weights file in force; nil for none
	path    string           // where Save writes by default; "" to ask
	version int
	// backedUp lists the files whose previous content this session has
	// already kept as NAME.bak.
	backedUp map[string]bool
	// locked, when not "", says why the weights may not change now.
	locked string
	// resumed is set for a session that went on from another's: over
	// another metric's tree (Resume), or over the dataset scored again
	// (ResumeDataset).
	resumed bool
}

func newWeightsFile(w *scoring.Weights, path string) weightsFile {
	return weightsFile{weights: w, path: path, backedUp: map[string]bool{}}
}

// Weights returns the weights file in force (nil for none).
func (f *weightsFile) Weights() *scoring.Weights { return f.weights }

// Path returns the file Save overwrites, "" when a path must be asked.
func (f *weightsFile) Path() string { return f.path }

// Version counts the weight changes so far; caches of figures key on it.
func (f *weightsFile) Version() int { return f.version }

// Lock refuses weight changes until Unlock, saying why (for example while
// the weights are being recorded in the background).
func (f *weightsFile) Lock(why string) { f.locked = why }

// Unlock allows weight changes again.
func (f *weightsFile) Unlock() { f.locked = "" }

// Resumed reports whether the session went on from another's (Resume,
// ResumeDataset): its Deltas then count from the switch, not from
// opening.
func (f *weightsFile) Resumed() bool { return f.resumed }

// lockedErr is the error of a weight change while the weights are locked.
func (f *weightsFile) lockedErr() error {
	if f.locked != "" {
		return fmt.Errorf("the weights cannot change while %s; try again in a moment", f.locked)
	}
	return nil
}

// write writes the weights file marshal gives to path (the session's Path
// when ""), once it reads back, atomically, the first overwrite of a file
// in the session keeping its previous content as NAME.bak: later saves
// overwrite what the session wrote. It returns the weights read back and
// what was written; saved ends the save.
func (f *weightsFile) write(path string, marshal func() ([]byte, error)) (*scoring.Weights, Saved, error) {
	if path == "" {
		path = f.path
	}
	if path == "" {
		return nil, Saved{}, errors.New("no weights file to save to: give a path")
	}
	data, err := marshal()
	if err != nil {
		return nil, Saved{}, err
	}
	// Check the file reads back before anything is written.
	w, err := scoring.ParseWeights(path, data)
	if err != nil {
		return nil, Saved{}, fmt.Errorf("the weights would not read back (%v); nothing was written", err)
	}
	bak, err := WriteFile(path, data, !f.backedUp[path])
	if err != nil {
		return nil, Saved{}, err
	}
	f.backedUp[path] = true
	return w, Saved{Path: path, Backup: bak, Bytes: len(data), SHA256: Sum(data)}, nil
}

// saved makes the file of sv, read back as w, the weights file in force,
// then removes the temporary files that saves of it left when their
// process died (RemoveStale), and returns sv with them.
func (f *weightsFile) saved(w *scoring.Weights, sv Saved) Saved {
	f.weights, f.path = w, sv.Path
	f.version++
	sv.Removed = RemoveStale(sv.Path)
	return sv
}
