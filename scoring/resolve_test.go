package scoring

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// wideRef returns a reference object of n keys "key_0000000"...
func wideRef(n int) []byte {
	var b strings.Builder
	b.WriteByte('{')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"key_%07d":%d`, i, i%1000)
	}
	b.WriteByte('}')
	return []byte(b.String())
}

// wideWeights returns a weights file with an entry for each of the n keys
// of wideRef, a loopback object for every tenth, and unknown entries
// "kex_…" (one letter off a key) for the first unknown keys.
func wideWeights(n, unknown int) []byte {
	var b strings.Builder
	b.WriteString("{\n")
	for i := range n {
		fmt.Fprintf(&b, "  \"key_%07d\": 0.5,\n", i)
	}
	for i := range unknown {
		fmt.Fprintf(&b, "  \"kex_%07d\": 0.5,\n", i)
	}
	b.WriteString("  \"last\": 1\n}\n")
	return []byte(b.String())
}

func wideTree(t testing.TB, n, unknown int) *Tree {
	t.Helper()
	rd, err := jsondoc.Parse("ref.json", wideRef(n), nil)
	if err != nil {
		t.Fatal(err)
	}
	w, err := ParseWeights("weights.json", wideWeights(n, unknown))
	if err != nil {
		t.Fatal(err)
	}
	tree, err := Build(rd, rd, w, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// TestResolveLinear reproduces issue 10's quadratic weights file: every
// key's entry was found by scanning the members of its weights object, so
// n keys cost n²/2 key comparisons. Now each weights object is indexed
// once: the work is a small multiple of the entries.
func TestResolveLinear(t *testing.T) {
	for _, n := range []int{2_000, 20_000} {
		tree := wideTree(t, n, 0)
		if got := tree.SlotAt(1).Weight; got != 0.5 {
			t.Fatalf("n=%d: weight %v, want 0.5", n, got)
		}
		if tree.resolveWork > 3*n {
			t.Errorf("n=%d: resolving cost %d steps, want at most %d", n, tree.resolveWork, 3*n)
		}
	}
}

// TestWeightsWarningsBounded reproduces issue 10's flood: a weights file
// of 10,000 entries the reference lacks made 10,000 warnings, each with a
// "did you mean" found by comparing the entry with every key. Now the
// tree keeps the first report.MaxWarnings and counts the others, and
// only those kept get a suggestion, from a bounded search.
func TestWeightsWarningsBounded(t *testing.T) {
	const n, unknown = 10_000, 10_000
	tree := wideTree(t, n, unknown)
	ws := tree.Warnings()
	first, ignored := tree.IgnoredEntries()
	if len(ws) != maxWarnings || tree.OmittedWarnings() != unknown+1-maxWarnings || ignored != unknown+1 || len(first) != maxWarnings {
		t.Fatalf("%d warnings kept, %d omitted, %d entries ignored (%d listed); want %d, %d, %d",
			len(ws), tree.OmittedWarnings(), ignored, len(first), maxWarnings, unknown+1-maxWarnings, unknown+1)
	}
	want := `.kex_0000019: weights.json:10021:3: the reference has no key "kex_0000019" at the top level; the entry is ignored; did you mean "key_0000019"?`
	if got := ws[19].Path + ": " + ws[19].Message; got != want {
		t.Errorf("warning 20:\n got %s\nwant %s", got, want)
	}
	if max := maxWarnings * suggestCandidates * 2 * suggestMaxLen; tree.suggestWork > max {
		t.Errorf("suggestions compared %d characters, want at most %d", tree.suggestWork, max)
	}
	rep := tree.Report("jsondiff", nil)
	if len(rep.Warnings) != maxWarnings || rep.MoreWarnings != unknown+1-maxWarnings {
		t.Errorf("report: %d warnings and %d more", len(rep.Warnings), rep.MoreWarnings)
	}
}

// TestNearestKeyBounded checks the bounds of one suggestion: a key longer
// than suggestMaxLen gets none, and at a place with more keys than
// suggestCandidates only the first are compared.
func TestNearestKeyBounded(t *testing.T) {
	tree := wideTree(t, suggestScan+100, 0)
	ctxs := []int32{0}
	if got, compared, of := tree.nearestKey(ctxs, "kex_0000005"); got != "key_0000005" || compared != of {
		t.Errorf("nearest of kex_0000005 = %q (%d of %d keys)", got, compared, of)
	}
	// key_0020050 is one edit away, but past the keys compared: the
	// answer is the nearest among those, key_0000050, two edits away
	// (within the limit of 3 for 11 characters), and says so.
	tree.suggestWork = 0
	got, compared, of := tree.nearestKey(ctxs, fmt.Sprintf("kex_%07d", suggestScan+50))
	if got != "key_0000050" || compared != suggestCandidates || of != suggestScan+100 {
		t.Errorf("nearest of a key past the candidates = %q (%d of %d keys), want key_0000050 (%d of %d)",
			got, compared, of, suggestCandidates, suggestScan+100)
	}
	if want := suggestCandidates * 2 * 11; tree.suggestWork != want {
		t.Errorf("one suggestion compared %d characters, want %d", tree.suggestWork, want)
	}
	long := strings.Repeat("k", suggestMaxLen+1)
	tree.suggestWork = 0
	if got, _, _ := tree.nearestKey(ctxs, long); got != "" || tree.suggestWork != 0 {
		t.Errorf("a key of %d characters: suggestion %q after %d characters compared", len(long), got, tree.suggestWork)
	}
}

// TestNearestKeyPartialMessage checks the wording of a suggestion from a
// search that stopped short: it says how many keys it compared.
func TestNearestKeyPartialMessage(t *testing.T) {
	rd, err := jsondoc.Parse("ref.json", wideRef(suggestScan+100), nil)
	if err != nil {
		t.Fatal(err)
	}
	w, err := ParseWeights("weights.json", []byte(`{"kex_0020050": 0.5, "key_0000001": 1}`))
	if err != nil {
		t.Fatal(err)
	}
	tree, err := Build(rd, rd, w, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := `weights.json:1:2: the reference has no key "kex_0020050" at the top level; the entry is ignored; ` +
		`the nearest of the first 2,000 of its 20,100 keys is "key_0000050"`
	if ws := tree.Warnings(); len(ws) != 1 || ws[0].Message != want {
		t.Errorf("warnings %v\nwant %s", ws, want)
	}
}

// TestWeightsDuplicateKeys: a key given twice in a weights file is warned
// about, naming its path, as it is in the reference and the output; the
// last one wins.
func TestWeightsDuplicateKeys(t *testing.T) {
	tree, err := buildWith(t, pizzaRef, `{"beer": 0.5, "fixed_menus": {"pizza": 0.1, "pizza": 0.2}, "beer": 0.25}`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range tree.Warnings() {
		got = append(got, w.Path+": "+w.Message)
	}
	want := []string{
		`.fixed_menus.pizza: weights.json:1:45: duplicate key "pizza": the last one wins`,
		`.beer: weights.json:1:60: duplicate key "beer": the last one wins`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, s := range tree.Slots() {
		if (s.Key == "beer" && s.Weight != 0.25) || (s.Key == "pizza" && s.Weight != 0.2) {
			t.Errorf("%s weighs %v", s.Key, s.Weight)
		}
	}
}

// TestBuildWideMemory reproduces issue 10's memory peak on one object of a
// million keys (23 times the input): each key's slot was appended to a
// growing table of 112-byte slots, indexed by a growing map, and the
// builders kept tallies as long as the table. It measures what a build
// allocates per key (deterministic, unlike a peak), the output's keys in
// reverse order: the node records (32 bytes a key), the slots (16) and
// the index of the output's keys out of order (5 to 11). See also
// TestBuildFlatMemory.
func TestBuildWideMemory(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates on its own")
	}
	const n = 200_000
	rd, od := wideDocs(t, n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	tree, err := Build(rd, od, nil, Options{})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	// About 59 bytes a key (990 before; 170 with 72-byte slots).
	perKey := float64(after.TotalAlloc-before.TotalAlloc) / n
	if perKey > 66 {
		t.Errorf("the build allocated %.0f bytes a key, want at most 66", perKey)
	}
	if tree.Len() != n+1 {
		t.Fatalf("%d nodes", tree.Len())
	}
}
