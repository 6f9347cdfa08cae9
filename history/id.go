package history

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"sort"
	"strings"
	"time"
)

// An id is 21 characters of lowercase Crockford base32: 13 for the run's
// time in unix nanoseconds, 8 for 40 random bits. Ids of later runs sort
// after those of earlier ones, as strings.
const (
	idTimeLen = 13
	idLen     = idTimeLen + 8
	alphabet  = "0123456789abcdefghjkmnpqrstvwxyz" // ascending in ASCII
)

// newID returns a fresh id for a run at t.
func newID(t time.Time) string {
	ns := t.UnixNano()
	if ns < 0 {
		ns = 0
	}
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		// crypto/rand never fails on supported platforms; keep going
		// with the clock's low bits rather than fail a recording.
		binary.BigEndian.PutUint64(b[:], uint64(time.Now().UnixNano()))
	}
	r := binary.BigEndian.Uint64(b[:]) >> 24 // 40 bits
	var id [idLen]byte
	u := uint64(ns)
	for i := idTimeLen - 1; i >= 0; i-- {
		id[i] = alphabet[u&31]
		u >>= 5
	}
	for i := idLen - 1; i >= idTimeLen; i-- {
		id[i] = alphabet[r&31]
		r >>= 5
	}
	return string(id[:])
}

// validID reports whether id has the form newID gives.
func validID(id string) bool {
	if len(id) != idLen {
		return false
	}
	for i := 0; i < len(id); i++ {
		if !inAlphabet[id[i]] {
			return false
		}
	}
	return true
}

// inAlphabet says which bytes are of the alphabet.
var inAlphabet = func() (t [256]bool) {
	for i := 0; i < len(alphabet); i++ {
		t[alphabet[i]] = true
	}
	return t
}()

// normalizePrefix lowercases an id prefix as a user typed it and maps the
// letters Crockford's base32 leaves out to the digits they look like.
func normalizePrefix(p string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case 'i', 'I', 'l', 'L':
			return '1'
		case 'o', 'O':
			return '0'
		}
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, strings.TrimSpace(p))
}

// resolve finds the one run of runs (sorted by id) whose id starts with
// prefix, and returns its position.
func resolve(runs []Summary, prefix string) (int, error) {
	p := normalizePrefix(prefix)
	if p == "" {
		return -1, fmt.Errorf("empty run id")
	}
	i := sort.Search(len(runs), func(i int) bool { return runs[i].ID >= p })
	j := i
	for j < len(runs) && strings.HasPrefix(runs[j].ID, p) {
		j++
	}
	switch j - i {
	case 0:
		return -1, fmt.Errorf("%w: %q", ErrNotFound, prefix)
	case 1:
		return i, nil
	}
	ids := make([]string, j-i)
	for k := range ids {
		ids[k] = runs[i+k].ID
	}
	return -1, &AmbiguousError{Prefix: prefix, Candidates: ids}
}
