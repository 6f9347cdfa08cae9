package escape

import "testing"

// TestText checks that every sequence a terminal acts on is written as
// escapes, whatever it is: OSC 0, 2 and 52 (ended by BEL or ST), CSI,
// DCS, C1 controls, line breaks, bidirectional controls, invalid bytes;
// and that printable text, accents and CJK stay as they are.
func TestText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"inv-001", "inv-001"},
		{"café 東京", "café 東京"},
		{"\x1b]0;pwned\x07", `\x1b]0;pwned\a`},
		{"\x1b]2;title\x1b\\", `\x1b]2;title\x1b\`},
		{"\x1b]52;c;aGk=\x07id", `\x1b]52;c;aGk=\aid`},
		{"a\x1b[2Jb", `a\x1b[2Jb`},
		{"\x1bP1$qm\x1b\\", `\x1bP1$qm\x1b\`},
		{"\u009b2J", `\u009b2J`},
		{"\u009d0;x\u009c", `\u009d0;x\u009c`},
		{"\u0090q\u009c", `\u0090q\u009c`},
		{"two\nlines\r", `two\nlines\r`},
		{"tab\there", `tab\there`},
		{"rtl\u202eevil", `rtl\u202eevil`},
		{"line\u2028sep", `line\u2028sep`},
		{"bad\xffbyte", `bad\xffbyte`},
		{"del\x7f", `del\x7f`},
	} {
		if got := Text(c.in); got != c.want {
			t.Errorf("Text(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestNameC1 checks that a file name holding a C1 control is quoted.
func TestNameC1(t *testing.T) {
	if got, want := Name("a\u009b2J.json"), `"a\u009b2J.json"`; got != want {
		t.Errorf("Name = %s, want %s", got, want)
	}
	if got := Name("plain.json"); got != "plain.json" {
		t.Errorf("Name = %s", got)
	}
}
