package history

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/report"
)

// ErrNotFound is returned (wrapped) when no run matches an id or prefix.
var ErrNotFound = errors.New("no such run")

// ErrBusy is returned (wrapped) when another process held the store for
// longer than Store.Wait.
var ErrBusy = errors.New("store is busy: another jsontui process holds it")

// NotStoreError reports a store file that is not a jsontui history store:
// not a bolt database, damaged, or written by a newer jsontui.
type NotStoreError struct {
	Path string // the store file
	Err  error  // what was wrong
}

// Error says which file is not a store, and why.
func (e *NotStoreError) Error() string {
	return fmt.Sprintf("%s: not a jsontui history store (%v)", escape.Name(e.Path), e.Err)
}

// Unwrap returns what was wrong with the file.
func (e *NotStoreError) Unwrap() error { return e.Err }

// DamagedError reports a store file whose pages or index are damaged: a
// page that is not what bolt wrote there, an index that does not match
// the runs it names, a run record that does not match its checksum.
type DamagedError struct {
	Path     string   // the store file
	Problems []string // what is damaged, one item each
}

// Error names the file and the first problem, and counts the others.
func (e *DamagedError) Error() string {
	msg := fmt.Sprintf("%s: the store is damaged: %s", escape.Name(e.Path), e.Problems[0])
	if n := len(e.Problems) - 1; n > 0 {
		msg += fmt.Sprintf(" (and %s)", report.Plural(n, "more problem"))
	}
	return msg
}

// errNotFile reports a store path that is not a regular file.
var errNotFile = errors.New("not a regular file")

// PendingError is returned by Record when the run could not be written to
// the store: the run was kept in the JSON file Path instead, and the next
// operation that opens the store imports it.
type PendingError struct {
	Path string // the pending file holding the run
	Err  error  // why the store could not be written
}

// Error says where the run was kept, and why.
func (e *PendingError) Error() string {
	return fmt.Sprintf("run kept in %s, will be imported next time: %v", escape.Name(e.Path), e.Err)
}

// Unwrap returns why the store could not be written.
func (e *PendingError) Unwrap() error { return e.Err }

// AmbiguousError is returned when an id prefix matches several runs.
type AmbiguousError struct {
	Prefix     string
	Candidates []string // the matching ids, oldest first
}

// Error lists the candidates, the first ten of them.
func (e *AmbiguousError) Error() string {
	const show = 10
	ids := e.Candidates
	more := ""
	if len(ids) > show {
		more = fmt.Sprintf(", and %d more", len(ids)-show)
		ids = ids[:show]
	}
	return fmt.Sprintf("id prefix %q is ambiguous: it matches %s%s", e.Prefix, strings.Join(ids, ", "), more)
}

// storeErr prefixes err with the store file's path, as errors about a file
// do ("/home/u/.local/share/jsontui/history.db: ...").
func storeErr(path string, err error) error {
	if pe, ok := err.(*fs.PathError); ok && pe.Path == path {
		err = pe.Err // "open" and the path again say nothing more
	}
	return fmt.Errorf("%s: %w", escape.Name(path), err)
}
