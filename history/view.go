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
	x := &storeReader{
		full: sess.kind == opCheck, v: &view{path: sess.s.path}, r: sess.raw, w: newWalk(sess.raw),
		prefixRun: []byte(runPrefix), prefixChunk: []byte(chunkPrefix), prefixPair: []byte(pairPrefix),
	}
	sess.view = x.v
	x.walkStore()
	x.finish()
	if v := x.v; len(v.problems) > 0 && sess.kind != opWrite && v.incomplete {
		sess.salvageInto(v)
	}
}

// storeReader is what readAll learns as it walks the store.
type storeReader struct {
	full bool // a check: every page and every record's key
	v    *view
	r    *rawFile
	w    *walk

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
	// strayPieces are runs of the index none of whose pieces it names.
	strayPieces []string

	prefixRun, prefixChunk, prefixPair []byte
}

// record matches the key of a run's record with the index. Reading every
// key (full), the index's runs passed over have no record; reading the
// first key of each leaf only, nothing can be said of them.
func (x *storeReader) record(k []byte) {
	if id, _, ok := pieceOf(k); ok {
		// A piece of run id's payload, after its record: the runs
		// before id not met have no record.
		for x.next < len(x.v.runs) && x.v.runs[x.next].ID < id {
			if x.full {
				x.missing = append(x.missing, x.v.runs[x.next].ID)
			}
			x.next++
		}
		switch {
		case x.next > 0 && x.v.runs[x.next-1].ID == id:
		case x.next < len(x.v.runs) && x.v.runs[x.next].ID == id: // its record is missing (said so), or in a leaf skimmed
		case len(x.strayPieces) == 0 || x.strayPieces[len(x.strayPieces)-1] != id:
			x.strayPieces = append(x.strayPieces, id)
		}
		if x.full {
			if x.v.pieceCounts == nil {
				x.v.pieceCounts = map[string]int{}
			}
			x.v.pieceCounts[id]++
		}
		return
	}
	x.v.recordKeys++
	id := k[len(x.prefixRun):]
	for x.next < len(x.v.runs) && x.v.runs[x.next].ID < string(id) {
		if x.full {
			x.missing = append(x.missing, x.v.runs[x.next].ID)
		}
		x.next++
	}
	if x.next < len(x.v.runs) && x.v.runs[x.next].ID == string(id) {
		x.next++
	} else if !x.journal[string(id)] {
		x.orphans = append(x.orphans, string(id))
	}
}

// kvVisit reads the i-th key of the kv bucket's page n.
func (x *storeReader) kvVisit(n *node, i int) {
	k, val := n.key(i), n.value(i)
	if n.flags(i) != 0 {
		x.v.fail("page %d: key %q is a bucket", n.id, k)
		return
	}
	switch {
	case bytes.HasPrefix(k, x.prefixRun):
		x.record(k)
	case bytes.HasPrefix(k, x.prefixPair):
		p, err := decodePointer(k, val)
		if err != nil {
			x.v.fail("page %d: %v", n.id, err)
			return
		}
		if x.full {
			x.pointers, x.ptrKeys = append(x.pointers, p), append(x.ptrKeys, string(k))
		}
	case bytes.HasPrefix(k, x.prefixChunk):
		x.chunk(n, k, val)
	case string(k) == headKey:
		h, err := decodeHead(val)
		if err != nil {
			x.v.fail("page %d: %v", n.id, err)
			return
		}
		x.head = &h
		if h.runs <= uint64(len(x.r.data)/16) { // a run takes more than 16 bytes
			x.v.runs = make([]Summary, 0, h.runs)
		}
	case string(k) == indexKey:
		x.indexValue(n, val)
	default:
		x.v.fail("page %d: unexpected key %q", n.id, k)
	}
}

// chunk reads the index chunk at key k of page n.
func (x *storeReader) chunk(n *node, k, val []byte) {
	x.chunkKeys++
	x.v.layout = max(x.v.layout, 2)
	runs, err := decodeChunk(k, val, x.v.runs)
	// A chunk starts after the runs of the one before: a run is
	// looked for in the chunk of the last key at or before it.
	if err == nil && len(x.v.runs) > 0 && string(k[len(x.prefixChunk):]) <= x.v.runs[len(x.v.runs)-1].ID {
		err = fmt.Errorf("index chunk %q starts before the end of the chunk before it", k)
	}
	if err != nil {
		x.v.fail("page %d: %v", n.id, err)
		x.v.incomplete = true
		return
	}
	x.v.runs = runs
	x.chunks++
}

// indexValue reads the index as jsontui wrote it in one value (layout 1), or
// the marker that says it is kept in chunks.
func (x *storeReader) indexValue(n *node, val []byte) {
	var raw []byte
	var old *oldIndex
	err := ungob(val, &raw)
	if err == nil {
		old, err = decodeOldIndex(raw)
	}
	switch {
	case err != nil:
		x.v.fail("page %d: the index: %v", n.id, err)
		x.v.incomplete = true
	case old == nil:
		x.marker = true
	default:
		x.v.layout = max(x.v.layout, 1)
		x.v.runs, x.v.journal = old.runs, old.journal
		x.journal = make(map[string]bool, len(old.journal))
		for _, id := range old.journal {
			x.journal[id] = true
		}
	}
}

// walkStore walks the file's tree from the root bucket: the kv bucket's
// keys are read by kvVisit, skimmed unless full; other buckets are walked
// for their pages only.
func (x *storeReader) walkStore() {
	var bucketVisit func(n *node, i int)
	bucketVisit = func(n *node, i int) {
		if n.flags(i) != bucketLeafFlag {
			return
		}
		b, err := bucketOf(n.value(i), n.id)
		if err != nil {
			x.w.fail(err)
			x.w.skipped++
			return
		}
		x.w.bucket(b, bucketVisit)
	}
	x.w.bucket(bucketRef{root: x.r.meta.root}, func(n *node, i int) {
		if n.flags(i) != bucketLeafFlag {
			x.w.fail(damagef(n.id, "key %q of the root bucket is not a bucket", n.key(i)))
			return
		}
		b, err := bucketOf(n.value(i), n.id)
		if err != nil {
			x.w.fail(err)
			x.w.skipped++
			return
		}
		if string(n.key(i)) == skvBucket {
			if !x.full {
				x.w.skim = func(first []byte) bool { return bytes.HasPrefix(first, x.prefixRun) }
				x.w.skimmed = x.record
			}
			x.w.bucket(b, x.kvVisit)
			x.w.skim, x.w.skimmed = nil, nil
		} else {
			x.w.bucket(b, bucketVisit)
		}
	})
}

// finish reports what the walk found wrong: the walk's problems, the index
// head against its chunks, the runs missing a record or the index, the
// pairs' pointers and the stray pieces.
func (x *storeReader) finish() {
	if x.full {
		x.missing = append(x.missing, idsOf(x.v.runs[x.next:])...)
	}

	for _, err := range x.w.problems {
		x.v.fail("%v", err)
	}
	if x.w.skipped > 0 {
		x.v.incomplete = true
	}
	x.v.pages, x.v.free = int(x.r.meta.pgid), x.r.free.count()
	if u := x.w.unreached(); x.full && len(u) > 0 && len(x.v.problems) == 0 {
		x.v.unreached = len(u)
	}
	switch {
	case x.v.layout == 2 && x.head == nil:
		x.v.fail("the index head is missing")
		x.v.incomplete = true
	case x.v.layout == 2 && (x.head.runs != uint64(len(x.v.runs)) || x.head.chunks != x.chunks):
		x.v.fail("the index head counts %d runs in %d chunks; %d runs in %d chunks are there", x.head.runs, x.head.chunks, len(x.v.runs), x.chunks)
		x.v.incomplete = true
	case x.v.layout < 2 && (x.head != nil || x.chunkKeys > 0):
		x.v.fail("the index head is there without its chunks")
		x.v.incomplete = true
	case x.v.layout == 1 && x.marker:
		x.v.fail("the index is in two formats at once")
	case x.v.layout == 0 && x.v.recordKeys > 0 && !x.v.incomplete:
		x.v.fail("the index is missing, and runs are recorded")
		x.v.incomplete = true
	}
	if len(x.missing) > 0 {
		x.v.fail("the index names %s whose record is missing: %s", report.Plural(len(x.missing), "run"), report.ListFirst(x.missing))
	}
	if !x.v.incomplete {
		checkPointers(x.v, x.pointers, x.ptrKeys)
	}
	if len(x.orphans) > 0 {
		x.v.fail("%s recorded but missing from the index: %s", report.Plural(len(x.orphans), "run is", "runs are"), report.ListFirst(x.orphans))
		x.v.incomplete = true
	}
	if len(x.strayPieces) > 0 {
		x.v.fail("pieces of cases are kept for %s that the index does not name: %s", report.Plural(len(x.strayPieces), "run"), report.ListFirst(x.strayPieces))
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
