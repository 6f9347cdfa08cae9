package scoring

import (
	"iter"
	"slices"
)

// kidList is the list of the key slots below a slot, in the order first
// seen. The keys of one wide object get consecutive slots, so the list is
// kept as a run of slots (first, n) for as long as they are, and written
// out only when a slot breaks the run: a million keys then cost no list.
type kidList struct {
	first, n int32
	// list holds the slots once listed; before that it is spare room.
	list   []int32
	listed bool
}

// Len returns the number of slots in l.
func (l *kidList) Len() int {
	if l.listed {
		return len(l.list)
	}
	return int(l.n)
}

// At returns the i-th slot of l.
func (l *kidList) At(i int) int32 {
	if l.listed {
		return l.list[i]
	}
	if i < 0 || i >= int(l.n) {
		panic("scoring: kidList index out of range")
	}
	return l.first + int32(i)
}

// add appends slot k to l.
func (l *kidList) add(k int32) {
	if !l.listed {
		switch {
		case l.n == 0:
			l.first, l.n = k, 1
			return
		case k == l.first+l.n:
			l.n++
			return
		}
		l.list = slices.Grow(l.list[:0], int(l.n)+1)
		for i := range l.n {
			l.list = append(l.list, l.first+i)
		}
		l.listed = true
	}
	l.list = append(l.list, k)
}

// reset empties l, keeping its room.
func (l *kidList) reset() {
	l.first, l.n, l.list, l.listed = 0, 0, l.list[:0], false
}

// All returns the slots of l in order.
func (l *kidList) All() iter.Seq[int32] {
	return func(yield func(int32) bool) {
		for i := range l.Len() {
			if !yield(l.At(i)) {
				return
			}
		}
	}
}
