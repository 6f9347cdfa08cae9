package jsondoc

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// unparseable returns texts of about n bytes that do not parse, even
// leniently, each with more than maxCandidates opening brackets whose
// match the search must look for to the end of the text.
func unparseable(n int) map[string]string {
	prose := strings.Repeat("no JSON in this line of prose, none at all. ", n/44+1)
	deep := strings.Repeat(`{"a": "x", "b": `, n/16+1) // an output cut off deep down
	return map[string]string{
		"openers then prose":  strings.Repeat("{ ", 70) + prose,
		"cut off":             "Here is the JSON:\n" + deep,
		"openers in strings":  strings.Repeat(`{"`, 70) + prose,
		"brackets and quotes": strings.Repeat(`[" {\" [\\" `, 30) + prose,
	}
}

// TestLenientSearchIsLinear reproduces the lenient parse's passes over an
// unparseable text: each opening bracket without a match was matched by a
// scan to the end of the text, 64 scans in all (a 200 MB output: 12 GB
// read). The search must look at each byte a bounded number of times.
func TestLenientSearchIsLinear(t *testing.T) {
	for name, in := range unparseable(1 << 20) {
		var sr search
		d, err := sr.brackets("out.json", []byte(in), nil)
		if d != nil || err != nil {
			t.Fatalf("%s: %v, %v", name, d, err)
		}
		if sr.tries != maxCandidates {
			t.Errorf("%s: %d opening brackets tried, want %d", name, sr.tries, maxCandidates)
		}
		t.Logf("%s: %d bytes looked at in a %d-byte text", name, sr.work, len(in))
		if sr.work > 3*len(in) {
			t.Errorf("%s: bracket matching looked at %d bytes of a %d-byte text (%.1f passes)", name, sr.work, len(in), float64(sr.work)/float64(len(in)))
		}
	}
}

// BenchmarkLenientUnparseable times ParseLenient giving up on texts of 1,
// 20 and 200 MB where nothing parses: 64 opening brackets with no match
// (see unparseable), and a line of ``` that open no fence.
func BenchmarkLenientUnparseable(b *testing.B) {
	for _, mb := range benchSizes(b) {
		texts := unparseable(mb << 20)
		texts["fence marks"] = strings.Repeat("x```", mb<<18)
		for _, name := range []string{"openers then prose", "cut off", "openers in strings", "fence marks"} {
			in := []byte(texts[name])
			b.Run(fmt.Sprintf("%dMB/%s", mb, strings.ReplaceAll(name, " ", "-")), func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := ParseLenient("out.json", in, nil); err == nil {
						b.Fatal("parsed")
					}
				}
			})
		}
	}
}

// TestBracketScanCancel: a search told to stop stops with ErrCanceled.
func TestBracketScanCancel(t *testing.T) {
	stop := make(chan struct{})
	close(stop)
	var sr search
	if _, err := sr.brackets("out.json", []byte(unparseable(1 << 20)["cut off"]), &Options{Cancel: stop}); err != ErrCanceled {
		t.Errorf("got %v, want ErrCanceled", err)
	}
}

// candidates returns the candidates ParseLenient tries, at most room,
// when no span parses, as bracketScan finds them: lo and hi (-1:
// unbalanced) of each.
func candidates(t testing.TB, src []byte, room int) [][2]int {
	t.Helper()
	scan := newBracketScan(src, room, nil)
	var out [][2]int
	for {
		lo, hi, ok, err := scan.next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return out
		}
		out = append(out, [2]int{lo, hi})
	}
}

// candidatesQuadratic returns them as the search did before bracketScan:
// a scan from each opening bracket in turn (matchBracket).
func candidatesQuadratic(src []byte, room int) [][2]int {
	var out [][2]int
	for next := 0; len(out) < room; {
		lo := indexOpen(src, next)
		if lo < 0 {
			break
		}
		hi := matchBracket(src, lo)
		out = append(out, [2]int{lo, hi})
		next = hi
		if hi < 0 {
			next = lo + 1
		}
	}
	return out
}

// brackety maps each byte of b to one of the bytes bracket matching reads
// (or a letter), so that random bytes make texts dense with them.
func brackety(b []byte) []byte {
	const alphabet = `{}[]"\x `
	out := make([]byte, len(b))
	for i, c := range b {
		out[i] = alphabet[c%uint8(len(alphabet))]
	}
	return out
}

// checkCandidates compares the one-pass search with the scans from each
// opening bracket on src, for a few numbers of candidates.
func checkCandidates(t *testing.T, src []byte) {
	t.Helper()
	for _, room := range []int{1, 2, 3, 5, maxCandidates} {
		got, want := candidates(t, src, room), candidatesQuadratic(src, room)
		if !slices.Equal(got, want) {
			t.Fatalf("%q, at most %d candidates:\n got %v\nwant %v", src, room, got, want)
		}
	}
}

// TestBracketScanAsQuadratic checks the one-pass search against the scans
// from each opening bracket on 20,000 random texts of brackets, quotes
// and backslashes (FuzzBracketScan looks further).
func TestBracketScanAsQuadratic(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		b := make([]byte, rng.IntN(120))
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		checkCandidates(t, brackety(b))
	}
	for _, in := range unparseable(3000) {
		checkCandidates(t, []byte(in))
	}
}

// FuzzBracketScan checks the one-pass search against the scans from each
// opening bracket, on the text given and on it mapped to brackets, quotes
// and backslashes.
func FuzzBracketScan(f *testing.F) {
	for _, in := range unparseable(300) {
		f.Add(in)
	}
	for _, in := range []string{`{"a[" [1]`, `{ [ } ]`, `{ ] [ ]`, `["\"{" [\\" {]`, `{"\\"}`, `"{"{"}"}`} {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkCandidates(t, []byte(in))
		checkCandidates(t, brackety([]byte(in)))
	})
}

// TestLenientFenceSearchIsLinear reproduces a quadratic look for code
// fences: for each ``` that is not the first thing on its line, the
// search went back to the line's start to see whether it was.
func TestLenientFenceSearchIsLinear(t *testing.T) {
	for name, in := range map[string]string{
		"marks in a line":        strings.Repeat("x```", 1<<18),
		"marks after spaces":     strings.Repeat("   x   ```", 1<<17),
		"fences":                 strings.Repeat("```json\n{\"a\": }\n```\n", 1<<15),
		"a fence left open":      "```\n" + strings.Repeat("x", 1<<20),
		"a mark with no newline": "  ```" + strings.Repeat("x", 1<<20),
	} {
		var sr search
		sr.fences([]byte(in))
		t.Logf("%s: %d bytes looked at in a %d-byte text", name, sr.work, len(in))
		if sr.work > 3*len(in) {
			t.Errorf("%s: the look for fences looked at %d bytes of a %d-byte text (%.1f passes)", name, sr.work, len(in), float64(sr.work)/float64(len(in)))
		}
	}
}

// fencesQuadratic finds the fences as fences did before it looked back
// only over indentation.
func fencesQuadratic(src []byte) []fence {
	var out []fence
	for i := 0; ; {
		k := bytes.Index(src[i:], []byte("```"))
		if k < 0 {
			return out
		}
		open := i + k
		ls := bytes.LastIndexByte(src[:open], '\n') + 1
		if len(bytes.TrimLeft(src[ls:open], " \t")) != 0 {
			i = open + 3
			continue
		}
		eol := bytes.IndexByte(src[open:], '\n')
		if eol < 0 {
			return out
		}
		info := string(bytes.TrimSpace(bytes.TrimLeft(src[open:open+eol], "`")))
		body := open + eol + 1
		k = bytes.Index(src[body:], []byte("```"))
		if k < 0 {
			return out
		}
		closeAt := body + k
		if info == "" || info == "json" || info == "JSON" || info == "jsonc" {
			out = append(out, fence{lo: body, hi: closeAt, lang: info})
		}
		i = closeAt + 3
	}
}

// TestFencesAsQuadratic checks the fences found against the look back to
// each line's start, on 20,000 random texts of backticks, newlines,
// indentation and "json".
func TestFencesAsQuadratic(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"`", "```", "\n", " ", "\t", "x", "json", "\r"}
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		var sr search
		src := []byte(b.String())
		if got, want := sr.fences(src), fencesQuadratic(src); !slices.Equal(got, want) {
			t.Fatalf("%q:\n got %v\nwant %v", src, got, want)
		}
	}
}

// matchBracket returns the offset just past the bracket closing the one at
// lo, skipping strings, or -1 if the brackets do not balance: the scan
// the search made from each opening bracket before bracketScan.
func matchBracket(src []byte, lo int) int {
	var stack []byte
	for i := lo; i < len(src); i++ {
		switch c := src[i]; c {
		case '"':
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			stack = append(stack, c)
		case '}', ']':
			if len(stack) == 0 || (c == '}') != (stack[len(stack)-1] == '{') {
				return -1
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return i + 1
			}
		}
	}
	return -1
}
