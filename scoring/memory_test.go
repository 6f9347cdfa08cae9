package scoring

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// flatPair returns issue 10's pair at n keys: one object of keys
// "k0".."k<n-1>" with compact separators, and the output with every third
// value one more, its members in the same order or shuffled.
func flatPair(t testing.TB, n int, shuffled bool) (ref, out *jsondoc.Doc) {
	t.Helper()
	order := identity(n)
	if shuffled {
		rand.New(rand.NewPCG(10, 10)).Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	write := func(order []int, bump bool) []byte {
		b := make([]byte, 0, 16*n)
		b = append(b, '{')
		for k, i := range order {
			if k > 0 {
				b = append(b, ',')
			}
			v := i
			if bump && i%3 == 0 {
				v++
			}
			b = fmt.Appendf(b, `"k%d":%d`, i, v)
		}
		return append(b, '}')
	}
	var err error
	if ref, err = jsondoc.Parse("r2.json", write(identity(n), false), nil); err != nil {
		t.Fatal(err)
	}
	if out, err = jsondoc.Parse("o2.json", write(order, true), nil); err != nil {
		t.Fatal(err)
	}
	return ref, out
}

func identity(n int) []int {
	o := make([]int, n)
	for i := range o {
		o[i] = i
	}
	return o
}

// TestBuildFlatMemory measures what building issue 10's pair at 100,000
// keys keeps (live after a collection) and allocates in all, per key, the
// output's keys in the reference's order and shuffled. The tree keeps its
// node records (32 bytes a key) and its slots (8 bytes a key: the slot's
// parent and key; the column of side records stops at the last slot that
// has one, and the keys of one object make a run of slots, which their
// parent's list holds as a run, with no room a key): 40.6 bytes a key. The pairing's index (5 to 11 bytes a key) is
// made only for the keys out of order, and dropped with the build's
// scratch; the slots' index only for keys a lookup must find. Issue 10:
// 72-byte slot records, an index of the slots and the builder's scratch,
// all kept with the tree, made 130 bytes a key kept and 133 allocated (171
// and 175 shuffled).
func TestBuildFlatMemory(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates on its own")
	}
	const n = 100_000
	for _, c := range []struct {
		shuffled    bool
		kept, alloc float64
	}{{false, 42, 42}, {true, 42, 54}} {
		t.Run(fmt.Sprintf("shuffled=%v", c.shuffled), func(t *testing.T) {
			ref, out := flatPair(t, n, c.shuffled)
			var before, after, end runtime.MemStats
			// A collection reclaims the parses' tables bigbuf holds:
			// the build makes its own (see TestBuildTakesParseTables).
			runtime.GC()
			runtime.ReadMemStats(&before)
			tree, err := Build(ref, out, nil, Options{})
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			runtime.GC()
			runtime.ReadMemStats(&end)
			kept := (float64(end.HeapAlloc) - float64(before.HeapAlloc)) / n
			alloc := float64(after.TotalAlloc-before.TotalAlloc) / n
			t.Logf("the tree keeps %.1f bytes a key; the build allocated %.1f", kept, alloc)
			if kept > c.kept {
				t.Errorf("the tree keeps %.1f bytes a key, want at most %v", kept, c.kept)
			}
			if alloc > c.alloc {
				t.Errorf("the build allocated %.1f bytes a key, want at most %v", alloc, c.alloc)
			}
			if got, _ := tree.Total(); tree.Len() != n+1 || tree.NumSlots() != n+1 || fmt.Sprint(got) != "0.9999720892488636" {
				t.Errorf("%d nodes, %d slots, total %v", tree.Len(), tree.NumSlots(), got)
			}
			runtime.KeepAlive(tree)
		})
	}
}

// TestBuildTakesParseTables checks that the build of issue 10's pair at
// 100,000 keys makes its slots' columns in the table the parse made to
// find the duplicate keys of the wide object, which it handed over
// (internal/bigbuf): one parse after the other, the second reusing the
// first's table, that table holds both columns of 4 bytes a key, and the
// build allocates 8 bytes a key less than with none at hand (40.7,
// TestBuildFlatMemory). In the CLI both documents are parsed at once: the
// build takes one of their two tables.
func TestBuildTakesParseTables(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates on its own")
	}
	// No collection may run between the parses and the build, or it
	// would reclaim the table (bigbuf holds it weakly): the build would
	// then make its columns in the memory the table left.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	const n = 100_000
	ref, out := flatPair(t, n, false) // the parses' last table is at hand
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	tree, err := Build(ref, out, nil, Options{})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	alloc := float64(after.TotalAlloc-before.TotalAlloc) / n
	t.Logf("the build allocated %.1f bytes a key", alloc)
	if alloc > 34 {
		t.Errorf("the build allocated %.1f bytes a key, want at most 34", alloc)
	}
	if got, _ := tree.Total(); tree.NumSlots() != n+1 || fmt.Sprint(got) != "0.9999720892488636" {
		t.Errorf("%d slots, total %v", tree.NumSlots(), got)
	}
}

// flatWeights returns a weights file for flatPair's reference: every key
// 0.5.
func flatWeights(t testing.TB, n int) *Weights {
	t.Helper()
	b := []byte("{\n")
	for i := range n {
		b = fmt.Appendf(b, "  \"k%d\": 0.5,\n", i)
	}
	b = append(b, "  \"last\": 1\n}\n"...)
	w, err := ParseWeights("weights.json", b)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestMarshalWeightsMemory checks that writing the weights of a tree of
// 100,000 keys allocates in proportion to what it writes: no list or map
// per key. Issue 10: every key's slot made a map and a list of the keys
// below it (252 MB for 1M keys), and the top level a map of every key.
func TestMarshalWeightsMemory(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates on its own")
	}
	const n = 100_000
	ref, out := flatPair(t, n, false)
	for _, c := range []struct {
		name    string
		weights bool
		edit    bool
		perKey  float64 // bytes allocated per key, besides twice the output
		want    string  // the output's start
	}{
		{"no file", false, false, 2, "{}\n"},
		{"no file, one edit", false, true, 2, "{\n  \"k7\": 0.25\n}\n"},
		{"a file of every key", true, false, 16, "{\n  \"k0\": 0.5,\n  \"k1\": 0.5,\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var w *Weights
			if c.weights {
				w = flatWeights(t, n)
			}
			tree, err := Build(ref, out, w, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if c.edit {
				if _, err := tree.SetSlotWeight(8, 0.25); err != nil {
					t.Fatal(err)
				}
			}
			var got []byte
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			got = tree.MarshalWeights()
			runtime.ReadMemStats(&after)
			if len(got) < len(c.want) || string(got[:len(c.want)]) != c.want {
				t.Fatalf("MarshalWeights starts %.60q, want %q", got, c.want)
			}
			extra := (float64(after.TotalAlloc-before.TotalAlloc) - 2*float64(len(got))) / n
			t.Logf("%d bytes written, %.1f bytes a key allocated besides twice that", len(got), extra)
			if extra > c.perKey {
				t.Errorf("MarshalWeights allocated %.1f bytes a key besides twice its output, want at most %v", extra, c.perKey)
			}
		})
	}
}

// flatKeyCounts are the sizes of the flat-pair benchmarks: 100k keys (the
// size the memory tests check), 1M (issue 10's files) and 10M.
func flatKeyCounts() []int {
	if testing.Short() {
		return []int{100_000}
	}
	return []int{100_000, 1_000_000, 10_000_000}
}

// BenchmarkBuildFlat builds issue 10's pair (one object of n keys, the
// output's in the reference's order or shuffled). "kept-B/key" is what
// the tree holds once built (its nodes and slots, about 48.6 bytes a
// key), "alloc-B/key" what the build allocates in all: both stay flat
// from 100k to 10M keys.
func BenchmarkBuildFlat(b *testing.B) {
	for _, n := range flatKeyCounts() {
		for _, shuffled := range []bool{false, true} {
			name := sizeName(n) + "/in-order"
			if shuffled {
				name = sizeName(n) + "/shuffled"
			}
			b.Run(name, func(b *testing.B) {
				ref, out := flatPair(b, n, shuffled)
				b.ReportAllocs()
				var before, after runtime.MemStats
				var kept float64
				runtime.GC()
				runtime.ReadMemStats(&before)
				for b.Loop() {
					tree, err := Build(ref, out, nil, Options{})
					if err != nil {
						b.Fatal(err)
					}
					if kept == 0 {
						b.StopTimer()
						var mid runtime.MemStats
						runtime.GC()
						runtime.ReadMemStats(&mid)
						kept = float64(mid.HeapAlloc) - float64(before.HeapAlloc)
						runtime.KeepAlive(tree)
						b.StartTimer()
					}
				}
				runtime.ReadMemStats(&after)
				b.ReportMetric(kept/float64(n), "kept-B/key")
				b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(n), "alloc-B/key")
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/key")
			})
		}
	}
}

// BenchmarkMarshalWeightsFlat writes the weights of a tree of n keys, one
// of which was edited: "B/key" stays about 1 byte a key (the cache of the
// keys that need writing) at any size.
func BenchmarkMarshalWeightsFlat(b *testing.B) {
	for _, n := range flatKeyCounts() {
		b.Run(sizeName(n), func(b *testing.B) {
			ref, out := flatPair(b, n, false)
			tree, err := Build(ref, out, nil, Options{})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := tree.SetSlotWeight(n/2, 0.5); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for b.Loop() {
				tree.MarshalWeights()
			}
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(n), "B/key")
		})
	}
}
