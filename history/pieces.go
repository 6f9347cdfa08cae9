package history

import (
	"errors"
	"fmt"
	"hash/crc32"
	"strconv"
)

// A dataset run's payload (see dataset.go) is kept beside its record in
// pieces of pieceSize bytes (the last one shorter), so that no value of
// the store grows with the dataset:
//
//	"run/<id>"            the run's record, naming its pieces
//	"run/<id>/<8 hex>"    piece 0, 1, ...
//
// Piece keys sort right after their run's key and before the next run's
// (ids have one length, and '/' sorts before their characters), so that
// the walks that take leaves of records on their parent's word take the
// pieces alike. The record holds each piece's length and CRC-32C
// (castagnoli), which every read of the piece checks.
// pieceSize is a variable only so that a test can make pieces small.
var pieceSize = 1 << 20

// pieceRef is what a run's record says of a piece.
type pieceRef struct {
	Len uint32
	Sum uint32
}

// pieceKey returns the key of piece i of run id.
func pieceKey(id string, i int) string {
	return fmt.Sprintf("%s/%08x", runKey(id), i)
}

// pieceOf reads a key of the runs (run/...): ok when it is the key of a
// piece, with the piece's run and number; any other key is a run's
// record's (whose id the caller checks). It allocates only for a piece.
func pieceOf(k []byte) (id string, piece int, ok bool) {
	rest := k[len(runPrefix):]
	if len(rest) != idLen+9 || rest[idLen] != '/' {
		return "", 0, false
	}
	n, err := strconv.ParseUint(string(rest[idLen+1:]), 16, 31)
	if err != nil {
		return "", 0, false
	}
	return string(rest[:idLen]), int(n), true
}

// cutPieces cuts a payload into pieces (slices of it) and describes them.
func cutPieces(payload []byte) ([][]byte, []pieceRef) {
	var pieces [][]byte
	var refs []pieceRef
	for at := 0; at < len(payload); at += pieceSize {
		p := payload[at:min(at+pieceSize, len(payload))]
		pieces = append(pieces, p)
		refs = append(refs, pieceRef{Len: uint32(len(p)), Sum: crc32.Checksum(p, castagnoli)})
	}
	return pieces, refs
}

// payload reads the pieces of a dataset run's record through the checked
// reader (or from what a salvage found), checks each against the record,
// and returns them joined, copied out of the file.
func (sess *session) payload(rec *runRecord) ([]byte, error) {
	d := rec.ds
	size := 0
	for _, p := range d.Pieces {
		size += int(p.Len)
	}
	out := make([]byte, 0, size)
	for i, p := range d.Pieces {
		v, err := sess.piece(rec.ID, i)
		if err != nil {
			return nil, err
		}
		if err := checkPiece(v, p); err != nil {
			return nil, &DamagedError{Path: sess.s.path, Problems: []string{fmt.Sprintf("run %s: piece %d of its cases: %v", rec.ID, i, err)}}
		}
		out = append(out, v...)
	}
	return out, nil
}

// piece returns piece i of run id; nil when there is none.
func (sess *session) piece(id string, i int) ([]byte, error) {
	v, err := sess.get(pieceKey(id, i))
	if err != nil || v != nil {
		return v, err
	}
	if ps := sess.view.piecesOf(id); i < len(ps) {
		return ps[i], nil
	}
	return nil, nil
}

var errPieceMissing = errors.New("it is missing")

// checkPiece checks a piece's value against what the record says of it.
func checkPiece(v []byte, p pieceRef) error {
	switch {
	case v == nil:
		return errPieceMissing
	case uint32(len(v)) != p.Len:
		return fmt.Errorf("it holds %d bytes, not %d", len(v), p.Len)
	case crc32.Checksum(v, castagnoli) != p.Sum:
		return errors.New("it does not match its checksum")
	}
	return nil
}
