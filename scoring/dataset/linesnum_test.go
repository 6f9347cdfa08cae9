package dataset

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/jsontui/jsontui/scoring/report"
)

// TestFloatAtIsStrconv checks the fast path's number reader against
// strconv, bit for bit, on numbers as score writes them (sums of
// fractions, weights, tiny and huge values) and on numbers written
// otherwise.
func TestFloatAtIsStrconv(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 7))
	var texts []string
	for range 200000 {
		var v float64
		switch rng.IntN(6) {
		case 0:
			v = float64(rng.IntN(50)) / float64(1+rng.IntN(40)) // a sum of fractions
		case 1:
			v = rng.Float64()
		case 2:
			v = rng.Float64() * math.Pow(10, float64(rng.IntN(40)-20))
		case 3:
			v = math.Float64frombits(rng.Uint64() &^ (1 << 63))
		case 4:
			v = float64(rng.IntN(1 << 20))
		default:
			v = -rng.Float64() * 100
		}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		texts = append(texts, string(report.AppendJSONFloat(nil, v)))
	}
	texts = append(texts, "0", "-0", "1", "9", "0.5", "1e5", "1E+5", "2.5e-7", "9007199254740993", "9007199254740992.5",
		"0.1000000000000000055511151231257827", "123456789012345678901234567890", "0.000000000000000000000000001",
		"4.9e-324", "1.7976931348623157e308", "1e400", "100.0", "0.0", "10")
	for _, text := range texts {
		b := []byte(text + ",")
		got, i := floatAt(b, 0)
		want, err := strconv.ParseFloat(text, 64)
		switch {
		case err != nil && i >= 0:
			t.Errorf("%s: read as %v, strconv refuses it: %v", text, got, err)
		case err == nil && i != len(text):
			t.Errorf("%s: read up to %d, want %d", text, i, len(text))
		case err == nil && math.Float64bits(got) != math.Float64bits(want):
			t.Errorf("%s: %v (%#x), strconv %v (%#x)", text, got, math.Float64bits(got), want, math.Float64bits(want))
		}
	}
}

// TestUintAt checks the reader of counts: digits only, no leading zero,
// at most 15 digits, ending where a number ends.
func TestUintAt(t *testing.T) {
	for _, c := range []struct {
		text string
		v    int64
		ok   bool
	}{
		{"0,", 0, true}, {"7]", 7, true}, {"123456789012345]", 123456789012345, true}, {"42", 42, true},
		{"1234567890123456,", 0, false}, {"01,", 0, false}, {"-1,", 0, false}, {"1.0,", 0, false},
		{"1e3,", 0, false}, {",", 0, false}, {"", 0, false},
	} {
		v, i := uintAt([]byte(c.text), 0)
		if ok := i >= 0; ok != c.ok || ok && v != c.v {
			t.Errorf("%q: %d at %d, want %d (%v)", c.text, v, i, c.v, c.ok)
		}
	}
}
