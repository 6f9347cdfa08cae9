package textdist

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"
)

// lowranceWagner is the textbook algorithm of Lowrance and Wagner (1975)
// for the unrestricted Damerau–Levenshtein distance, on the whole
// (m+2)×(n+2) matrix and without setting a common prefix or suffix aside:
// the reference DamerauLinear is checked against.
func lowranceWagner(a, b []rune) int {
	m, n := len(a), len(b)
	w := n + 2
	d := make([]int, (m+2)*w)
	inf := m + n
	d[0] = inf
	for i := 0; i <= m; i++ {
		d[(i+1)*w] = inf
		d[(i+1)*w+1] = i
	}
	for j := 0; j <= n; j++ {
		d[j+1] = inf
		d[w+j+1] = j
	}
	ids := map[rune]int{}
	for _, c := range append(append([]rune{}, a...), b...) {
		if _, ok := ids[c]; !ok {
			ids[c] = len(ids)
		}
	}
	bID := make([]int, n)
	for j, c := range b {
		bID[j] = ids[c]
	}
	da := make([]int, len(ids)) // per symbol, the last row of a holding it
	for i := 1; i <= m; i++ {
		db := 0
		for j := 1; j <= n; j++ {
			i1, j1 := da[bID[j-1]], db
			cost := 1
			if a[i-1] == b[j-1] {
				cost, db = 0, j
			}
			d[(i+1)*w+j+1] = min(d[i*w+j]+cost, d[(i+1)*w+j]+1, d[i*w+j+1]+1,
				d[i1*w+j1]+(i-i1-1)+1+(j-j1-1))
		}
		da[ids[a[i-1]]] = i
	}
	return d[(m+1)*w+n+1]
}

// editBFS returns the least number of single-symbol insertions, deletions,
// substitutions and swaps of two adjacent symbols that turn a into b, by
// breadth-first search over every string reachable (symbols from a and b
// only; strings no longer than the longer input plus one). This is the
// distance's definition, with no algorithm in between: for unit costs the
// unrestricted Damerau–Levenshtein distance equals it.
func editBFS(a, b string) int {
	alpha := map[rune]bool{}
	for _, c := range a + b {
		alpha[c] = true
	}
	limit := max(len(a), len(b)) + 1
	seen := map[string]bool{a: true}
	frontier := []string{a}
	for dist := 0; ; dist++ {
		var next []string
		for _, s := range frontier {
			if s == b {
				return dist
			}
			r := []rune(s)
			add := func(t []rune) {
				if len(t) > limit {
					return
				}
				if k := string(t); !seen[k] {
					seen[k] = true
					next = append(next, k)
				}
			}
			for i := 0; i <= len(r); i++ {
				for c := range alpha {
					add(append(append(append([]rune{}, r[:i]...), c), r[i:]...)) // insert
					if i < len(r) && r[i] != c {
						t := append([]rune{}, r...) // substitute
						t[i] = c
						add(t)
					}
				}
				if i < len(r) {
					add(append(append([]rune{}, r[:i]...), r[i+1:]...)) // delete
				}
				if i+1 < len(r) {
					t := append([]rune{}, r...) // transpose
					t[i], t[i+1] = t[i+1], t[i]
					add(t)
				}
			}
		}
		frontier = next
	}
}

// linear returns DamerauLinear's distance, its columns split between two
// goroutines when b has at least splitFrom of them.
func linear(t testing.TB, a, b []rune, splitFrom int) int {
	t.Helper()
	d, err := damerauLinear(context.Background(), a, b, splitFrom, math.MaxInt)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestDamerauLinearKnown(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"", "abc", 3}, {"abc", "", 3}, {"abc", "abc", 0},
		{"ca", "abc", 2}, // a transposition with an insertion between: OSA would say 3
		{"ab", "ba", 1}, {"abcdef", "badcfe", 3}, {"kitten", "sitting", 3},
		{"a cat", "an act", 2}, {"中文", "文中", 1}, {"😀😃x", "😃😀", 2},
		{"abxyc", "bac", 3}, {`{"a":1,"b":2}`, `{"b":2,"a":1}`, 4},
		{"ac0d00", "1dc01", 4}, // found by FuzzDamerauLinear: a transposition across the halves
	} {
		if got := linear(t, []rune(tt.a), []rune(tt.b), 2); got != tt.want {
			t.Errorf("DamerauLinear(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got, _ := DamerauLinear(context.Background(), []byte(tt.a), []byte(tt.b)); tt.a == string([]rune(tt.a)) && isASCII(tt.a+tt.b) && got != tt.want {
			t.Errorf("DamerauLinear(bytes %q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestDamerauLinearDefinition checks the distance against its definition
// (a search over every edit sequence) on every pair of short strings over
// a small alphabet, where transpositions with edits between them abound.
func TestDamerauLinearDefinition(t *testing.T) {
	var words []string
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		words = append(words, prefix)
		if n == 0 {
			return
		}
		for _, c := range "abc" {
			gen(prefix+string(c), n-1)
		}
	}
	gen("", 4)
	r := rand.New(rand.NewPCG(1, 2))
	for _, a := range words {
		for k := 0; k < 12; k++ {
			b := words[r.IntN(len(words))]
			want := editBFS(a, b)
			if lw := lowranceWagner([]rune(a), []rune(b)); lw != want {
				t.Fatalf("Lowrance–Wagner(%q, %q) = %d, the definition says %d", a, b, lw, want)
			}
			if got := linear(t, []rune(a), []rune(b), 1+k%2*1000); got != want {
				t.Fatalf("DamerauLinear(%q, %q) = %d, the definition says %d", a, b, got, want)
			}
		}
	}
}

// TestDamerauLinearOracle compares DamerauLinear with Lowrance–Wagner on
// random pairs over small and large alphabets, runes and bytes, random
// and close (an output near its reference), on one goroutine and with the
// columns split between two at various places.
func TestDamerauLinearOracle(t *testing.T) {
	r := newRand(t, 9)
	for _, a := range alphabets {
		for i := 0; i < 40; i++ {
			x, y := randPair(r, a, 200)
			want := lowranceWagner(x, y)
			for _, split := range []int{1 << 30, 4, 50} {
				if got := linear(t, x, y, split); got != want {
					t.Fatalf("%s, split from %d: DamerauLinear(%q, %q) = %d, Lowrance–Wagner %d",
						a.name, split, string(x), string(y), got, want)
				}
			}
		}
	}
	for _, n := range []int{300, 1000, 2500} {
		for _, edits := range []int{-1, 3, 40} {
			a := alphabet{gen: pick("ab{}\":,")}
			x := randRunes(r, a, n)
			y := randRunes(r, a, n-n/7)
			if edits >= 0 {
				y = mutate(r, a, x, edits)
			}
			want := lowranceWagner(x, y)
			if got := linear(t, x, y, 64); got != want {
				t.Errorf("n=%d edits=%d: DamerauLinear = %d, Lowrance–Wagner %d", n, edits, got, want)
			}
			got, err := damerauLinear(context.Background(), []byte(string(x)), []byte(string(y)), 64, math.MaxInt)
			if err != nil || got != want {
				t.Errorf("n=%d edits=%d: DamerauLinear on bytes = %d, %v; Lowrance–Wagner %d", n, edits, got, err, want)
			}
		}
	}
}

// TestDamerauLinearOneCPU checks that a pair long enough to be split is
// computed on one goroutine when only one CPU is allowed, with the same
// distance.
func TestDamerauLinearOneCPU(t *testing.T) {
	r := newRand(t, 10)
	a := alphabet{gen: pick("abc")}
	x, y := randRunes(r, a, 700), randRunes(r, a, 900)
	want := lowranceWagner(x, y)
	old := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(old)
	if one := linear(t, x, y, 64); one != want {
		t.Errorf("one CPU %d, Lowrance–Wagner %d", one, want)
	}
}

func TestDamerauWork(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"abc", "abc", 0}, {"xaby", "xbay", 4}, {"xabcy", "xbcy", 0}, {"abc", "de", 6}, {"ab", "", 0},
	} {
		if got := DamerauWork([]rune(tt.a), []rune(tt.b)); got != tt.want {
			t.Errorf("DamerauWork(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestDamerauLinearCancel checks that a long computation stops soon after
// its context is canceled, on both paths.
func TestDamerauLinearCancel(t *testing.T) {
	// Two unrelated texts: a pair a few edits apart (as "abab…" and
	// "baba…") takes a narrow band and is done before the cancel.
	r := rand.New(rand.NewPCG(5, 6))
	x, y := make([]byte, 60000), make([]byte, 60000)
	for i := range x {
		x[i], y[i] = byte('a'+r.IntN(4)), byte('a'+r.IntN(4))
	}
	for _, procs := range []int{1, 2} {
		old := runtime.GOMAXPROCS(procs)
		ctx, cancel := context.WithCancel(context.Background())
		go func() { time.Sleep(20 * time.Millisecond); cancel() }()
		start := time.Now()
		_, err := DamerauLinear(ctx, x, y)
		took := time.Since(start)
		runtime.GOMAXPROCS(old)
		if !errors.Is(err, context.Canceled) {
			t.Errorf("GOMAXPROCS %d: err %v, want context.Canceled (took %v)", procs, err, took)
		}
	}
}

// FuzzDamerauLinear checks DamerauLinear, on one goroutine and with its
// columns split between two, with and without a band (bounded by the
// Levenshtein kernels, and by the distance itself), against
// Lowrance–Wagner on any two texts.
func FuzzDamerauLinear(f *testing.F) {
	for _, s := range [][2]string{{"ca", "abc"}, {"abcdef", "badcfe"}, {`{"a":1}`, `{"a":2,"b":[1]}`}, {"01,10,1", "10,01,0"}, {"中文x", "x文中"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if len(a) > 400 || len(b) > 400 {
			return
		}
		want := lowranceWagner([]rune(a), []rune(b))
		for _, split := range []int{1 << 30, 4} {
			if got := linear(t, []rune(a), []rune(b), split); got != want {
				t.Fatalf("DamerauLinear(%q, %q), split from %d = %d, Lowrance–Wagner %d", a, b, split, got, want)
			}
			for _, upper := range []func(a, b []int32) int{nil, exactUpper} {
				withBand(t, upper, func() {
					if got := linear(t, []rune(a), []rune(b), split); got != want {
						t.Fatalf("DamerauLinear(%q, %q) on a band (exact bound %v), split from %d = %d, Lowrance–Wagner %d",
							a, b, upper != nil, split, got, want)
					}
				})
			}
		}
		if got, err := damerauLinear(context.Background(), []byte(a), []byte(b), 4, math.MaxInt); err != nil || got != lowranceWagner(bytesAsRunes(a), bytesAsRunes(b)) {
			t.Fatalf("DamerauLinear on bytes (%q, %q) = %d, %v", a, b, got, err)
		}
	})
}

// bytesAsRunes returns one rune per byte of s, for comparing byte
// distances with lowranceWagner.
func bytesAsRunes(s string) []rune {
	r := make([]rune, len(s))
	for i := range len(s) {
		r[i] = rune(s[i])
	}
	return r
}
