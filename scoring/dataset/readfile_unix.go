//go:build unix

package dataset

import (
	"fmt"
	"syscall"
)

// readFile reads a file of a dataset directory whole. A directory of a
// million cases is read a file at a time, so each file costs as few
// system calls as can be: open, fstat, the reads, close. (os.ReadFile
// also tries, and fails, to make every file a pollable one: five calls
// more a file, half the kernel's share of such a run.)
func readFile(path string) ([]byte, error) {
	fd, err := retryEINTR(func() (int, error) { return syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0) })
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	// One byte more than the size, so that the end is seen without
	// growing the buffer; a file that grew meanwhile grows it.
	size := 512 // a size the platform's int cannot hold: grown as read
	if st.Size >= 0 && int64(int(st.Size)) == st.Size {
		size = int(st.Size) + 1
	}
	data := make([]byte, 0, size)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := retryEINTR(func() (int, error) { return syscall.Read(fd, data[len(data):cap(data)]) })
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if n == 0 {
			return data, nil
		}
		data = data[:len(data)+n]
	}
}

// retryEINTR calls f again while a signal interrupts it.
func retryEINTR(f func() (int, error)) (int, error) {
	for {
		n, err := f()
		if err != syscall.EINTR {
			if n < 0 {
				n = 0
			}
			return n, err
		}
	}
}
