// Package recovery keeps the explorer's unsaved weights in a file until
// they are saved or discarded, so that an explorer that ends without
// saving (its terminal closed, a kill, a crash) loses nothing: the next
// opening of the same pair, or of the same dataset, finds the file and
// offers the weights back.
//
// The file sits beside the weights file the explorer saves to (for a pair
// opened without one, beside the file ctrl+s offers, weights.json in the
// reference's folder), named ".NAME.recovery-KEY-ID.json": KEY
// identifies the pair (or the dataset: its files of references and
// outputs), ID the explorer that wrote it, so that explorers
// on the same pair at once, and files kept for later, never overwrite
// each other. Where that folder cannot be written, the file goes to a
// fallback folder of the user's (the command line picks
// $XDG_STATE_HOME/jsontui/recovery) as "NAME.recovery-KEY-ID.json".
//
// A recovery file is JSON: the pair it belongs to (paths and SHA-256 of
// the contents; "dataset": true for a dataset's), when and by which
// process it was written, the weights
// file content in force under "weights", and, when the per-key rules in
// force are not the rules file's, the rules file content in force under
// "rules" (such a file is of format 2, which an older jsontui refuses
// rather than restore the weights without the rules).
package recovery

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/jsontui/jsontui/internal/atomicfile"
	"github.com/jsontui/jsontui/internal/escape"
)

// Format is the version of the recovery files this package writes with
// unsaved rules; those without are written as format 1, which jsontui
// before the rules were kept reads too.
const Format = 2

// Input is one of the explorer's inputs as a recovery file names it.
type Input struct {
	// Path is the absolute path, "-" for standard input, "" for none.
	Path string `json:"path"`
	// SHA256 is the hex SHA-256 of the content, "" for none.
	SHA256 string `json:"sha256,omitempty"`
}

// same reports whether in and o name the same input: the same path, and
// for standard input the same content.
func (in Input) same(o Input) bool {
	return in.Path == o.Path && (in.Path != "-" || in.SHA256 == o.SHA256)
}

// changed reports whether the content of the same input differs.
func (in Input) changed(o Input) bool {
	return in.SHA256 != "" && o.SHA256 != "" && in.SHA256 != o.SHA256
}

// Pair is what a recovery file belongs to: the explorer's inputs and
// where it saves the weights.
type Pair struct {
	// Reference and Output are the pair's documents, or a dataset's files
	// (or folders) of references and outputs (the same file twice for
	// one file of records).
	Reference, Output Input
	// Dataset says the inputs are a dataset's: its weights are by schema
	// path over every case, and a pair of the same files is another.
	Dataset bool
	// Weights is the weights file the explorer opened with (Path "" for
	// none).
	Weights Input
	// Rules is the rules file the explorer opened with (Path "" for
	// none).
	Rules Input
	// SaveTo is the absolute path of the file the weights are saved to:
	// the weights file, or the file ctrl+s offers. The recovery file goes
	// in its folder.
	SaveTo string
}

// key identifies the pair in file names: the reference and the output
// (by path, or for standard input by content) and where the weights are
// saved, and whether they are a dataset's. The weights file's content
// is not part of it: edits made on an earlier version of it are offered,
// with a note.
func (p Pair) key() string {
	h := sha256.New()
	if p.Dataset {
		h.Write([]byte("dataset\x00"))
	}
	for _, in := range []Input{p.Reference, p.Output} {
		id := in.Path
		if id == "-" {
			id += in.SHA256
		}
		h.Write([]byte(id))
		h.Write([]byte{0})
	}
	h.Write([]byte(p.SaveTo))
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// Record is the content of a recovery file.
type Record struct {
	Format int       `json:"jsontui_recovery"`
	Saved  time.Time `json:"saved"`
	Host   string    `json:"host"`
	PID    int       `json:"pid"`
	// The pair, as Pair has it.
	Reference   Input  `json:"reference"`
	Output      Input  `json:"output"`
	Dataset     bool   `json:"dataset,omitempty"`
	WeightsFile Input  `json:"weights_file"`
	SaveTo      string `json:"save_to"`
	// Weights is the weights file content in force.
	Weights json.RawMessage `json:"weights"`
	// RulesFile is the rules file the explorer opened with; Rules the
	// rules file content in force, when it differs from that file's
	// (absent: the rules are the file's).
	RulesFile Input           `json:"rules_file,omitzero"`
	Rules     json.RawMessage `json:"rules,omitempty"`
}

// Found is a recovery file of the pair that no running explorer keeps.
type Found struct {
	// Path is the file.
	Path string
	Record
	// Err says why the file does not read; Record is then empty but for
	// what the file's name and age tell.
	Err error
	// Changed names the inputs whose content is not what it was when the
	// weights were kept: "reference", "output", "weights file", "rules
	// file".
	Changed []string
	// OtherHost says the file was written on another machine (Host).
	OtherHost bool
}

// Keeper keeps one explorer's unsaved weights. Its methods may be called
// from several goroutines.
type Keeper struct {
	pair     func() (Pair, error)
	fallback string
	pid      int
	host     string
	id       string

	once    sync.Once
	p       Pair
	pairErr error

	mu      sync.Mutex
	applied uint64 // the seq of the last Keep or Drop done
	path    string // the file written, "" for none
	moved   bool   // writes go to the fallback folder
	// savedWeights and savedRules are the files the explorer last wrote
	// its weights and rules to (Path "" for none): they take the place
	// of the pair's weights file, save path and rules file.
	savedWeights, savedRules Input
}

// New returns the keeper of an explorer's unsaved weights. pair tells
// what the explorer compares (it may hash the inputs: it is called once,
// on the first Find or Keep, off the explorer's UI loop); fallback is the
// folder for when the weights file's folder cannot be written ("" for
// none).
func New(pair func() (Pair, error), fallback string) *Keeper {
	host, _ := os.Hostname()
	var b [4]byte
	_, _ = rand.Read(b[:])
	return &Keeper{pair: pair, fallback: fallback, pid: os.Getpid(), host: host, id: hex.EncodeToString(b[:])}
}

// thePair returns the pair, asking for it once.
func (k *Keeper) thePair() (Pair, error) {
	k.once.Do(func() {
		k.p, k.pairErr = k.pair()
		if k.pairErr == nil && !filepath.IsAbs(k.p.SaveTo) {
			k.pairErr = fmt.Errorf("recovery: the save path %q is not absolute", k.p.SaveTo)
		}
	})
	return k.p, k.pairErr
}

// current returns the pair as it is now: the pair the explorer opened,
// with the weights file and save path, and the rules file, that it wrote
// since. k.mu must be held.
func (k *Keeper) current() (Pair, error) {
	p, err := k.thePair()
	if err != nil {
		return p, err
	}
	if k.savedWeights.Path != "" {
		p.Weights, p.SaveTo = k.savedWeights, k.savedWeights.Path
	}
	if k.savedRules.Path != "" {
		p.Rules = k.savedRules
	}
	return p, nil
}

// WeightsSaved tells the keeper that the explorer wrote its weights to
// the file path, whose content now has the hex SHA-256 sum: the recovery
// files written
// from then on name that file and content as the weights file the unsaved
// weights start from (so that the next opening does not take the save
// for a change made elsewhere), and go beside it, the file the weights
// are saved to from then on.
func (k *Keeper) WeightsSaved(path, sum string) {
	in := savedInput(path, sum)
	k.mu.Lock()
	defer k.mu.Unlock()
	k.savedWeights = in
}

// RulesSaved tells the keeper that the explorer wrote its rules to the
// file path, whose content now has the hex SHA-256 sum: the recovery
// files written from then on name it as the rules file.
func (k *Keeper) RulesSaved(path, sum string) {
	in := savedInput(path, sum)
	k.mu.Lock()
	defer k.mu.Unlock()
	k.savedRules = in
}

// savedInput names a file the explorer wrote, by its absolute path.
func savedInput(path, sum string) Input {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return Input{Path: path, SHA256: sum}
}

// prefixes returns the folders recovery files of p may be in, and the
// start of their names there.
func (k *Keeper) places(p Pair) (dirs, prefixes []string) {
	dir, base := filepath.Split(p.SaveTo)
	stem := base + ".recovery-" + p.key() + "-"
	dirs, prefixes = []string{filepath.Clean(dir)}, []string{"." + stem}
	if k.fallback != "" {
		dirs, prefixes = append(dirs, k.fallback), append(prefixes, stem)
	}
	return dirs, prefixes
}

// modeBeside is the mode of a recovery file beside the weights: the
// weights file's own (the file it goes to, else the one read), so that
// the weights' readers are the recovery's; 0600 without one.
func modeBeside(p Pair) os.FileMode {
	for _, name := range []string{p.SaveTo, p.Weights.Path} {
		if name == "" || name == "-" {
			continue
		}
		if st, err := os.Stat(name); err == nil && st.Mode().IsRegular() {
			return st.Mode().Perm() &^ 0o111
		}
	}
	return 0o600
}

// Path returns the file the keeper writes last, "" when none.
func (k *Keeper) Path() string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.path
}

// Keep writes weights (a weights file's content) as the unsaved weights,
// and rules (a rules file's content; nil when the rules in force are the
// rules file's) as the unsaved rules, atomically, replacing what the
// keeper kept before, and returns the file. seq orders the calls of Keep
// and Drop, which may run on goroutines in any order: one whose seq is
// not above that of the last one done does nothing. It writes beside the
// weights file, or, where that fails, in the fallback folder (and goes on
// writing there).
func (k *Keeper) Keep(seq uint64, weights, rules []byte) (string, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if seq <= k.applied {
		return k.path, nil
	}
	k.applied = seq
	p, err := k.current()
	if err != nil {
		return "", err
	}
	format := 1
	if rules != nil {
		format = Format
	}
	data, err := json.MarshalIndent(Record{
		Format: format, Saved: time.Now(), Host: k.host, PID: k.pid,
		Reference: p.Reference, Output: p.Output, Dataset: p.Dataset, WeightsFile: p.Weights, SaveTo: p.SaveTo,
		Weights: json.RawMessage(weights), RulesFile: p.Rules, Rules: json.RawMessage(rules),
	}, "", "  ")
	if err != nil {
		return "", fmt.Errorf("the weights and rules to keep are not JSON: %w", err)
	}
	data = append(data, '\n')
	dirs, prefixes := k.places(p)
	name := func(i int) string { return filepath.Join(dirs[i], prefixes[i]+k.id+".json") }
	if !k.moved {
		path := name(0)
		err := atomicfile.Write(path, data, modeBeside(p))
		if err == nil {
			k.replaced(path)
			return path, nil
		}
		if len(dirs) == 1 {
			return "", fmt.Errorf("keeping the unsaved weights in %s: %w", escape.Name(path), err)
		}
		k.moved = true
		if k.path != "" {
			os.Remove(k.path)
			k.path = ""
		}
	}
	path := name(1)
	if err := os.MkdirAll(dirs[1], 0o700); err != nil {
		return "", fmt.Errorf("keeping the unsaved weights: neither %s nor %s can be written: %w", escape.Name(dirs[0]), escape.Name(dirs[1]), err)
	}
	if err := atomicfile.Write(path, data, 0o600); err != nil {
		return "", fmt.Errorf("keeping the unsaved weights in %s: %w", escape.Name(path), err)
	}
	k.replaced(path)
	return path, nil
}

// replaced makes path the file the keeper wrote last, removing the one
// before when it was elsewhere (the weights were saved to another file
// since, which the recovery file now goes beside). k.mu must be held.
func (k *Keeper) replaced(path string) {
	if k.path != "" && k.path != path {
		os.Remove(k.path)
	}
	k.path = path
}

// Drop removes the file the keeper wrote, if any: the weights are saved,
// or the user discarded them. seq orders it with Keep.
func (k *Keeper) Drop(seq uint64) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if seq <= k.applied {
		return nil
	}
	k.applied = seq
	if k.path == "" {
		return nil
	}
	err := os.Remove(k.path)
	if errors.Is(err, fs.ErrNotExist) {
		err = nil
	}
	if err == nil {
		k.path = ""
	}
	return err
}

// Find returns the recovery files of the pair that no running explorer
// keeps, newest first; a file that does not read is returned with its
// Err. Its error says which folder could not be listed; what the others
// hold is returned all the same. On the way it removes the temporary files that writers of
// recovery files of the pair left when they died. The cost is that of
// listing the folders and reading the files found.
func (k *Keeper) Find() ([]Found, error) {
	k.mu.Lock()
	p, err := k.current()
	k.mu.Unlock()
	if err != nil {
		return nil, err
	}
	dirs, prefixes := k.places(p)
	var found []Found
	var errs []error
	for i, dir := range dirs {
		prefix := prefixes[i]
		isOurs := func(name string) bool { return strings.HasPrefix(name, prefix) && strings.HasSuffix(name, ".json") }
		_, _ = atomicfile.CleanStaleIn(dir, isOurs)
		entries, err := os.ReadDir(dir)
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
			continue // nothing was ever written there
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, e := range entries {
			name := e.Name()
			if !isOurs(name) || name == prefix+k.id+".json" || !e.Type().IsRegular() {
				continue
			}
			if f, ok := k.read(filepath.Join(dir, name), p); ok {
				found = append(found, f)
			}
		}
	}
	slices.SortStableFunc(found, func(a, b Found) int { return b.Saved.Compare(a.Saved) })
	return found, errors.Join(errs...)
}

// read reads the recovery file at path; ok is false when it belongs to a
// running explorer or to another pair.
func (k *Keeper) read(path string, p Pair) (f Found, ok bool) {
	f.Path = path
	data, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(data, &f.Record)
	}
	if err == nil && (f.Format < 1 || f.Format > Format) {
		err = fmt.Errorf("format %d, where this jsontui reads 1 to %d", f.Format, Format)
	}
	if err == nil && len(f.Weights) == 0 {
		err = errors.New("it holds no weights")
	}
	if err != nil {
		f.Record = Record{}
		if st, serr := os.Stat(path); serr == nil {
			f.Saved = st.ModTime()
		}
		f.Err = fmt.Errorf("%s does not read: %w", escape.Name(path), err)
		return f, true
	}
	f.OtherHost = f.Host != "" && f.Host != k.host
	if !f.OtherHost && f.PID != k.pid {
		if alive, known := atomicfile.Running(f.PID); alive && known {
			return f, false
		}
	}
	if !f.Reference.same(p.Reference) || !f.Output.same(p.Output) || f.SaveTo != p.SaveTo || f.Dataset != p.Dataset {
		return f, false
	}
	if f.Reference.changed(p.Reference) {
		f.Changed = append(f.Changed, "reference")
	}
	if f.Output.changed(p.Output) {
		f.Changed = append(f.Changed, "output")
	}
	if f.WeightsFile.Path != p.Weights.Path || f.WeightsFile.changed(p.Weights) {
		f.Changed = append(f.Changed, "weights file")
	}
	if f.RulesFile.Path != p.Rules.Path || f.RulesFile.changed(p.Rules) {
		f.Changed = append(f.Changed, "rules file")
	}
	return f, true
}

// Discard removes a recovery file found.
func Discard(f Found) error {
	err := os.Remove(f.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}
