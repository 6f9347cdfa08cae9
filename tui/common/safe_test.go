package common

import "testing"

// TestSafe checks that the explorer's colours and line breaks pass and
// that every other sequence is written as its escape: OSC 0/2/52, CSI
// other than SGR, DCS, C1 controls, BEL, invalid bytes.
func TestSafe(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain\nlines", "plain\nlines"},
		{"\x1b[38;2;1;2;3;1mjsontui\x1b[39;22m café", "\x1b[38;2;1;2;3;1mjsontui\x1b[39;22m café"},
		{"id \x1b]0;pwned\x07 x", `id \x1b]0;pwned\a x`},
		{"\x1b]2;t\x1b\\\n\x1b]52;c;aGk=\x07", `\x1b]2;t\x1b\` + "\n" + `\x1b]52;c;aGk=\a`},
		{"a\x1b[2Jb\x1b[31mred\x1b[0m", `a\x1b[2Jb` + "\x1b[31mred\x1b[0m"},
		{"\x1bP1$qm\x1b\\", `\x1bP1$qm\x1b\`},
		{"\u009b2J \u009d0;x\u009c \u0090q", `\u009b2J \u009d0;x\u009c \u0090q`},
		{"bad\xff", `bad\xff`},
		{"\x1b[", `\x1b[`},
	} {
		if got := Safe(c.in); got != c.want {
			t.Errorf("Safe(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
