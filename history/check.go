package history

import (
	"errors"
	"fmt"
	"os"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/report"
)

// CheckReport is what Check found.
type CheckReport struct {
	// Path is the store file.
	Path string
	// Runs is the number of runs the index lists; on a damaged store,
	// with those whose records were found outside it.
	Runs int
	// Size is the file's size; Pages and Free count its pages and its
	// free pages.
	Size        int64
	Pages, Free int
	// Problems lists the damage found, one item each: none for a sound
	// store.
	Problems []string
	// Recoverable is, for a damaged store, the number of runs whose
	// records read: what Repair would keep.
	Recoverable int
	// Unreached counts pages that are neither in use nor free: space
	// that bolt lost track of. Harmless; Repair reclaims it.
	Unreached int
}

// Check reads the whole store and checks it: every page of the file as
// every read does, the index against the runs it names, and every run's
// record against its checksum. It changes nothing (pending runs are not
// imported). A store file that does not exist yet is sound and empty. The
// error is for a store that could not be checked: busy, not a store.
func (s *Store) Check() (*CheckReport, error) {
	rep := &CheckReport{Path: s.path}
	err := s.do(opCheck, func(sess *session) error {
		v := sess.view
		rep.Runs, rep.Pages, rep.Free, rep.Unreached = len(v.runs), v.pages, v.free, v.unreached
		if v.records != nil {
			rep.Recoverable = len(v.records)
		}
		var bad []string
		for _, sum := range v.runs {
			r, err := sess.run(sum)
			if err != nil {
				bad = append(bad, sum.ID)
				continue
			}
			want := 0
			if r.dataset != nil {
				want = len(r.dataset.Pieces)
			}
			if n := v.pieceCounts[sum.ID]; n != want && v.records == nil {
				v.fail("run %s: %s of its cases are kept, %d named by its record", sum.ID, report.Plural(n, "piece"), want)
			}
		}
		if len(bad) > 0 {
			v.fail("%s whose record does not read or does not match the index: %s", report.Plural(len(bad), "run"), report.ListFirst(bad))
		}
		rep.Problems = v.problems
		if len(v.problems) > 0 && v.records == nil {
			rep.Recoverable = len(v.runs) - len(bad)
		}
		return nil
	})
	if info, statErr := os.Stat(s.path); statErr == nil {
		rep.Size = info.Size()
	}
	var d *DamagedError
	switch {
	case errors.Is(err, errNoStore):
		return rep, nil
	case errors.As(err, &d):
		if len(rep.Problems) == 0 {
			rep.Problems = d.Problems
		}
		return rep, nil
	case err != nil:
		return nil, err
	}
	return rep, nil
}

// String describes the report in a line.
func (r *CheckReport) String() string {
	if len(r.Problems) == 0 {
		return fmt.Sprintf("%s: sound: %s, %d pages (%d free)", escape.Name(r.Path), report.Plural(r.Runs, "run"), r.Pages, r.Free)
	}
	return fmt.Sprintf("%s: damaged: %s", escape.Name(r.Path), report.Plural(len(r.Problems), "problem"))
}
