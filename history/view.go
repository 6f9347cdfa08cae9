package history

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/jsontui/jsontui/scoring/report"
)

// view is the store as an operation that reads it whole sees it: the
// index, checked page by page, and checked against the runs it names.
type view struct {
	path string
	// layout is 0 for a store with no index yet, 1 for the first format
	// (one value), 2 for chunks.
	layout int
	// runs are the summaries of the index, sorted by id. When the index
	// is damaged, the runs whose records could be read are added (see
	// salvage), so that what can be read is.
	runs []Summary
	// journal holds, in the first format, ids that a writer which died
	// may have left a record of without a summary.
	journal []string
	// problems lists the damage found; none for a sound store.
	problems []string
	// incomplete is set when the index may lack runs: part of it is
	// damaged or could not be reached.
	incomplete bool
	// records holds, after a salvage, the records found by id, and
	// pieces the pieces of dataset runs' payloads (see pieces.go).
	records map[string][]byte
	pieces  map[string][][]byte
	// pieceCounts counts, for a check, the pieces met of each run.
	pieceCounts map[string]int
	// unreached counts the pages that are neither in use nor free: space
	// bolt lost track of (harmless on its own).
	unreached int
	// pages, free and records count the file's pages, its free pages
	// and the run records met.
	pages, free, recordKeys int
}

// damage returns the view's problems as a *DamagedError, or nil.
func (v *view) damage() error {
	if len(v.problems) == 0 {
		return nil
	}
	return &DamagedError{Path: v.path, Problems: v.problems}
}

func (v *view) fail(format string, args ...any) {
	v.problems = append(v.problems, fmt.Sprintf(format, args...))
}

// runPrefix starts the key of every run.
const runPrefix = "run/"

// runKey is the store key of a run.
func runKey(id string) string { return runPrefix + id }

// readAll reads the store into sess.view: it walks the file's tree,
// checking every page it reads, decodes the index and matches it against
// the run records, whose keys it meets in the same walk (index keys sort
// before run keys).
//
// For a check (opCheck) it reads every page, and every key of the records
// (not their values): the index must name every record, and only them.
// Other reads, which must not grow slower with the store than reading the
// index does, read the pages of the index and of the pairs' pointers
// (checking each pointer's checksum; a check also checks each names its
// pair's latest run) and every branch page, and take
// a leaf of records on its parent's word (see walk.skim): its page id is
// checked, and its first key must name a run of the index. What they do
// not read of a run's record is checked when the record is read.
func (sess *session) readAll() {
	full := sess.kind == opCheck
	v := &view{path: sess.s.path}
	sess.view = v
	r := sess.raw
	w := newWalk(r)
	var (
		head      *indexHead
		chunks    uint64
		marker    bool
		journal   map[string]bool
		next      int // the first index run not yet matched with a record
		missing   []string
		orphans   []string
		chunkKeys int
		pointers  []pairPointer
		ptrKeys   []string
	)
	prefixRun, prefixChunk, prefixPair := []byte(runPrefix), []byte(chunkPrefix), []byte(pairPrefix)
	// record matches the key of a run's record with the index. Reading
	// every key (full), the index's runs passed over have no record;
	// reading the first key of each leaf only, nothing can be said of them.
	var strayPieces []string // runs of the index none of whose pieces it names
	record := func(k []byte) {
		if id, _, ok := pieceOf(k); ok {
			// A piece of run id's payload, after its record: the runs
			// before id not met have no record.
			for next < len(v.runs) && v.runs[next].ID < id {
				if full {
					missing = append(missing, v.runs[next].ID)
				}
				next++
			}
			switch {
			case next > 0 && v.runs[next-1].ID == id:
			case next < len(v.runs) && v.runs[next].ID == id: // its record is missing (said so), or in a leaf skimmed
			case len(strayPieces) == 0 || strayPieces[len(strayPieces)-1] != id:
				strayPieces = append(strayPieces, id)
			}
			if full {
				if v.pieceCounts == nil {
					v.pieceCounts = map[string]int{}
				}
				v.pieceCounts[id]++
			}
			return
		}
		v.recordKeys++
		id := k[len(prefixRun):]
		for next < len(v.runs) && v.runs[next].ID < string(id) {
			if full {
				missing = append(missing, v.runs[next].ID)
			}
			next++
		}
		if next < len(v.runs) && v.runs[next].ID == string(id) {
			next++
		} else if !journal[string(id)] {
			orphans = append(orphans, string(id))
		}
	}
	kvVisit := func(n *node, i int) {
		k, val := n.key(i), n.value(i)
		if n.flags(i) != 0 {
			v.fail("page %d: key %q is a bucket", n.id, k)
			return
		}
		switch {
		case bytes.HasPrefix(k, prefixRun):
			record(k)
		case bytes.HasPrefix(k, prefixPair):
			p, err := decodePointer(k, val)
			if err != nil {
				v.fail("page %d: %v", n.id, err)
				return
			}
			if full {
				pointers, ptrKeys = append(pointers, p), append(ptrKeys, string(k))
			}
		case bytes.HasPrefix(k, prefixChunk):
			chunkKeys++
			v.layout = max(v.layout, 2)
			runs, err := decodeChunk(k, val, v.runs)
			// A chunk starts after the runs of the one before: a run is
			// looked for in the chunk of the last key at or before it.
			if err == nil && len(v.runs) > 0 && string(k[len(prefixChunk):]) <= v.runs[len(v.runs)-1].ID {
				err = fmt.Errorf("index chunk %q starts before the end of the chunk before it", k)
			}
			if err != nil {
				v.fail("page %d: %v", n.id, err)
				v.incomplete = true
				return
			}
			v.runs = runs
			chunks++
		case string(k) == headKey:
			h, err := decodeHead(val)
			if err != nil {
				v.fail("page %d: %v", n.id, err)
				return
			}
			head = &h
			if h.runs <= uint64(len(r.data)/16) { // a run takes more than 16 bytes
				v.runs = make([]Summary, 0, h.runs)
			}
		case string(k) == indexKey:
			var raw []byte
			var old *oldIndex
			err := ungob(val, &raw)
			if err == nil {
				old, err = decodeOldIndex(raw)
			}
			switch {
			case err != nil:
				v.fail("page %d: the index: %v", n.id, err)
				v.incomplete = true
			case old == nil:
				marker = true
			default:
				v.layout = max(v.layout, 1)
				v.runs, v.journal = old.runs, old.journal
				journal = make(map[string]bool, len(old.journal))
				for _, id := range old.journal {
					journal[id] = true
				}
			}
		default:
			v.fail("page %d: unexpected key %q", n.id, k)
		}
	}
	var bucketVisit func(n *node, i int)
	bucketVisit = func(n *node, i int) {
		if n.flags(i) != bucketLeafFlag {
			return
		}
		b, err := bucketOf(n.value(i), n.id)
		if err != nil {
			w.fail(err)
			w.skipped++
			return
		}
		w.bucket(b, bucketVisit)
	}
	w.bucket(bucketRef{root: r.meta.root}, func(n *node, i int) {
		if n.flags(i) != bucketLeafFlag {
			w.fail(damagef(n.id, "key %q of the root bucket is not a bucket", n.key(i)))
			return
		}
		b, err := bucketOf(n.value(i), n.id)
		if err != nil {
			w.fail(err)
			w.skipped++
			return
		}
		if string(n.key(i)) == skvBucket {
			if !full {
				w.skim = func(first []byte) bool { return bytes.HasPrefix(first, prefixRun) }
				w.skimmed = record
			}
			w.bucket(b, kvVisit)
			w.skim, w.skimmed = nil, nil
		} else {
			w.bucket(b, bucketVisit)
		}
	})
	if full {
		missing = append(missing, idsOf(v.runs[next:])...)
	}

	for _, err := range w.problems {
		v.fail("%v", err)
	}
	if w.skipped > 0 {
		v.incomplete = true
	}
	v.pages, v.free = int(r.meta.pgid), r.free.count()
	if u := w.unreached(); full && len(u) > 0 && len(v.problems) == 0 {
		v.unreached = len(u)
	}
	switch {
	case v.layout == 2 && head == nil:
		v.fail("the index head is missing")
		v.incomplete = true
	case v.layout == 2 && (head.runs != uint64(len(v.runs)) || head.chunks != chunks):
		v.fail("the index head counts %d runs in %d chunks; %d runs in %d chunks are there", head.runs, head.chunks, len(v.runs), chunks)
		v.incomplete = true
	case v.layout < 2 && (head != nil || chunkKeys > 0):
		v.fail("the index head is there without its chunks")
		v.incomplete = true
	case v.layout == 1 && marker:
		v.fail("the index is in two formats at once")
	case v.layout == 0 && v.recordKeys > 0 && !v.incomplete:
		v.fail("the index is missing, and runs are recorded")
		v.incomplete = true
	}
	if len(missing) > 0 {
		v.fail("the index names %s whose record is missing: %s", report.Plural(len(missing), "run"), report.ListFirst(missing))
	}
	if !v.incomplete {
		checkPointers(v, pointers, ptrKeys)
	}
	if len(orphans) > 0 {
		v.fail("%s recorded but missing from the index: %s", report.Plural(len(orphans), "run is", "runs are"), report.ListFirst(orphans))
		v.incomplete = true
	}
	if len(strayPieces) > 0 {
		v.fail("pieces of cases are kept for %s that the index does not name: %s", report.Plural(len(strayPieces), "run"), report.ListFirst(strayPieces))
	}
	if len(v.problems) > 0 && sess.kind != opWrite && v.incomplete {
		sess.salvageInto(v)
	}
}

// piecesOf returns the pieces a salvage found of run id's payload, by
// number; nil when there was no salvage.
func (v *view) piecesOf(id string) [][]byte {
	if v == nil {
		return nil
	}
	return v.pieces[id]
}

// checkPointers checks the pairs' pointers against the index: each names
// a run of its pair, the latest.
func checkPointers(v *view, pointers []pairPointer, keys []string) {
	var bad []string
	latest := make(map[[2]string]string, len(pointers))
	for i := range v.runs {
		latest[pairKey(&v.runs[i])] = v.runs[i].ID // sorted by id: the last is the latest
	}
	for i, p := range pointers {
		j, ok := findID(v.runs, p.id)
		if !ok || keys[i] != string(pairPtrKey(pairKey(&v.runs[j]))) || latest[pairKey(&v.runs[j])] != p.id {
			bad = append(bad, keys[i][len(pairPrefix):])
		}
	}
	if len(bad) > 0 {
		v.fail("%s not point to the latest run of its pair: %s", report.Plural(len(bad), "pair's pointer does", "pairs' pointers do"), report.ListFirst(bad))
	}
}

func idsOf(runs []Summary) []string {
	ids := make([]string, len(runs))
	for i := range runs {
		ids[i] = runs[i].ID
	}
	return ids
}

// count returns the number of pages in s.
func (s pageSet) count() int {
	n := 0
	for _, w := range s {
		for ; w != 0; w &= w - 1 {
			n++
		}
	}
	return n
}

// mergeRuns adds to runs (sorted by id) the runs of more that it lacks,
// and returns them sorted.
func mergeRuns(runs, more []Summary) []Summary {
	have := make(map[string]bool, len(runs))
	for i := range runs {
		have[runs[i].ID] = true
	}
	for _, s := range more {
		if !have[s.ID] {
			runs = append(runs, s)
		}
	}
	slices.SortFunc(runs, func(a, b Summary) int { return strings.Compare(a.ID, b.ID) })
	return runs
}
