package exactsum

import (
	"bytes"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

func sumOf(xs ...float64) float64 {
	var s Sum
	for _, x := range xs {
		s.Add(x)
	}
	return s.Float64()
}

// bigSum is the exact sum of xs rounded once, by math/big.
func bigSum(xs []float64) float64 {
	acc := new(big.Float).SetPrec(4000)
	for _, x := range xs {
		acc.Add(acc, new(big.Float).SetPrec(4000).SetFloat64(x))
	}
	v, _ := acc.Float64()
	return v
}

func TestKnownSums(t *testing.T) {
	tenth := make([]float64, 10)
	for i := range tenth {
		tenth[i] = 0.1
	}
	for _, c := range []struct {
		name string
		xs   []float64
		want float64
	}{
		{"empty", nil, 0},
		{"ten tenths", tenth, 1},
		{"cancel large", []float64{1, 1e100, 1, -1e100}, 2},
		{"near overflow", []float64{1e308, 1e308, -1e308}, 1e308},
		{"overflow", []float64{math.MaxFloat64, math.MaxFloat64}, math.Inf(1)},
		{"tie to even", []float64{1, 0x1p-53}, 1},
		{"tie broken by a tail", []float64{1, 0x1p-53, 0x1p-106}, 1 + 0x1p-52},
		{"subnormals", []float64{math.SmallestNonzeroFloat64, math.SmallestNonzeroFloat64}, 2 * math.SmallestNonzeroFloat64},
		{"subnormal to normal", []float64{0x1p-1022 - math.SmallestNonzeroFloat64, math.SmallestNonzeroFloat64}, 0x1p-1022},
		{"negative", []float64{-0.5, -0.25, 0.125}, -0.625},
		{"zero from cancel", []float64{0.1, 0.2, -0.1, -0.2}, 0},
	} {
		if got := sumOf(c.xs...); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	if got := sumOf(1, math.NaN()); !math.IsNaN(got) {
		t.Errorf("NaN: %v", got)
	}
	if got := sumOf(math.Inf(1), math.Inf(-1)); !math.IsNaN(got) {
		t.Errorf("+Inf + -Inf: %v", got)
	}
	if got := sumOf(math.Inf(-1), 3); got != math.Inf(-1) {
		t.Errorf("-Inf + 3: %v", got)
	}
}

// randomValues draws n values of the magnitudes a dataset's figures and
// more: scores in [0, 1], tiny losses, and wide exponents of both signs.
func randomValues(r *rand.Rand, n int) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		switch r.IntN(4) {
		case 0:
			xs[i] = r.Float64()
		case 1:
			xs[i] = r.Float64() * 1e-6
		case 2:
			xs[i] = math.Ldexp(r.Float64()-0.5, r.IntN(2000)-1000)
		default:
			xs[i] = float64(r.IntN(3)) / 3
		}
	}
	return xs
}

// TestExactAndOrderFree checks sums against math/big's exact sum, and
// that any order and any split into merged parts gives the same bits and
// the same binary form.
func TestExactAndOrderFree(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 50 {
		xs := randomValues(r, 1+r.IntN(300))
		want := bigSum(xs)
		var whole Sum
		for _, x := range xs {
			whole.Add(x)
		}
		if got := whole.Float64(); got != want {
			t.Fatalf("round %d: %v, want %v", round, got, want)
		}
		wantBin, _ := whole.MarshalBinary()
		r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
		parts := make([]Sum, 1+r.IntN(7))
		for _, x := range xs {
			parts[r.IntN(len(parts))].Add(x)
		}
		var merged Sum
		for _, k := range r.Perm(len(parts)) {
			merged.Merge(&parts[k])
		}
		if got := merged.Float64(); got != want {
			t.Fatalf("round %d, %d parts: %v, want %v", round, len(parts), got, want)
		}
		bin, err := merged.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(bin, wantBin) {
			t.Fatalf("round %d: binary forms differ: %x and %x", round, bin, wantBin)
		}
		var back Sum
		if err := back.UnmarshalBinary(bin); err != nil {
			t.Fatal(err)
		}
		if got := back.Float64(); got != want {
			t.Fatalf("round %d: unmarshaled %v, want %v", round, got, want)
		}
		back.Add(xs[0])
		whole.Add(xs[0])
		if back.Float64() != whole.Float64() {
			t.Fatalf("round %d: an unmarshaled sum adds on differently", round)
		}
	}
}

// TestCarries adds past the carry interval's worth of large values in a
// few merges: the chunks never overflow.
func TestCarries(t *testing.T) {
	var s Sum
	s.Add(math.MaxFloat64 / 4)
	s.n = carryEvery - 1
	for range 3 {
		s.Add(math.MaxFloat64 / 4)
	}
	if got := s.Float64(); got != math.MaxFloat64 {
		t.Errorf("4 × MaxFloat64/4 = %v", got)
	}
	var a, b Sum
	a.Add(-1)
	a.n = carryEvery
	b.Add(-2)
	b.n = carryEvery
	a.Merge(&b)
	a.Add(-0.5)
	if got := a.Float64(); got != -3.5 {
		t.Errorf("merged = %v", got)
	}
}

func TestUnmarshalBad(t *testing.T) {
	for _, c := range []struct {
		in   []byte
		want string
	}{
		{nil, "exactsum: an empty binary form (it starts with a flags byte)"},
		{[]byte{0x80}, "exactsum: unknown flags in the binary form"},
		{[]byte{0, 0, 1}, "exactsum: the binary form's magnitude is not canonical or too long"},
		{[]byte{flagNeg}, "exactsum: a negative zero in the binary form"},
		{append([]byte{0}, bytes.Repeat([]byte{0xff}, maxBytes+1)...), "exactsum: the binary form's magnitude is not canonical or too long"},
	} {
		var s Sum
		if err := s.UnmarshalBinary(c.in); err == nil || err.Error() != c.want {
			t.Errorf("%x: %v, want %s", c.in, err, c.want)
		}
	}
}

// BenchmarkAdd adds scores; BenchmarkFloat64 rounds a sum.
func BenchmarkAdd(b *testing.B) {
	xs := randomValues(rand.New(rand.NewPCG(3, 4)), 4096)
	var s Sum
	for b.Loop() {
		for _, x := range xs {
			s.Add(x)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(xs)), "ns/add")
}

func BenchmarkFloat64(b *testing.B) {
	var s Sum
	for _, x := range randomValues(rand.New(rand.NewPCG(5, 6)), 100) {
		s.Add(x)
	}
	for b.Loop() {
		s.Float64()
	}
}
