package jsondoc

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestLineIndexAgreesWithPosition checks the index against position at
// every offset of short documents and at random offsets of long lines
// holding multi-byte characters and invalid bytes.
func TestLineIndexAgreesWithPosition(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	pieces := []string{"a", "é", "日本", "🍕", "\n", "\xff", "\xe6\x97", "  ", "\r\n"}
	docs := []string{"", "\n", "a", "\n\n", "é\n\nx"}
	for _, n := range []int{50, 300, 200000, 300000} {
		var b strings.Builder
		for b.Len() < n {
			p := pieces[rng.IntN(len(pieces))]
			if n > 1000 && p == "\n" && rng.IntN(20000) > 0 {
				p = "b" // long lines
			}
			b.WriteString(p)
		}
		docs = append(docs, b.String())
	}
	for _, doc := range docs {
		src := []byte(doc)
		x := newLineIndex(src)
		offs := []int{0, len(src), len(src) + 5}
		if len(src) < 1000 {
			for i := range src {
				offs = append(offs, i)
			}
		} else {
			for range 3000 {
				offs = append(offs, rng.IntN(len(src)))
			}
		}
		var cur mark
		for i, off := range offs {
			wl, wc := position(src, off)
			if gl, gc := x.position(off, nil); gl != wl || gc != wc {
				t.Fatalf("document of %d bytes, offset %d: %d:%d, want %d:%d", len(src), off, gl, gc, wl, wc)
			}
			// With a cursor, offsets in order and out of it.
			if i%3 == 0 {
				off = max(0, off-rng.IntN(100))
			}
			wl, wc = position(src, off)
			if gl, gc := x.position(off, &cur); gl != wl || gc != wc {
				t.Fatalf("document of %d bytes, offset %d, with a cursor: %d:%d, want %d:%d", len(src), off, gl, gc, wl, wc)
			}
		}
	}
}

func TestLineIndexMarksLongLines(t *testing.T) {
	src := []byte(strings.Repeat("é", 3*markEvery))
	if x := newLineIndex(src); len(x.marks) < 5 {
		t.Fatalf("%d checkpoints in a line of %d bytes", len(x.marks), len(src))
	}
}
