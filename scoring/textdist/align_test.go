package textdist

import (
	"reflect"
	"testing"
)

// checkScript verifies that ops is a well-formed script from a to b: runs
// are contiguous and non-empty, cover both strings, Equal runs really are
// equal, applying the script to a yields b, and adjacent runs of one kind
// are merged. It returns the script's cost.
func checkScript(t *testing.T, a, b []rune, ops []Op) int {
	t.Helper()
	var out []rune
	i, j, cost := 0, 0, 0
	for k, op := range ops {
		if op.N <= 0 || op.A != i || op.B != j {
			t.Fatalf("op %d = %+v: want a run of N > 0 at A=%d, B=%d\nops=%+v", k, op, i, j, ops)
		}
		if k > 0 && ops[k-1].Kind == op.Kind {
			t.Fatalf("ops %d and %d are unmerged runs of %v: %+v", k-1, k, op.Kind, ops)
		}
		switch op.Kind {
		case Equal:
			if string(a[i:i+op.N]) != string(b[j:j+op.N]) {
				t.Fatalf("op %d = %+v: %q != %q", k, op, string(a[i:i+op.N]), string(b[j:j+op.N]))
			}
			out = append(out, a[i:i+op.N]...)
			i, j = i+op.N, j+op.N
		case Substitute:
			for x := 0; x < op.N; x++ {
				if a[i+x] == b[j+x] {
					t.Fatalf("op %d = %+v substitutes %q by itself", k, op, a[i+x])
				}
			}
			out = append(out, b[j:j+op.N]...)
			i, j, cost = i+op.N, j+op.N, cost+op.N
		case Insert:
			out = append(out, b[j:j+op.N]...)
			j, cost = j+op.N, cost+op.N
		case Delete:
			i, cost = i+op.N, cost+op.N
		default:
			t.Fatalf("op %d has kind %v", k, op.Kind)
		}
	}
	if i != len(a) || j != len(b) {
		t.Fatalf("script ends at (%d, %d), want (%d, %d)", i, j, len(a), len(b))
	}
	if string(out) != string(b) {
		t.Fatalf("applying the script gives %q, want %q", string(out), string(b))
	}
	return cost
}

func TestAlignKnown(t *testing.T) {
	tests := []struct {
		a, b string
		want []Op
	}{
		{"", "", nil},
		{"abc", "abc", []Op{{Equal, 0, 0, 3}}},
		{"", "ab", []Op{{Insert, 0, 0, 2}}},
		{"ab", "", []Op{{Delete, 0, 0, 2}}},
		{"kitten", "sitting", []Op{
			{Substitute, 0, 0, 1}, {Equal, 1, 1, 3}, {Substitute, 4, 4, 1},
			{Equal, 5, 5, 1}, {Insert, 6, 6, 1},
		}},
		{"pepperoni", "peppers", []Op{
			{Equal, 0, 0, 6}, {Delete, 6, 6, 2}, {Substitute, 8, 6, 1},
		}},
		{"abXYcd", "abcd", []Op{{Equal, 0, 0, 2}, {Delete, 2, 2, 2}, {Equal, 4, 2, 2}}},
		{"中文", "中国文", []Op{{Equal, 0, 0, 1}, {Insert, 1, 1, 1}, {Equal, 1, 2, 1}}},
	}
	for _, tt := range tests {
		a, b := []rune(tt.a), []rune(tt.b)
		ops, ok := Align(a, b, 1<<20)
		if !ok {
			t.Fatalf("Align(%q, %q) refused", tt.a, tt.b)
		}
		cost := checkScript(t, a, b, ops)
		if want := Levenshtein(a, b); cost != want {
			t.Errorf("Align(%q, %q) costs %d, want %d", tt.a, tt.b, cost, want)
		}
		if !reflect.DeepEqual(ops, tt.want) {
			t.Errorf("Align(%q, %q) = %+v, want %+v", tt.a, tt.b, ops, tt.want)
		}
	}
}

func TestAlignRandom(t *testing.T) {
	r := newRand(t, 5)
	for _, a := range alphabets {
		for i := 0; i < 60; i++ {
			x, y := randPair(r, a, 400)
			ops, ok := Align(x, y, len(x)*len(y))
			if !ok {
				t.Fatalf("Align refused %d×%d at its exact limit", len(x), len(y))
			}
			if cost, want := checkScript(t, x, y, ops), Levenshtein(x, y); cost != want {
				t.Fatalf("%s: script costs %d, Levenshtein is %d\na=%q\nb=%q\nops=%+v", a.name, cost, want, string(x), string(y), ops)
			}
		}
	}
}

func TestAlignLimit(t *testing.T) {
	a, b := []rune("abcdef"), []rune("abcxyz")
	if ops, ok := Align(a, b, 35); ok || ops != nil {
		t.Errorf("Align(6×6, limit 35) = %v, %v; want refusal", ops, ok)
	}
	if _, ok := Align(a, b, 36); !ok {
		t.Errorf("Align(6×6, limit 36) refused")
	}
	if _, ok := Align(a, nil, 0); !ok {
		t.Errorf("Align(6×0, limit 0) refused")
	}
	if _, ok := Align(nil, nil, -1); ok {
		t.Errorf("Align with a negative limit did not refuse")
	}
	big := make([]rune, 1<<16)
	if _, ok := Align(big, big, 1<<31); ok {
		t.Errorf("Align(2^16×2^16, limit 2^31) did not refuse")
	}
}

func TestOpKindString(t *testing.T) {
	for k, want := range map[OpKind]string{Equal: "Equal", Insert: "Insert", Delete: "Delete", Substitute: "Substitute", 9: "OpKind(9)"} {
		if got := k.String(); got != want {
			t.Errorf("OpKind(%d).String() = %q, want %q", k, got, want)
		}
	}
}
