package report

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/clipperhouse/displaywidth"
)

// truncateSeeds are strings whose cuts differ in kind: ASCII, wide and
// combining characters, emoji sequences, control and invalid bytes.
var truncateSeeds = []string{
	"", "a", "abcdef", "INV-2024-04-0173", "漢字漢字漢字", "cafe\u0301 au lait", "👍🏽👨‍👩‍👧 family",
	"tab\there", "\xff\xfe bad", "a\u200bb", "«Zürich» Bürobedarf", "e\u0301\u0301\u0301", "\r\nx",
}

// TestTruncateAsDisplaywidth: Truncate cuts where displaywidth's
// TruncateString cuts, after replacing control characters as strings.Map
// does, at every width.
func TestTruncateAsDisplaywidth(t *testing.T) {
	for _, s := range truncateSeeds {
		for w := 0; w <= displaywidth.String(s)+2; w++ {
			checkTruncate(t, s, w)
		}
	}
}

func FuzzTruncate(f *testing.F) {
	for _, s := range truncateSeeds {
		f.Add(s, 5)
	}
	f.Fuzz(func(t *testing.T, s string, w int) {
		checkTruncate(t, s, w%64)
	})
}

// checkTruncate compares Truncate and a reusing cutter's truncate with
// what the library and strings.Map make of s.
func checkTruncate(t *testing.T, s string, w int) {
	t.Helper()
	want := ""
	if w > 0 {
		mapped := s
		if strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
			mapped = strings.Map(func(r rune) rune {
				if r < 0x20 || r == 0x7f {
					return ' '
				}
				return r
			}, s)
		}
		want = displaywidth.TruncateString(mapped, w, "…")
	}
	if got := Truncate(s, w); got != want {
		t.Fatalf("Truncate(%q, %d) = %q, want %q", s, w, got, want)
	}
	c := cutter{reuse: true}
	if got := c.truncate(s, w); got != want {
		t.Fatalf("cutter.truncate(%q, %d) = %q, want %q", s, w, got, want)
	}
}

// TestAppendFigure: appendFigure writes what strconv and trimming the
// zeros write, for every kind of value.
func TestAppendFigure(t *testing.T) {
	want := func(v float64) string {
		if v != 0 && math.Abs(v) < 5e-7 {
			return strconv.FormatFloat(v, 'e', 2, 64)
		}
		s := strings.TrimSuffix(strings.TrimRight(strconv.FormatFloat(v, 'f', 6, 64), "0"), ".")
		if s == "-0" {
			s = "0"
		}
		return s
	}
	for _, v := range []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 0.25, 0.8760128132654985, 1e-9, -1e-7, 4.9e-7, 5e-7,
		-0.0000004, -0.0000006, 0.9999996, 100, -7, 1 << 53, 1<<53 - 1, -(1<<53 - 1), 1e21, 1.5e300, math.NaN(), math.Inf(1), math.Inf(-1), 123456.0000001} {
		if got := string(appendFigure([]byte("x"), v)); got != "x"+want(v) {
			t.Errorf("appendFigure(%v) = %q, want %q", v, got[1:], want(v))
		}
		if got := Figure(v); got != want(v) {
			t.Errorf("Figure(%v) = %q, want %q", v, got, want(v))
		}
	}
}

// FuzzCutReuse: a cutter that builds its texts in its buffer cuts as
// CutPair and CutValue do, row after row.
func FuzzCutReuse(f *testing.F) {
	for i, s := range truncateSeeds {
		f.Add(s, truncateSeeds[(i+3)%len(truncateSeeds)]+s, 7)
		f.Add(`"`+s+`-a-long-tail-of-text"`, `"`+s+`-a-long-tail-of-test"`, 12)
	}
	c := cutter{reuse: true}
	f.Fuzz(func(t *testing.T, a, b string, w int) {
		w %= 64
		c.reset()
		c.buf = append(c.buf, "left from the row before"...)
		ra, rb := c.pair(a, b, w, w/2+1)
		wa, wb := CutPair(a, b, w, w/2+1)
		if ra != wa || rb != wb {
			t.Fatalf("pair(%q, %q, %d): %+v %+v, CutPair: %+v %+v", a, b, w, ra, rb, wa, wb)
		}
		if got, want := c.value(a, w), CutValue(a, w); got != want {
			t.Fatalf("value(%q, %d): %+v, CutValue: %+v", a, w, got, want)
		}
	})
}
