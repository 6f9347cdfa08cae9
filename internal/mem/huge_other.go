//go:build !linux

package mem

import "unsafe"

func adviseHuge(p unsafe.Pointer, size uintptr) {}

func populate(p unsafe.Pointer, size uintptr) {}
