// Package bigbuf hands large tables of 4-byte integers from one stage of
// the work that is done with them to the next that needs as many: the
// parser's table of a wide object's members (for its duplicate keys)
// becomes the slot columns of the build that follows, rather than
// garbage next to new tables. A table handed over is held weakly
// (package weak): a collection that runs before the next stage takes it
// reclaims it, and the next stage's new tables take its memory then;
// when none has run, the next stage takes the table itself. Either way
// the memory is used once, and the peak of a run does not depend on
// when the collector ran.
package bigbuf

import (
	"sync"
	"unsafe"
	"weak"
)

// Min is the smallest table kept, in elements (256 KB): smaller ones
// cost little to make again.
const Min = 1 << 16

// maxKept is how many tables are held at most, the latest.
const maxKept = 8

// kept are the tables handed over, held weakly.
var kept struct {
	sync.Mutex
	tables []table
}

type table struct {
	first weak.Pointer[uint32]
	cap   int
}

// Word is what a table holds: a 4-byte integer type.
type Word interface{ ~int32 | ~uint32 }

// Put hands b over to a later Get; the caller must not use it any more.
// Tables under Min elements are dropped.
func Put[T Word](b []T) {
	if cap(b) < Min {
		return
	}
	u := As[uint32](b[:1])
	kept.Lock()
	defer kept.Unlock()
	if len(kept.tables) == maxKept {
		kept.tables = append(kept.tables[:0], kept.tables[1:]...)
	}
	kept.tables = append(kept.tables, table{first: weak.Make(&u[0]), cap: cap(b)})
}

// Get returns a table of length 0 and capacity at least n: one handed
// over and not reclaimed since, when one large enough is at hand (its
// contents are not cleared), else a new one.
func Get[T Word](n int) []T {
	if n >= Min/2 {
		kept.Lock()
		defer kept.Unlock()
		for i := 0; i < len(kept.tables); {
			t := kept.tables[i]
			p := t.first.Value()
			if p == nil || t.cap >= n {
				kept.tables = append(kept.tables[:i], kept.tables[i+1:]...)
			} else {
				i++
			}
			if p != nil && t.cap >= n {
				return As[T](unsafe.Slice(p, t.cap)[:0])
			}
		}
	}
	return make([]T, 0, n)
}

// As returns b as a slice of another 4-byte integer type, sharing its
// memory.
func As[T, U Word](b []U) []T {
	if cap(b) == 0 {
		return nil
	}
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), cap(b))[:len(b)]
}
