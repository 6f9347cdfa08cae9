package report

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// marked writes a cut with its differing part in brackets.
func marked(c Cut) string {
	if !c.Marked() {
		return c.Text
	}
	return c.Text[:c.Lo] + "[" + c.Text[c.Lo:c.Hi] + "]" + c.Text[c.Hi:]
}

func TestCutPair(t *testing.T) {
	cases := []struct {
		name   string
		a, b   string
		wa, wb int
		ca, cb string
	}{
		// The invoice case's values, in the widths the explorer gives them.
		{"fits", `"INV-2024-04-0173"`, `"INV-2024-04-0178"`, 18, 18, `"INV-2024-04-017[3]"`, `"INV-2024-04-017[8]"`},
		{"near the end", `"INV-2024-04-0173"`, `"INV-2024-04-0178"`, 12, 12, `…24-04-017[3]"`, `…24-04-017[8]"`},
		{"near the start", `"2024-05-15"`, `"15.05.2024"`, 8, 8, `"[2024-0]…`, `"[15.05.]…`},
		{"window", `"Nordlicht Bürobedarf GmbH"`, `"Nordlicht Burobedarf GmbH"`, 13, 13, `…dlicht B[ü]ro…`, `…dlicht B[u]ro…`},
		{"window, wide", `"Nordlicht Bürobedarf GmbH"`, `"Nordlicht Burobedarf GmbH"`, 20, 20, `"Nordlicht B[ü]robeda…`, `"Nordlicht B[u]robeda…`},
		{"issue's example", `"due on 2024-04-15, net 30 days"`, `"due on 2024-04-16, net 30 days"`, 14, 14, `…2024-04-1[5], …`, `…2024-04-1[6], …`},
		{"numbers", `12.5`, `125.0`, 8, 8, `12[.5]`, `12[5.0]`},
		{"a prefix of the other", `"abc"`, `"abcdef"`, 10, 10, `"abc"`, `"abc[def]"`},
		{"prefix, cut", `"abcdefghijkl"`, `"abcdefghijklmnop"`, 8, 8, `…ghijkl"`, `…kl[mnop]"`},
		{"equal", `"same long value"`, `"same long value"`, 8, 8, `"same l…`, `"same l…`},
		{"one side narrow", `"x-0001"`, `"x-0002"`, 3, 20, `"x…`, `"x-000[2]"`},
		{"zero width", `"a"`, `"b"`, 0, 3, ``, `"[b]"`},
		{"wide characters", `"東京都港区芝公園4丁目"`, `"東京都港区芝公園5丁目"`, 10, 10, `…園[4]丁目"`, `…園[5]丁目"`},
		{"combining mark", "\"Cafe\u0301 de Flore, Paris\"", "\"Cafe de Flore, Paris\"", 10, 10, "\"Caf[e\u0301] de …", "\"Caf[e] de …"},
		{"control characters", "\"a\tb-1\"", "\"a\tb-2\"", 20, 20, `"a b-[1]"`, `"a b-[2]"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ca, cb := CutPair(c.a, c.b, c.wa, c.wb)
			if got := marked(ca); got != c.ca {
				t.Errorf("reference: %q, want %q", got, c.ca)
			}
			if got := marked(cb); got != c.cb {
				t.Errorf("output: %q, want %q", got, c.cb)
			}
			if w := Width(ca.Text); w > c.wa {
				t.Errorf("reference %q is %d cells, more than %d", ca.Text, w, c.wa)
			}
			if w := Width(cb.Text); w > c.wb {
				t.Errorf("output %q is %d cells, more than %d", cb.Text, w, c.wb)
			}
		})
	}
}

// TestCutPairShowsTheDifference cuts pairs that differ in one character at
// every position and width: the cut fits, is valid UTF-8, and from 4
// cells on shows the differing character, marked.
func TestCutPairShowsTheDifference(t *testing.T) {
	base := []rune(`"Straße 12, 20457 Hamburg — 東京 ✓"`)
	for i := 1; i < len(base)-1; i++ {
		a := string(base)
		mod := append([]rune(nil), base...)
		mod[i] = '#'
		b := string(mod)
		for w := 1; w <= len(base)+4; w++ {
			ca, cb := CutPair(a, b, w, w)
			for _, c := range []Cut{ca, cb} {
				if Width(c.Text) > w || !utf8.ValidString(c.Text) || c.Lo < 0 || c.Hi > len(c.Text) || c.Lo > c.Hi {
					t.Fatalf("pos %d width %d: bad cut %q [%d, %d)", i, w, c.Text, c.Lo, c.Hi)
				}
			}
			if w >= 4 && (!strings.Contains(marked(cb), "[#]") || !ca.Marked()) {
				t.Fatalf("pos %d width %d: %q / %q do not show the difference", i, w, marked(ca), marked(cb))
			}
		}
	}
}

// TestCutPairLong checks that a difference deep in a long value shows,
// and that the work does not grow with the value's length past the
// shared prefix.
func TestCutPairLong(t *testing.T) {
	long := strings.Repeat("ab", 500_000)
	a, b := `"`+long+`1"`, `"`+long+`2"`
	ca, cb := CutPair(a, b, 10, 10)
	if marked(ca) != `…bababab[1]"` || marked(cb) != `…bababab[2]"` {
		t.Errorf("%q / %q", marked(ca), marked(cb))
	}
	mid := `"` + long[:4000] + "X" + long[4000:] + `"`
	_, cm := CutPair(`"`+long+`"`, mid, 12, 12)
	if marked(cm) != `…bababab[X]ab…` {
		t.Errorf("%q", marked(cm))
	}
}

func BenchmarkCutPair(b *testing.B) {
	long := strings.Repeat("ab", 500_000)
	x, y := `"`+long+`1"`, `"`+long+`2"`
	b.Run("1MB", func(b *testing.B) {
		for b.Loop() {
			CutPair(x, y, 20, 20)
		}
	})
	b.Run("invoice", func(b *testing.B) {
		for b.Loop() {
			CutPair(`"Nordlicht Bürobedarf GmbH"`, `"Nordlicht Burobedarf GmbH"`, 13, 13)
		}
	})
}
