package history

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"

	bolt "go.etcd.io/bbolt"
)

// The index is kept in chunks, so that recording a run reads and writes a
// chunk of bounded size whatever the number of runs:
//
//	"index"             "JTI" 2: tells an older jsontui the index moved
//	"index/head"        how many runs and chunks there are
//	"index/runs/"       the first chunk
//	"index/runs/<id>"   a chunk whose first run was <id> when it was made
//
// (in this order: the head is read before the chunks).
//
// A chunk holds the summaries of the runs whose ids are at or after its
// key's id and before the next chunk's: a run goes to the chunk of the
// last key at or before it. Runs come in time order, so a new run almost
// always goes to the last chunk; once that holds chunkRuns runs the next
// run starts a chunk of its own. A run inserted among older ones may grow
// a chunk to twice that, when it splits in two.
//
// A chunk is "JTC" 4 | CRC-32C (4 bytes, little-endian) | a block of runs
// in format 4 (see index.go); chunks written before format 4 are "JTC" 2
// or 3 and a block in that format, and are read as such. The head is "JTH" 2 |
// CRC-32C | uvarint runs | uvarint chunks. The checksums cover the key and
// what follows them, so that a changed byte in a chunk, its key or the
// head is seen.
const (
	chunkPrefix  = "index/runs/"
	headKey      = "index/head"
	chunkMagic   = "JTC"
	headMagic    = "JTH"
	chunkVersion = 4
	headVersion  = 2
)

// chunkRuns is how many runs a chunk takes by appending (a variable only
// so that a test can make chunks small).
var chunkRuns = 256

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// indexHead counts the runs and chunks of the index.
type indexHead struct {
	runs, chunks uint64
}

func sealed(magic string, version byte, key []byte, body func([]byte) []byte) []byte {
	b := append([]byte(magic), version, 0, 0, 0, 0)
	b = body(b)
	sum := crc32.Update(crc32.Checksum(key, castagnoli), castagnoli, b[8:])
	binary.LittleEndian.PutUint32(b[4:], sum)
	return b
}

// unseal checks the header and checksum of a chunk, the head or a pair's
// pointer, whose format must be from oldest to newest, and returns what
// follows them and its format.
func unseal(magic string, oldest, newest byte, key, b []byte) ([]byte, byte, error) {
	if len(b) < 8 || string(b[:3]) != magic {
		return nil, 0, errors.New("bad header")
	}
	switch v := b[3]; {
	case v > newest:
		return nil, 0, fmt.Errorf("format %d is newer than this jsontui reads (%d)", v, newest)
	case v < oldest:
		return nil, 0, fmt.Errorf("format %d, not %d", v, newest)
	}
	sum := crc32.Update(crc32.Checksum(key, castagnoli), castagnoli, b[8:])
	if binary.LittleEndian.Uint32(b[4:]) != sum {
		return nil, 0, errors.New("checksum mismatch")
	}
	return b[8:], b[3], nil
}

func encodeHead(h indexHead) []byte {
	return sealed(headMagic, headVersion, []byte(headKey), func(b []byte) []byte {
		b = binary.AppendUvarint(b, h.runs)
		return binary.AppendUvarint(b, h.chunks)
	})
}

func decodeHead(b []byte) (indexHead, error) {
	body, _, err := unseal(headMagic, headVersion, headVersion, []byte(headKey), b)
	if err != nil {
		return indexHead{}, fmt.Errorf("the index head: %w", err)
	}
	r := &indexReader{b: body}
	h := indexHead{runs: r.uvarint(), chunks: r.uvarint()}
	if err := r.end(); err != nil {
		return indexHead{}, fmt.Errorf("the index head: %w", err)
	}
	return h, nil
}

func encodeChunk(key []byte, runs []Summary) []byte {
	return sealed(chunkMagic, chunkVersion, key, func(b []byte) []byte { return appendSummaries(b, runs, chunkVersion) })
}

// decodeChunk checks and decodes the chunk of key, appending its runs to
// runs: ids of the form history assigns, ascending, none before the
// chunk's own.
func decodeChunk(key, b []byte, runs []Summary) ([]Summary, error) {
	body, format, err := unseal(chunkMagic, 2, chunkVersion, key, b)
	if err != nil {
		return runs, fmt.Errorf("index chunk %q: %w", key, err)
	}
	r := &indexReader{b: body}
	n := len(runs)
	runs = r.summaries(runs, int(format))
	if err := r.end(); err != nil {
		return runs[:n], fmt.Errorf("index chunk %q: %w", key, err)
	}
	prev := string(key[len(chunkPrefix):])
	for i := n; i < len(runs); i++ {
		id := runs[i].ID
		if !validID(id) || id < prev || (i > n && id == prev) {
			return runs[:n], fmt.Errorf("index chunk %q: run id %q out of place", key, id)
		}
		prev = id
	}
	if n == len(runs) && string(key) != chunkPrefix {
		return runs, fmt.Errorf("index chunk %q is empty", key)
	}
	return runs, nil
}

// chunkKey returns the key of the chunk that starts at id ("" for the
// first).
func chunkKey(id string) []byte { return []byte(chunkPrefix + id) }

// insertSummary inserts s among runs, sorted by id.
func insertSummary(runs []Summary, s Summary) []Summary {
	i := len(runs)
	for i > 0 && runs[i-1].ID > s.ID {
		i--
	}
	runs = append(runs, Summary{})
	copy(runs[i+1:], runs[i:])
	runs[i] = s
	return runs
}

// putIndex writes a whole index of runs (sorted by id) into a bucket that
// holds none: chunks of chunkRuns runs, the head and the marker.
func putIndex(b *bolt.Bucket, runs []Summary) error {
	var head indexHead
	for start := 0; start == 0 || start < len(runs); start += chunkRuns {
		part := runs[start:min(start+chunkRuns, len(runs))]
		key := chunkKey("")
		if start > 0 {
			key = chunkKey(part[0].ID)
		}
		if err := b.Put(key, encodeChunk(key, part)); err != nil {
			return err
		}
		head.chunks++
		head.runs += uint64(len(part))
	}
	if err := b.Put([]byte(headKey), encodeHead(head)); err != nil {
		return err
	}
	return putMarker(b)
}

// putMarker writes the header that makes an older jsontui refuse the
// store, gob-encoded as the skv of those versions wrote its values.
func putMarker(b *bolt.Bucket) error {
	v, err := gobValue([]byte{indexMagic[0], indexMagic[1], indexMagic[2], markerVersion})
	if err != nil {
		return err
	}
	return b.Put([]byte(indexKey), v)
}

// isChunkKey reports whether k is the key of an index chunk.
func isChunkKey(k []byte) bool { return bytes.HasPrefix(k, []byte(chunkPrefix)) }
