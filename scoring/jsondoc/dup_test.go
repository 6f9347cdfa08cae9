package jsondoc

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestDuplicateKeysTable checks the duplicate keys of objects large
// enough for the table of members (past dupScanLimit) against a plain
// reading: the last member of each key is kept; each other one gets a
// warning, the last member first, at the line of the member kept. Keys
// repeat often, some written with escapes, some nested objects in
// between.
func TestDuplicateKeysTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	names := []string{"a", "b", "ab", "ba", "", "é", "k1", "k10", "x"}
	for round := range 200 {
		n := dupScanLimit + 1 + rng.IntN(60)
		var src strings.Builder
		src.WriteString("{")
		keys := make([]string, n)
		for i := range n {
			keys[i] = names[rng.IntN(len(names))]
			if rng.IntN(3) == 0 {
				keys[i] += fmt.Sprint(rng.IntN(30))
			}
			written := keys[i]
			if written != "" && rng.IntN(5) == 0 {
				written = fmt.Sprintf(`\u%04x`, []rune(written)[0]) + string([]rune(written)[1:])
			}
			if i > 0 {
				src.WriteString(",\n")
			}
			if rng.IntN(8) == 0 {
				fmt.Fprintf(&src, `"%s": {"in": %d, "in": 0}`, written, i)
			} else {
				fmt.Fprintf(&src, `"%s": %d`, written, i)
			}
		}
		src.WriteString("}")
		d, err := Parse("dups.json", []byte(src.String()), nil)
		if err != nil {
			t.Fatal(err)
		}
		last := map[string]int{}
		for i, k := range keys {
			last[k] = i
		}
		var want []string
		for i := n - 1; i >= 0; i-- {
			if last[keys[i]] != i {
				want = append(want, fmt.Sprintf("%s %d", string(AppendKey(nil, keys[i])), last[keys[i]]+1))
			}
		}
		var got []string
		for _, w := range d.Warnings() {
			if !strings.HasSuffix(w.Path, ".in") {
				got = append(got, fmt.Sprintf("%s %d", w.Path, w.Line))
			}
		}
		if d.OmittedWarnings() > 0 && len(got) < len(want) {
			want = want[:len(got)] // past MaxWarnings, counted only
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("round %d:\n%s\nwarnings %v\nwant     %v", round, src.String(), got, want)
		}
		if d.Count(0) != len(last) {
			t.Fatalf("round %d: %d members kept, want %d", round, d.Count(0), len(last))
		}
		for c := d.Child(0); c != None; c = d.Next(c) {
			if d.Kind(c) == Number && int(d.Float(c)) != last[d.Key(c)] {
				t.Fatalf("round %d: %q holds %v, want the last, %d", round, d.Key(c), d.Float(c), last[d.Key(c)])
			}
		}
	}
}

// TestDuplicateKeysSmallMemo parses many small objects one document
// after the other, as a dataset's records are, from keys that often share
// a signature (axb, ayb) or repeat, some written with an escape: shapes
// recur with and without duplicates, and the signature lists remembered
// as free of them (sigMemo, kept from parse to parse) must never hide
// one. Each document's kept members and warning count are checked
// against a plain reading.
func TestDuplicateKeysSmallMemo(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	names := []string{"axb", "ayb", "ab", "ba", "a", "id", "name", "é"}
	for round := range 3000 {
		n := 2 + rng.IntN(dupScanLimit-1)
		keys := make([]string, n)
		var src strings.Builder
		src.WriteString("{")
		for i := range n {
			keys[i] = names[rng.IntN(len(names))]
			if rng.IntN(4) == 0 {
				keys[i] += fmt.Sprint(rng.IntN(3))
			}
			written := keys[i]
			if rng.IntN(20) == 0 {
				written = fmt.Sprintf(`\u%04x`, []rune(written)[0]) + string([]rune(written)[1:])
			}
			if i > 0 {
				src.WriteString(", ")
			}
			fmt.Fprintf(&src, `"%s": %d`, written, i)
		}
		src.WriteString("}")
		d, err := Parse("small.json", []byte(src.String()), nil)
		if err != nil {
			t.Fatal(err)
		}
		last := map[string]int{}
		for i, k := range keys {
			last[k] = i
		}
		if got, want := len(d.Warnings())+d.OmittedWarnings(), n-len(last); got != want {
			t.Fatalf("round %d: %s: %d warnings, want %d", round, src.String(), got, want)
		}
		if d.Count(0) != len(last) {
			t.Fatalf("round %d: %s: %d members kept, want %d", round, src.String(), d.Count(0), len(last))
		}
		for c := d.Child(0); c != None; c = d.Next(c) {
			if int(d.Float(c)) != last[d.Key(c)] {
				t.Fatalf("round %d: %s: %q holds %v, want the last, %d", round, src.String(), d.Key(c), d.Float(c), last[d.Key(c)])
			}
		}
		d.Release()
	}
}
