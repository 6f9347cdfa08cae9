package textdist

import (
	"errors"
	"strings"
	"testing"

	edlib "github.com/hbollon/go-edlib"
)

func TestDamerauKnown(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "abc", 3},
		{"abc", "", 3},
		{"abc", "abc", 0},
		{"ca", "abc", 2}, // OSA would say 3
		{"ab", "ba", 1},
		{"abcdef", "badcfe", 3},
		{"kitten", "sitting", 3},
		{"pepperoni", "peppers", 3},
		{"a cat", "an act", 2},
		{"中文", "文中", 1},
		{"😀😃x", "😃😀", 2},
	}
	for _, tt := range tests {
		got, err := Damerau([]rune(tt.a), []rune(tt.b), 1<<20)
		if err != nil || got != tt.want {
			t.Errorf("Damerau(%q, %q) = %d, %v; want %d", tt.a, tt.b, got, err, tt.want)
		}
	}
}

func TestDamerauOracle(t *testing.T) {
	r := newRand(t, 6)
	for _, a := range alphabets {
		for i := 0; i < 60; i++ {
			x, y := randPair(r, a, 300)
			want := edlib.DamerauLevenshteinDistance(string(x), string(y))
			got, err := Damerau(x, y, 1<<20)
			if err != nil || got != want {
				t.Fatalf("%s: Damerau(%q, %q) = %d, %v; want %d", a.name, string(x), string(y), got, err, want)
			}
			if lev := Levenshtein(x, y); got > lev {
				t.Fatalf("Damerau %d exceeds Levenshtein %d", got, lev)
			}
		}
	}
}

func TestDamerauTooLarge(t *testing.T) {
	a, b := []rune(strings.Repeat("a", 98)), []rune(strings.Repeat("b", 48))
	// (98+2)·(48+2) = 5000 cells.
	if _, err := Damerau(a, b, 5000); err != nil {
		t.Fatalf("Damerau at its exact limit: %v", err)
	}
	d, err := Damerau(a, b, 4999)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("Damerau over the limit = %d, %v; want ErrTooLarge", d, err)
	}
	for _, want := range []string{"98", "48", "100×50", "4999"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
	// Empty inputs still obey the limit, as the matrix formula says.
	if _, err := Damerau(nil, nil, 3); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Damerau(nil, nil, 3) = %v, want ErrTooLarge (needs 4 cells)", err)
	}
}
