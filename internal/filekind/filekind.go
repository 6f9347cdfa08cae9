// Package filekind names the kinds of file jsontui does not read or
// replace (a named pipe, a device, a socket), as its messages say them.
package filekind

import "io/fs"

// Special names a file mode that is neither a regular file's nor a
// folder's, as "a named pipe (FIFO)" or "a character device"; it returns
// "" for a regular file or a folder.
func Special(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeIrregular != 0:
		return "a file of an unknown kind"
	}
	return ""
}
