package dataset

import (
	"math"
	"testing"

	"github.com/jsontui/jsontui/scoring/exactsum"
)

// TestXsumIsTheFullSum checks that an xsum, which keeps a lone value as it
// is, reads and serializes as the full sum of the same values to the last
// bit: one value, none, several, merged in every way, and after reset.
func TestXsumIsTheFullSum(t *testing.T) {
	vals := [][]float64{
		{}, {0}, {math.Copysign(0, -1)}, {0.1}, {-3.5e-310}, {math.Inf(1)}, {math.NaN()},
		{0.1, 0.2}, {1e308, 1e308, -1e308}, {math.Copysign(0, -1), math.Copysign(0, -1)},
		{0.1, 0.2, 0.3, 1e-17}, {math.Inf(1), math.Inf(-1)},
		// Lone values of every kind, read without the full sum.
		{1}, {-0.5}, {0.3}, {5e-324}, {-5e-324}, {2.2250738585072014e-308}, {math.MaxFloat64}, {-math.MaxFloat64},
		{math.Inf(-1)}, {math.Float64frombits(0x7ff8000000000001)}, {math.Float64frombits(0xfff0000000000001)},
		{math.Nextafter(1, 0)}, {1e-300}, {-123456.789},
	}
	same := func(what string, k *xsum, want *exactsum.Sum) {
		t.Helper()
		got, exp := k.value(), want.Float64()
		if math.Float64bits(got) != math.Float64bits(exp) && !(math.IsNaN(got) && math.IsNaN(exp)) {
			t.Errorf("%s: value %v (%#x), the full sum's %v (%#x)", what, got, math.Float64bits(got), exp, math.Float64bits(exp))
		}
		gb, err1 := k.MarshalBinary()
		wb, err2 := want.MarshalBinary()
		if err1 != nil || err2 != nil || string(gb) != string(wb) {
			t.Errorf("%s: bytes %x (%v), the full sum's %x (%v)", what, gb, err1, wb, err2)
		}
	}
	for _, a := range vals {
		var k xsum
		var want exactsum.Sum
		for _, x := range a {
			k.add(x)
			want.Add(x)
		}
		same("added", &k, &want)
		for _, b := range vals {
			var o, m xsum
			var ow exactsum.Sum
			for _, x := range b {
				o.add(x)
				ow.Add(x)
			}
			m.merge(&k)
			m.merge(&o)
			mw := want
			mw.Merge(&ow)
			same("merged", &m, &mw)
			o.merge(&k)
			same("merged into", &o, &mw)
		}
		k.reset()
		same("reset", &k, &exactsum.Sum{})
		k.add(0.25)
		var q exactsum.Sum
		q.Add(0.25)
		same("reset, then added", &k, &q)
	}
}
