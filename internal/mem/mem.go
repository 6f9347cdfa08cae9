// Package mem holds memory helpers for the large slices of the engine.
package mem

import (
	"strings"
	"unsafe"
)

// off lists, comma-separated, the memory advice this build leaves out:
// "read" (ReadFile's buffer on huge pages), "parse" and "build" (the
// tables MakeHuge makes for the parser and for the build), "prefault"
// (Prefault). It is set at link time by the benchmark harness only
// (internal/mem/testdata/thp.sh: -ldflags -X), to measure each piece of
// advice against its absence; every other build leaves it empty.
var off string

// on lists, likewise, advice under trial that builds leave out unless
// named: "readprefault" (ReadFile faults its buffer in before reading),
// "parseprefault" (Prefault on the parser's table).
var on string

func isOff(what string) bool { return listed(off, what) }

// IsOn reports whether the benchmark harness turned on the advice under
// trial named what (see on).
func IsOn(what string) bool { return listed(on, what) }

func listed(list, what string) bool {
	for w := range strings.SplitSeq(list, ",") {
		if w == what {
			return true
		}
	}
	return false
}

// hugeMin is the size from which a slice is worth backing with huge pages.
const hugeMin = 8 << 20

// MakeHuge returns make([]T, n, c), asking the kernel to back it with
// transparent huge pages when it is large: on first touch a huge page
// costs one fault where 512 small ones would each cost one, which in a
// virtual machine is most of the time spent filling a fresh node table.
func MakeHuge[T any](site string, n, c int) []T {
	s := make([]T, n, c)
	var zero T
	if isOff(site) {
		return s
	}
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
	if isOff("prefault") {
		return
	}
	if size := uintptr(len(s)) * unsafe.Sizeof(zero); size >= hugeMin {
		go populate(unsafe.Pointer(unsafe.SliceData(s)), size)
	}
}
