package mem

import (
	"syscall"
	"unsafe"
)

const pageSize = 4096

// adviseHuge marks the whole pages of [p, p+size) MADV_HUGEPAGE. It is a
// hint: errors (a kernel without THP, say) are ignored.
func adviseHuge(p unsafe.Pointer, size uintptr) {
	start := (uintptr(p) + pageSize - 1) &^ (pageSize - 1)
	end := (uintptr(p) + size) &^ (pageSize - 1)
	if end <= start {
		return
	}
	syscall.Syscall(syscall.SYS_MADVISE, start, end-start, 14 /* MADV_HUGEPAGE */)
}

// populate faults in the whole pages of [p, p+size) for writing, without
// changing their contents (MADV_POPULATE_WRITE, Linux 5.14). It is a
// hint: errors are ignored.
func populate(p unsafe.Pointer, size uintptr) {
	start := (uintptr(p) + pageSize - 1) &^ (pageSize - 1)
	end := (uintptr(p) + size) &^ (pageSize - 1)
	if end <= start {
		return
	}
	syscall.Syscall(syscall.SYS_MADVISE, start, end-start, 23 /* MADV_POPULATE_WRITE */)
}
