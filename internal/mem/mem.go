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

// Prefault starts faulting in the memory of s, as writing to it would but
// without writing, on a goroutine of its own, when s is large (small
// slices are left alone). While other code fills s from the start, this
// takes the first touch of fresh pages (the kernel zeroing them) off that
// code, which would otherwise fault every 2 MiB in the middle of its work.
// Only the kernel touches the memory, so the filling goes on meanwhile.
func Prefault[T any](s []T) {
	var zero T
	if size := uintptr(len(s)) * unsafe.Sizeof(zero); size >= hugeMin {
		go populate(unsafe.Pointer(unsafe.SliceData(s)), size)
	}
}
