package mem

import (
	"io"
	"os"
	"unsafe"
)

// ReadFile reads the named file like os.ReadFile, into a buffer that
// MakeHuge backs with huge pages when it is large: reading a file of
// hundreds of MB into small pages costs a fault every 4 KiB.
func ReadFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := 0
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = int(st.Size())
	}
	// One byte more than the size, so that reaching the end needs no
	// growth; a file that grows meanwhile is read to its end all the same.
	data := MakeHuge[byte]("read", 0, size+1)
	if IsOn("readprefault") && size >= hugeMin {
		populate(unsafe.Pointer(unsafe.SliceData(data)), uintptr(size))
	}
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
}
