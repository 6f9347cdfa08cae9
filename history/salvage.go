package history

import (
	"bytes"
	"fmt"
	"hash/crc32"
	"os"
	"slices"
	"strings"
)

// salvaged is what could be read of a damaged store: the run records that
// decode and pass their checks, with the labels and sightings (Count,
// LastSeen) of the index chunks that do.
type salvaged struct {
	records   map[string][]byte   // by id: the record, a slice of the file
	pieces    map[string][][]byte // by id: a dataset run's pieces, in order
	summaries []Summary           // of the records, sorted by id
	lost      []string            // ids named by the index, or found, whose records do not read
	scanned   bool                // every page was read as a possible leaf
}

// salvage reads what it can of the store in r: it walks the tree, leaving
// out damaged pages, then reads as leaf pages the pages that are neither
// reached nor free (those under the damaged ones). With scanAll, for a
// file whose page map cannot be trusted, it reads every page so; records
// removed long ago may then come back.
func salvage(r *rawFile, scanAll bool) *salvaged {
	g := &gleaner{
		sv:    &salvaged{records: map[string][]byte{}, pieces: map[string][][]byte{}, scanned: scanAll},
		found: map[string]map[int][]byte{}, kept: map[string]Summary{}, sums: map[string]uint32{}, named: map[string]bool{},
	}
	w := newWalk(r)
	if !scanAll {
		w.visit = func(*node, int) {}
		if kv, found, err := r.kvBucket(); err == nil && found {
			w.bucket(kv, func(n *node, i int) {
				if n.flags(i) == 0 {
					g.take(n.key(i), n.value(i))
				}
			})
		} else if err != nil {
			w.skipped++
		}
	}
	if scanAll || w.skipped > 0 {
		for id := uint64(2); id < r.meta.pgid; id++ {
			if w.seen.has(id) || r.free.has(id) {
				continue
			}
			n, err := r.page(id)
			if err != nil || n.branch {
				continue
			}
			w.seen.add(id, n.pages-1)
			for i := 0; i < n.count; i++ {
				if n.flags(i) == 0 {
					g.take(n.key(i), n.value(i))
				}
			}
		}
	}
	g.check()
	return g.sv
}

// gleaner gathers what salvage finds, key by key.
type gleaner struct {
	sv    *salvaged
	found map[string]map[int][]byte // pieces by run and number
	kept  map[string]Summary        // what the index says of a run
	sums  map[string]uint32         // the index's checksum of a run's record
	named map[string]bool           // the runs the index names
}

// take keeps a key and its value found in a leaf: a run's record or
// piece (the first found of each), or what an index chunk (or an index
// of the first format) says of its runs.
func (g *gleaner) take(k, v []byte) {
	switch {
	case bytes.HasPrefix(k, []byte(runPrefix)):
		id, piece, ok := pieceOf(k)
		switch {
		case ok:
			if g.found[id] == nil {
				g.found[id] = map[int][]byte{}
			}
			if _, ok := g.found[id][piece]; !ok {
				g.found[id][piece] = v
			}
		default:
			id := string(k[len(runPrefix):])
			if _, ok := g.sv.records[id]; !ok {
				g.sv.records[id] = v
			}
		}
	case bytes.HasPrefix(k, []byte(chunkPrefix)):
		runs, err := decodeChunk(k, v, nil)
		if err != nil {
			return
		}
		for _, s := range runs {
			g.kept[s.ID] = s
			g.named[s.ID] = true
			if s.hasSum {
				g.sums[s.ID] = s.sum
			}
		}
	case string(k) == indexKey:
		var raw []byte
		if ungob(v, &raw) != nil {
			return
		}
		if x, err := decodeOldIndex(raw); err == nil && x != nil {
			for _, s := range x.runs {
				g.kept[s.ID] = s
				g.named[s.ID] = true
			}
		}
	}
}

// check keeps the records that decode (and match their checksum and their
// pieces) with their summaries, and lists as lost the others and the runs
// the index names that were not found.
func (g *gleaner) check() {
	sv := g.sv
	for id, v := range sv.records {
		var rec *runRecord
		var err error
		if sum, ok := g.sums[id]; ok && crc32.Checksum(v, castagnoli) != sum {
			err = errBadRecord // not decoded: gob trusts lengths
		} else if rec, err = decodeRecord(v); err == nil && rec.ID != id {
			err = errBadRecord
		} else if err == nil && rec.ds != nil {
			err = sv.takePieces(rec, g.found[id])
		}
		if err != nil {
			sv.lost = append(sv.lost, id)
			delete(sv.records, id)
			delete(g.named, id)
			continue
		}
		s := rec.summary()
		s.sum, s.hasSum = crc32.Checksum(v, castagnoli), true
		if k, ok := g.kept[id]; ok {
			s.Label = k.Label
			if k.Count > 1 {
				s.Count, s.LastSeen = k.Count, k.LastSeen
			}
		}
		sv.summaries = append(sv.summaries, s)
	}
	slices.SortFunc(sv.summaries, func(a, b Summary) int { return strings.Compare(a.ID, b.ID) })
	for id := range g.named {
		if _, ok := sv.records[id]; !ok {
			sv.lost = append(sv.lost, id)
		}
	}
	slices.Sort(sv.lost)
}

// takePieces keeps the pieces of a dataset run's payload, when every one
// of them was found and matches its record.
func (sv *salvaged) takePieces(rec *runRecord, found map[int][]byte) error {
	refs := rec.ds.Pieces
	pieces := make([][]byte, len(refs))
	for i, p := range refs {
		if err := checkPiece(found[i], p); err != nil {
			return fmt.Errorf("piece %d of its cases: %w", i, err)
		}
		pieces[i] = found[i]
	}
	sv.pieces[rec.ID] = pieces
	return nil
}

// salvageInto adds to v what a salvage of the session's file finds: the
// runs the damaged index lacks, and the records to read them from.
func (sess *session) salvageInto(v *view) {
	sv := salvage(sess.raw, false)
	v.runs = mergeRuns(v.runs, sv.summaries)
	v.records = sv.records
	v.pieces = sv.pieces
}

// scanFile maps a file whose meta pages or freelist cannot be read, for a
// salvage of every page: its page size is the one a meta page gives, when
// one is readable, else this system's.
func scanFile(f *os.File) (*rawFile, error) {
	data, unmap, err := mapFile(f)
	if err != nil {
		return nil, err
	}
	r := &rawFile{data: data, unmap: unmap, pageSize: os.Getpagesize()}
	if len(data) >= 32 {
		if ps := native.Uint32(data[pageHeaderSize+8:]); native.Uint32(data[pageHeaderSize:]) == boltMagic &&
			ps >= 512 && ps <= 1<<20 && ps&(ps-1) == 0 {
			r.pageSize = int(ps)
		}
	}
	pages := uint64(len(data) / r.pageSize)
	r.meta = boltMeta{pageSize: uint32(r.pageSize), pgid: pages}
	r.free = newPageSet(pages)
	return r, nil
}
