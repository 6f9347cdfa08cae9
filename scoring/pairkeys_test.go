package scoring

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// TestObjectPairsKeys checks how an object's members pair up, the
// output's keys in the reference's order for a while and then not (the
// rest looked up in an index of the rest alone): every reference key in
// its order with the output's member of that key, then the output's keys
// the reference lacks in the output's order, under KeyUnion too. Keys
// written with escapes, missing keys and extra keys fall anywhere.
func TestObjectPairsKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 300 {
		n := 1 + rng.IntN(40)
		var ref []string
		for i := range n {
			ref = append(ref, fmt.Sprintf("k%d", i))
		}
		// The output: a prefix in order, then the rest shuffled, some
		// keys dropped and some added.
		prefix := rng.IntN(n + 1)
		out := slices.Clone(ref[:prefix])
		rest := slices.Clone(ref[prefix:])
		rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
		for _, k := range rest {
			if rng.IntN(5) > 0 {
				out = append(out, k)
			}
		}
		for range rng.IntN(4) {
			at := rng.IntN(len(out) + 1)
			out = slices.Insert(out, at, fmt.Sprintf("x%d", rng.IntN(1000)))
		}
		out = slices.Compact(out) // no key twice in a row
		seen := map[string]bool{}
		out = slices.DeleteFunc(out, func(k string) bool { d := seen[k]; seen[k] = true; return d })
		rd, err := jsondoc.Parse("ref.json", keysObject(rng, ref, true), nil)
		if err != nil {
			t.Fatal(err)
		}
		od, err := jsondoc.Parse("out.json", keysObject(rng, out, true), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, union := range []bool{false, true} {
			tree, err := Build(rd, od, nil, Options{KeyUnion: union})
			if err != nil {
				t.Fatal(err)
			}
			var got, want []string
			first, count := tree.Children(0)
			for c := first; c < first+NodeID(count); c++ {
				ok := tree.OutValue(c) != jsondoc.None && tree.RefValue(c) != jsondoc.None &&
					od.Key(tree.OutValue(c)) == rd.Key(tree.RefValue(c))
				got = append(got, fmt.Sprintf("%s:%v", tree.Key(c), ok || tree.OutValue(c) == jsondoc.None || tree.RefValue(c) == jsondoc.None))
			}
			inOut := map[string]bool{}
			for _, k := range out {
				inOut[k] = true
			}
			inRef := map[string]bool{}
			for _, k := range ref {
				inRef[k] = true
				want = append(want, k+":true")
			}
			for _, k := range out {
				if !inRef[k] {
					want = append(want, k+":true")
				}
			}
			if !slices.Equal(got, want) {
				t.Fatalf("round %d (union %v): ref %v, out %v:\n got %v\nwant %v", round, union, ref, out, got, want)
			}
			for c := first; c < first+NodeID(count); c++ {
				k := tree.Key(c)
				if inRef[k] && inOut[k] != (tree.OutValue(c) != jsondoc.None) {
					t.Fatalf("round %d: %s paired with %v", round, k, tree.OutValue(c))
				}
			}
		}
	}
}

// keysObject is a JSON object of keys, each with its length as value; with
// escapeSome, rng escapes the first letter of about one key in six.
func keysObject(rng *rand.Rand, keys []string, escapeSome bool) []byte {
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		if escapeSome && rng.IntN(6) == 0 {
			k = `\u006b` + k[1:] // "k" escaped
			if strings.HasPrefix(keys[i], "x") {
				k = `\u0078` + keys[i][1:]
			}
		}
		fmt.Fprintf(&b, `"%s":%d`, k, len(keys[i]))
	}
	b.WriteByte('}')
	return []byte(b.String())
}
