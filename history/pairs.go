package history

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"strings"

	bolt "go.etcd.io/bbolt"
)

// A run identical to the latest run of its reference/output pair is not
// added: the latest run is "seen again", its Count and LastSeen updated
// (see Summary.Count). So that recording finds that run without reading
// the index, each pair keeps a pointer to its latest run:
//
//	"pair/<32 hex digits>"   "JTP" 1 | CRC-32C | uvarint id length + id |
//	                         the run's identity (32 bytes)
//
// The key's digits are the first 16 bytes of the SHA-256 of the pair's
// key (pairKey); the checksum covers the key and what follows it, as a
// chunk's does. The identity is a SHA-256 of everything that makes two
// runs the same (runRecord.identity). Pointers sort between the index and
// the runs. A pair whose latest run was recorded before pointers were
// kept has none: its next run is added, and pointed to.
const (
	pairPrefix  = "pair/"
	pairMagic   = "JTP"
	pairVersion = 1
)

// pairPointer names the latest run of a pair, and its identity.
type pairPointer struct {
	id    string
	ident [sha256.Size]byte
}

// pairPtrKey returns the key of the pointer of the pair k.
func pairPtrKey(k [2]string) []byte {
	h := sha256.New()
	writeField(h, k[0])
	writeField(h, k[1])
	sum := h.Sum(nil)
	return []byte(pairPrefix + hex.EncodeToString(sum[:16]))
}

// isPairKey reports whether k is the key of a pair's pointer.
func isPairKey(k []byte) bool { return strings.HasPrefix(string(k), pairPrefix) }

func encodePointer(key []byte, p pairPointer) []byte {
	return sealed(pairMagic, pairVersion, key, func(b []byte) []byte {
		b = appendString(b, p.id)
		return append(b, p.ident[:]...)
	})
}

func decodePointer(key, b []byte) (pairPointer, error) {
	body, _, err := unseal(pairMagic, pairVersion, pairVersion, key, b)
	if err != nil {
		return pairPointer{}, fmt.Errorf("the pointer %q: %w", key, err)
	}
	r := &indexReader{b: body}
	p := pairPointer{id: r.string()}
	copy(p.ident[:], r.bytes(sha256.Size))
	if err := r.end(); err != nil {
		return pairPointer{}, fmt.Errorf("the pointer %q: %w", key, err)
	}
	if !validID(p.id) {
		return pairPointer{}, fmt.Errorf("the pointer %q: bad run id %q", key, p.id)
	}
	return p, nil
}

// writeField writes s to h, its length first, so that fields cannot run
// into each other.
func writeField(h interface{ Write([]byte) (int, error) }, s string) {
	var n [binary.MaxVarintLen64]byte
	h.Write(n[:binary.PutUvarint(n[:], uint64(len(s)))])
	h.Write([]byte(s))
}

// writeBytes writes b to h as writeField writes string(b), without the
// copies the conversions make (b may be a large weights file).
func writeBytes(h interface{ Write([]byte) (int, error) }, b []byte) {
	var n [binary.MaxVarintLen64]byte
	h.Write(n[:binary.PutUvarint(n[:], uint64(len(b)))])
	h.Write(b)
}

// identity returns what makes two runs of a pair the same run: where it
// comes from (source, label and tags), the files' contents, the weights
// file and the weights in force, the metric, its options, the rules file
// and the rules in force (RulesSum), and the score; for a dataset run,
// also how its cases were read and figured (pairing, fields, --group-by,
// --match-threshold, --pass). A run whose identity is that of its pair's
// latest run is that run seen again.
func (rec *runRecord) identity() [sha256.Size]byte {
	h := sha256.New()
	writeField(h, "jsontui run identity 1")
	writeField(h, rec.Source)
	writeField(h, rec.Label)
	writeField(h, fmt.Sprint(len(rec.Tags)))
	for _, t := range rec.Tags {
		writeField(h, t)
	}
	for _, f := range [...]File{rec.Reference, rec.Output, rec.Weights, rec.Rules} {
		writeField(h, f.Path)
		writeField(h, f.SHA256)
	}
	writeBytes(h, rec.WeightsJSON)
	writeField(h, rec.Metric)
	writeField(h, fmt.Sprint(len(rec.Options)))
	for _, o := range rec.Options {
		writeField(h, o)
	}
	writeField(h, RulesSum(rec.RulesJSON))
	score := "none"
	if rec.HasScore {
		score = fmt.Sprint(math.Float64bits(rec.Score))
	}
	writeField(h, score)
	if d := rec.ds; d != nil {
		writeField(h, "dataset")
		writeField(h, d.Pairing)
		for _, f := range d.Fields {
			writeField(h, f)
		}
		writeField(h, d.GroupBy)
		writeField(h, fmt.Sprint(math.Float64bits(d.MatchThreshold)))
		pass := "none"
		if d.Stats.HasPass {
			pass = fmt.Sprint(math.Float64bits(d.Stats.PassAt))
		}
		writeField(h, pass)
	}
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum
}

// pointer reads the pointer of the pair whose pointer key is key, through
// the checked reader; ok is false when there is none.
func (sess *session) pointer(key []byte) (p pairPointer, ok bool, err error) {
	v, err := sess.get(string(key))
	if err != nil || v == nil {
		return pairPointer{}, false, err
	}
	if p, err = decodePointer(key, v); err != nil {
		return pairPointer{}, false, &DamagedError{Path: sess.s.path, Problems: []string{err.Error()}}
	}
	return p, true, nil
}

// errSeenAlready reports a pending run that its pair's latest run has
// counted already: an import that was cut short counted it, then left
// its file.
var errSeenAlready = errors.New("this run was counted as seen again already")

// seenAgain counts rec, whose identity is that of the run p names, as
// that run seen again: its summary's Count and LastSeen, in one
// transaction. It returns false, changing nothing, when p's run is not in
// the index or not of rec's pair (a pointer left by a remove of an older
// jsontui). An imported pending run no newer than the run's LastSeen was
// counted already: errSeenAlready.
func (sess *session) seenAgain(p pairPointer, rec *runRecord, sum *Summary, imported bool) (bool, error) {
	key, runs, _, err := sess.chunkFor(p.id)
	if err != nil || key == nil {
		return false, err
	}
	i, ok := findID(runs, p.id)
	if !ok || pairKey(&runs[i]) != pairKey(sum) {
		return false, nil
	}
	r := &runs[i]
	if imported && !rec.Time.After(r.LastSeen) {
		return false, errSeenAlready
	}
	r.Count = max(1, r.Count) + 1
	if rec.Time.After(r.LastSeen) {
		r.LastSeen = rec.Time
	}
	return true, sess.update(func(b *bolt.Bucket) error {
		if err := b.Put(key, encodeChunk(key, runs)); err != nil {
			return err
		}
		return putMarker(b)
	})
}

// latestOfPair returns the position in runs (sorted by id) of the latest
// run of the pair k other than the run skip; -1 for none.
func latestOfPair(runs []Summary, k [2]string, skip string) int {
	for i := len(runs) - 1; i >= 0; i-- {
		if runs[i].ID != skip && pairKey(&runs[i]) == k {
			return i
		}
	}
	return -1
}

// pointerAfterRemove returns what becomes of the pointer of the pair of
// run sum once sum is removed from the whole index runs: when it names
// sum, the pointer to the pair's latest other run (put), or none (del).
// It reads that run's record.
func (sess *session) pointerAfterRemove(runs []Summary, sum Summary) (key []byte, put []byte, del bool, err error) {
	k := pairKey(&sum)
	key = pairPtrKey(k)
	p, ok, err := sess.pointer(key)
	if err != nil || !ok || p.id != sum.ID {
		return nil, nil, false, err
	}
	i := latestOfPair(runs, k, sum.ID)
	if i < 0 {
		return key, nil, true, nil
	}
	rec, err := sess.record(runs[i])
	if err != nil {
		return nil, nil, false, err
	}
	return key, encodePointer(key, pairPointer{id: rec.ID, ident: rec.identity()}), false, nil
}

// putPointers writes the pointer of each pair of runs (sorted by id) to
// its latest run, whose record record returns.
func putPointers(b *bolt.Bucket, runs []Summary, record func(Summary) (*runRecord, error)) error {
	done := make(map[[2]string]bool)
	for i := len(runs) - 1; i >= 0; i-- {
		k := pairKey(&runs[i])
		if done[k] {
			continue
		}
		done[k] = true
		rec, err := record(runs[i])
		if err != nil {
			return err
		}
		key := pairPtrKey(k)
		if err := b.Put(key, encodePointer(key, pairPointer{id: rec.ID, ident: rec.identity()})); err != nil {
			return err
		}
	}
	return nil
}
