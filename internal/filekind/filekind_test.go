package filekind

import (
	"io/fs"
	"testing"
)

func TestSpecial(t *testing.T) {
	cases := []struct {
		mode fs.FileMode
		want string
	}{
		{0o644, ""},
		{fs.ModeDir | 0o755, ""},
		{fs.ModeNamedPipe | 0o600, "a named pipe (FIFO)"},
		{fs.ModeSocket, "a socket"},
		{fs.ModeDevice | fs.ModeCharDevice | 0o666, "a character device"},
		{fs.ModeDevice | 0o660, "a device"},
		{fs.ModeIrregular, "a file of an unknown kind"},
	}
	for _, c := range cases {
		if got := Special(c.mode); got != c.want {
			t.Errorf("Special(%v) = %q, want %q", c.mode, got, c.want)
		}
	}
}
