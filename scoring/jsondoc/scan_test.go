package jsondoc

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestScanStringAtEveryOffset puts each kind of special byte at every
// place of a string's first words (before, on and after each 8-byte
// boundary) and in the tail the word scan leaves to a byte loop, and
// parses the string as a member of an array: it must be accepted exactly
// when encoding/json accepts it and the text is valid UTF-8, decode as
// encoding/json decodes it, and end where it ends (the next value, 1,
// must be found).
func TestScanStringAtEveryOffset(t *testing.T) {
	specials := []string{`\"`, `\\`, `\/`, `\n`, `\u00e9`, `\ud83d\ude00`, "é", "€", "😀",
		"\x01", "\x1f", "\xff", "\xc3", "\xe2\x82", `\x`, `\u00g0`, "\x7f", " "}
	for _, sp := range specials {
		for pre := range 20 {
			for _, post := range []int{0, 1, 7, 8, 9} {
				text := strings.Repeat("a", pre) + sp + strings.Repeat("b", post)
				src := []byte(`["` + text + `",1]`)
				var want []any
				ok := json.Unmarshal(src, &want) == nil && utf8.Valid(src)
				d, err := Parse("t.json", src, nil)
				if (err == nil) != ok {
					t.Fatalf("%q: error %v, encoding/json accepts it: %v", src, err, ok)
				}
				if err != nil {
					continue
				}
				s := d.Child(0)
				if got := d.Str(s); got != want[0] {
					t.Fatalf("%q: Str = %q, want %q", src, got, want[0])
				}
				if n := d.Next(s); n == 0 || d.Float(n) != 1 {
					t.Fatalf("%q: the string's end was misplaced", src)
				}
			}
		}
	}
}

// TestScanStringUnterminated ends the input inside a string at every
// length, in the word scan and in the byte loop after it, and after an
// escape's backslash.
func TestScanStringUnterminated(t *testing.T) {
	for n := range 20 {
		for _, tail := range []string{"", `\`, `\u00`} {
			src := `"` + strings.Repeat("a", n) + tail
			_, err := Parse("t.json", []byte(src), nil)
			if err == nil || !strings.Contains(err.Error(), "unexpected end of JSON input") {
				t.Fatalf("%q: error %v, want unexpected end of JSON input", src, err)
			}
		}
	}
}
