package textdist

import (
	"math/bits"
	"testing"
)

// V2: block algorithm with funnel shifts, one column.
func advF(vecs []vec, eq []uint64, last uint) int {
	n := len(vecs) - 1
	eq = eq[:n+1]
	php, phn := uint64(1)<<63, uint64(0) // previous word's hp/hn, pre-shift
	for k := 0; k < n; k++ {
		v := &vecs[k]
		vp, vn := v.vp, v.vn
		x := eq[k] | phn>>63
		d0 := (((x & vp) + vp) ^ vp) | x | vn
		hp := vn | ^(d0 | vp)
		hn := d0 & vp
		hps := hp<<1 | php>>63
		hns := hn<<1 | phn>>63
		php, phn = hp, hn
		v.vp = hns | ^(d0 | hps)
		v.vn = hps & d0
	}
	v := &vecs[n]
	vp, vn := v.vp, v.vn
	x := eq[n] | phn>>63
	d0 := (((x & vp) + vp) ^ vp) | x | vn
	hp := vn | ^(d0 | vp)
	hn := d0 & vp
	delta := int(hp>>last&1) - int(hn>>last&1)
	hps := hp<<1 | php>>63
	hns := hn<<1 | phn>>63
	v.vp = hns | ^(d0 | hps)
	v.vn = hps & d0
	return delta
}

// V3: full-width integer, add with carry.
func advW(vecs []vec, eq []uint64, last uint) int {
	n := len(vecs) - 1
	eq = eq[:n+1]
	php, phn := uint64(1)<<63, uint64(0)
	var carry uint64
	for k := 0; k < n; k++ {
		v := &vecs[k]
		vp, vn := v.vp, v.vn
		x := eq[k] | vn
		var t uint64
		t, carry = bits.Add64(x&vp, vp, carry)
		d0 := (t ^ vp) | x
		hp := vn | ^(d0 | vp)
		hn := d0 & vp
		hps := hp<<1 | php>>63
		hns := hn<<1 | phn>>63
		php, phn = hp, hn
		v.vp = hns | ^(d0 | hps)
		v.vn = hps & d0
	}
	v := &vecs[n]
	vp, vn := v.vp, v.vn
	x := eq[n] | vn
	t, _ := bits.Add64(x&vp, vp, carry)
	d0 := (t ^ vp) | x
	hp := vn | ^(d0 | vp)
	hn := d0 & vp
	delta := int(hp>>last&1) - int(hn>>last&1)
	hps := hp<<1 | php>>63
	hns := hn<<1 | phn>>63
	v.vp = hns | ^(d0 | hps)
	v.vn = hps & d0
	return delta
}

// V2b: funnel, two columns.
func advF2(vecs []vec, eq1, eq2 []uint64, last uint) int {
	n := len(vecs) - 1
	eq1 = eq1[:n+1]
	eq2 = eq2[:n+1]
	pa, na := uint64(1)<<63, uint64(0)
	pb, nb := uint64(1)<<63, uint64(0)
	for k := 0; k < n; k++ {
		v := &vecs[k]
		vp, vn := v.vp, v.vn
		x := eq1[k] | na>>63
		d0 := (((x & vp) + vp) ^ vp) | x | vn
		hp := vn | ^(d0 | vp)
		hn := d0 & vp
		hps := hp<<1 | pa>>63
		hns := hn<<1 | na>>63
		pa, na = hp, hn
		vp = hns | ^(d0 | hps)
		vn = hps & d0

		x = eq2[k] | nb>>63
		d0 = (((x & vp) + vp) ^ vp) | x | vn
		hp = vn | ^(d0 | vp)
		hn = d0 & vp
		hps = hp<<1 | pb>>63
		hns = hn<<1 | nb>>63
		pb, nb = hp, hn
		v.vp = hns | ^(d0 | hps)
		v.vn = hps & d0
	}
	v := &vecs[n]
	vp, vn := v.vp, v.vn
	x := eq1[n] | na>>63
	d0 := (((x & vp) + vp) ^ vp) | x | vn
	hp := vn | ^(d0 | vp)
	hn := d0 & vp
	delta := int(hp>>last&1) - int(hn>>last&1)
	hps := hp<<1 | pa>>63
	hns := hn<<1 | na>>63
	vp = hns | ^(d0 | hps)
	vn = hps & d0
	x = eq2[n] | nb>>63
	d0 = (((x & vp) + vp) ^ vp) | x | vn
	hp = vn | ^(d0 | vp)
	hn = d0 & vp
	delta += int(hp>>last&1) - int(hn>>last&1)
	hps = hp<<1 | pb>>63
	hns = hn<<1 | nb>>63
	v.vp = hns | ^(d0 | hps)
	v.vn = hps & d0
	return delta
}

func runExp(s *scratch, t []rune, m int, variant int) int {
	pt := &s.peq
	s.vecs = grow(s.vecs, pt.words)
	vecs := s.vecs
	for k := range vecs {
		vecs[k] = vec{vp: ^uint64(0)}
	}
	last := uint(m-1) & 63
	dist := m
	switch variant {
	case 0:
		for _, c := range t {
			dist += advance(vecs, pt.row(uint8(c)), last)
		}
	case 1:
		for i := 0; i+1 < len(t); i += 2 {
			dist += advance2(vecs, pt.row(uint8(t[i])), pt.row(uint8(t[i+1])), last)
		}
	case 2:
		for _, c := range t {
			dist += advF(vecs, pt.row(uint8(c)), last)
		}
	case 3:
		for _, c := range t {
			dist += advW(vecs, pt.row(uint8(c)), last)
		}
	case 4:
		for i := 0; i+1 < len(t); i += 2 {
			dist += advF2(vecs, pt.row(uint8(t[i])), pt.row(uint8(t[i+1])), last)
		}
	}
	return dist
}

func BenchmarkExp(b *testing.B) {
	x, y := benchPair(4096, false)
	s := new(scratch)
	build(&s.peq, x)
	want := naiveLevenshtein(x, y)
	for v := 0; v < 5; v++ {
		if got := runExp(s, y, len(x), v); got != want {
			b.Fatalf("variant %d = %d, want %d", v, got, want)
		}
	}
	for round := 0; round < 3; round++ {
		for v := 0; v < 5; v++ {
			b.Run(string(rune('A'+v)), func(b *testing.B) {
				for b.Loop() {
					sink = runExp(s, y, len(x), v)
				}
			})
		}
	}
}
