package textdist

import "testing"

func advS2(vps, vns []uint64, eq1, eq2 []uint64, last uint) int {
	n := len(vps) - 1
	vns = vns[:n+1]
	eq1 = eq1[:n+1]
	eq2 = eq2[:n+1]
	hpA, hnA := uint64(1), uint64(0)
	hpB, hnB := uint64(1), uint64(0)
	for k := 0; k < n; k++ {
		vp, vn := vps[k], vns[k]

		x := eq1[k] | hnA
		d0 := (((x & vp) + vp) ^ vp) | x | vn
		hp := vn | ^(d0 | vp)
		hn := d0 & vp
		hpOut, hnOut := hp>>63, hn>>63
		hp = hp<<1 + hpA
		hn = hn<<1 + hnA
		hpA, hnA = hpOut, hnOut
		vp = hn | ^(d0 | hp)
		vn = hp & d0

		x = eq2[k] | hnB
		d0 = (((x & vp) + vp) ^ vp) | x | vn
		hp = vn | ^(d0 | vp)
		hn = d0 & vp
		hpOut, hnOut = hp>>63, hn>>63
		hp = hp<<1 + hpB
		hn = hn<<1 + hnB
		hpB, hnB = hpOut, hnOut
		vps[k] = hn | ^(d0 | hp)
		vns[k] = hp & d0
	}
	vp, vn := vps[n], vns[n]
	x := eq1[n] | hnA
	d0 := (((x & vp) + vp) ^ vp) | x | vn
	hp := vn | ^(d0 | vp)
	hn := d0 & vp
	delta := int(hp>>last&1) - int(hn>>last&1)
	hp = hp<<1 + hpA
	hn = hn<<1 + hnA
	vp = hn | ^(d0 | hp)
	vn = hp & d0
	x = eq2[n] | hnB
	d0 = (((x & vp) + vp) ^ vp) | x | vn
	hp = vn | ^(d0 | vp)
	hn = d0 & vp
	delta += int(hp>>last&1) - int(hn>>last&1)
	hp = hp<<1 + hpB
	hn = hn<<1 + hnB
	vps[n] = hn | ^(d0 | hp)
	vns[n] = hp & d0
	return delta
}

func runExp2(s *scratch, vps, vns []uint64, t []rune, m int) int {
	pt := &s.peq
	for k := range vps {
		vps[k] = ^uint64(0)
		vns[k] = 0
	}
	last := uint(m-1) & 63
	dist := m
	for i := 0; i+1 < len(t); i += 2 {
		dist += advS2(vps, vns, pt.row(uint8(t[i])), pt.row(uint8(t[i+1])), last)
	}
	return dist
}

func BenchmarkExp2(b *testing.B) {
	x, y := benchPair(4096, false)
	s := new(scratch)
	build(&s.peq, x)
	want := naiveLevenshtein(x, y)
	vps := make([]uint64, s.peq.words)
	vns := make([]uint64, s.peq.words)
	if got := runExp2(s, vps, vns, y, len(x)); got != want {
		b.Fatalf("got %d want %d", got, want)
	}
	for round := 0; round < 4; round++ {
		b.Run("B", func(b *testing.B) {
			for b.Loop() {
				sink = runExp(s, y, len(x), 1)
			}
		})
		b.Run("S", func(b *testing.B) {
			for b.Loop() {
				sink = runExp2(s, vps, vns, y, len(x))
			}
		})
	}
}
