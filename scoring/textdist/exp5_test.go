package textdist

import "math/bits"

func advS2noLEA(vps, vns []uint64, eq1, eq2 []uint64, last uint) int {
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
		hp = hp<<1 | hpA
		hn = hn<<1 | hnA
		hpA, hnA = hpOut, hnOut
		vp = hn | ^(d0 | hp)
		vn = hp & d0
		x = eq2[k] | hnB
		d0 = (((x & vp) + vp) ^ vp) | x | vn
		hp = vn | ^(d0 | vp)
		hn = d0 & vp
		hpOut, hnOut = hp>>63, hn>>63
		hp = hp<<1 | hpB
		hn = hn<<1 | hnB
		hpB, hnB = hpOut, hnOut
		vps[k] = hn | ^(d0 | hp)
		vns[k] = hp & d0
	}
	return tail2(vps, vns, eq1, eq2, n, hpA, hnA, hpB, hnB, last)
}

func tail2(vps, vns []uint64, eq1, eq2 []uint64, n int, hpA, hnA, hpB, hnB uint64, last uint) int {
	vp, vn := vps[n], vns[n]
	x := eq1[n] | hnA
	d0 := (((x & vp) + vp) ^ vp) | x | vn
	hp := vn | ^(d0 | vp)
	hn := d0 & vp
	delta := int(hp>>last&1) - int(hn>>last&1)
	hp = hp<<1 | hpA
	hn = hn<<1 | hnA
	vp = hn | ^(d0 | hp)
	vn = hp & d0
	x = eq2[n] | hnB
	d0 = (((x & vp) + vp) ^ vp) | x | vn
	hp = vn | ^(d0 | vp)
	hn = d0 & vp
	delta += int(hp>>last&1) - int(hn>>last&1)
	hp = hp<<1 | hpB
	hn = hn<<1 | hnB
	vps[n] = hn | ^(d0 | hp)
	vns[n] = hp & d0
	return delta
}

// Full width, one column, split arrays, carry chain through bits.Add64.
func advW1(vps, vns []uint64, eq []uint64, last uint) int {
	n := len(vps) - 1
	vns = vns[:n+1]
	eq = eq[:n+1]
	var carry, hpIn, hnIn uint64 = 0, 1, 0
	for k := 0; k < n; k++ {
		vp, vn := vps[k], vns[k]
		x := eq[k] | vn
		var t uint64
		t, carry = bits.Add64(x&vp, vp, carry)
		d0 := (t ^ vp) | x
		hp := vn | ^(d0 | vp)
		hn := d0 & vp
		hps := hp<<1 + hpIn
		hns := hn<<1 + hnIn
		hpIn, hnIn = hp>>63, hn>>63
		vps[k] = hns | ^(d0 | hps)
		vns[k] = hps & d0
	}
	vp, vn := vps[n], vns[n]
	x := eq[n] | vn
	t, _ := bits.Add64(x&vp, vp, carry)
	d0 := (t ^ vp) | x
	hp := vn | ^(d0 | vp)
	hn := d0 & vp
	delta := int(hp>>last&1) - int(hn>>last&1)
	hps := hp<<1 | hpIn
	hns := hn<<1 | hnIn
	vps[n] = hns | ^(d0 | hps)
	vns[n] = hps & d0
	return delta
}

// Full width, two columns.
func advW2(vps, vns []uint64, eq1, eq2 []uint64, last uint) int {
	n := len(vps) - 1
	vns = vns[:n+1]
	eq1 = eq1[:n+1]
	eq2 = eq2[:n+1]
	var cA, pA, mA uint64 = 0, 1, 0
	var cB, pB, mB uint64 = 0, 1, 0
	for k := 0; k <= n; k++ {
		vp, vn := vps[k], vns[k]
		x := eq1[k] | vn
		var t uint64
		t, cA = bits.Add64(x&vp, vp, cA)
		d0 := (t ^ vp) | x
		hp := vn | ^(d0 | vp)
		hn := d0 & vp
		hps := hp<<1 + pA
		hns := hn<<1 + mA
		pA, mA = hp>>63, hn>>63
		vp = hns | ^(d0 | hps)
		vn = hps & d0

		x = eq2[k] | vn
		t, cB = bits.Add64(x&vp, vp, cB)
		d0 = (t ^ vp) | x
		hp = vn | ^(d0 | vp)
		hn = d0 & vp
		hps = hp<<1 + pB
		hns = hn<<1 + mB
		pB, mB = hp>>63, hn>>63
		vps[k] = hns | ^(d0 | hps)
		vns[k] = hps & d0
	}
	_ = last
	return 0
}

func runVar(vps, vns []uint64, s *scratch, t []rune, m int, v int) int {
	pt := &s.peq
	for k := range vps {
		vps[k] = ^uint64(0)
		vns[k] = 0
	}
	last := uint(m-1) & 63
	dist := m
	switch v {
	case 0:
		for i := 0; i+1 < len(t); i += 2 {
			dist += advS2noLEA(vps, vns, pt.row(uint8(t[i])), pt.row(uint8(t[i+1])), last)
		}
	case 1:
		for _, c := range t {
			dist += advW1(vps, vns, pt.row(uint8(c)), last)
		}
	case 2:
		for i := 0; i+1 < len(t); i += 2 {
			dist += advW2(vps, vns, pt.row(uint8(t[i])), pt.row(uint8(t[i+1])), last)
		}
	}
	return dist
}
