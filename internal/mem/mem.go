// Package mem holds memory helpers for the large slices of the engine.
package mem

import "unsafe"

// hugeMin is the size from which a slice is worth backing with huge pages.
const hugeMin = 8 << 20

// MakeHuge returns make([]T, n, c), asking the kernel to back it with
// transparent huge pages when it is large: on first touch a huge page
// costs one fault where 512 small ones would each cost one, which in a
// virtual machine is most of the time spent filling a fresh node table.
func MakeHuge[T any](n, c int) []T {
	s := make([]T, n, c)
	var zero T
	if size := uintptr(c) * unsafe.Sizeof(zero); size >= hugeMin {
		adviseHuge(unsafe.Pointer(unsafe.SliceData(s)), size)
	}
	return s
}
