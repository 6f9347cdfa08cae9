package jsondoc

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// TestNextBackslash finds the first backslash at every start of texts
// holding one at every place, and none, as bytes.IndexByte does; bytes
// past 0x7f and next to the backslash's value ('\\' ± 1) must not be
// taken for one.
func TestNextBackslash(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte{'a', '[', ']', 0x80, 0xdc, 0xff, 0, '"'}
	for n := range 40 {
		for range 20 {
			src := make([]byte, n)
			for i := range src {
				src[i] = alphabet[rng.IntN(len(alphabet))]
			}
			if n > 0 && rng.IntN(2) == 0 {
				src[rng.IntN(n)] = '\\'
			}
			for i := 0; i <= n; i++ {
				want := len(src)
				if k := bytes.IndexByte(src[i:], '\\'); k >= 0 {
					want = i + k
				}
				if got := nextBackslash(src, i); got != want {
					t.Fatalf("nextBackslash(%q, %d) = %d, want %d", src, i, got, want)
				}
			}
		}
	}
}

// TestStrDecodesEscapes decodes strings of escapes between runs of every
// length as encoding/json does.
func TestStrDecodesEscapes(t *testing.T) {
	for _, run := range []string{"", "x", "abcdefg", "abcdefgh", "é ü ab 0123456789 ab"} {
		src := `"` + run + `\"` + run + `\n\u00e9\\` + run + `\/\t` + run + `"`
		d, err := Parse("s", []byte(src), nil)
		if err != nil {
			t.Fatal(err)
		}
		var want string
		if err := json.Unmarshal([]byte(src), &want); err != nil {
			t.Fatal(err)
		}
		if got := d.Str(0); got != want {
			t.Errorf("Str(%s) = %q, want %q", src, got, want)
		}
	}
}

// TestAppendStrIsStr: AppendStr appends what Str returns, escaped or
// not, lone surrogates and Python's reading included, after what dst
// holds; StrEscaped says which strings Str decodes.
func TestAppendStrIsStr(t *testing.T) {
	for _, c := range []struct {
		src     string
		python  bool
		escaped bool
	}{
		{`"plain text, no escapes"`, false, false},
		{`""`, false, false},
		{`"a\"b\nc\u00e9\\d\/e\tf"`, false, true},
		{`"lone \ud800 surrogate"`, false, true},
		{`"lone \ud800 surrogate"`, true, true},
		{`"pair \ud83d\ude00"`, false, true},
	} {
		d, err := Parse("s", []byte(c.src), &Options{Python: c.python})
		if err != nil {
			t.Fatal(err)
		}
		if got := d.StrEscaped(0); got != c.escaped {
			t.Errorf("StrEscaped(%s) = %v, want %v", c.src, got, c.escaped)
		}
		dst := []byte("kept:")
		if got, want := string(d.AppendStr(dst, 0)), "kept:"+d.Str(0); got != want {
			t.Errorf("AppendStr(%s, python %v) = %q, want %q", c.src, c.python, got, want)
		}
	}
}
