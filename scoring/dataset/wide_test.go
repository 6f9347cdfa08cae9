package dataset

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// wideRecord returns a record whose reference is one flat object of the
// keys k<from> to k<to-1>, its output's value one higher for every third.
func wideRecord(id string, from, to int) string {
	var ref, out strings.Builder
	for i := from; i < to; i++ {
		if i > from {
			ref.WriteByte(',')
			out.WriteByte(',')
		}
		v := i
		if i%3 == 0 {
			v++
		}
		fmt.Fprintf(&ref, `"k%d":%d`, i, i)
		fmt.Fprintf(&out, `"k%d":%d`, i, v)
	}
	return fmt.Sprintf(`{"id":%q,"reference":{%s},"output":{%s}}`, id, ref.String(), out.String())
}

// TestWideCasesAreExact scores a dataset whose cases have as many schema
// paths as nodes, more than a batch keeps between cases (bigParts): the
// first one's parts become its batch's and then the dataset's rows
// without a copy, the second one's are added up beside small cases that
// share some of their paths. Every figure is checked against the same
// cases' lines added up (which go through none of those shortcuts), bit
// for bit.
func TestWideCasesAreExact(t *testing.T) {
	if raceEnabled {
		t.Skip("15 s under the race detector; TestWidePartsFoldAsParts covers the shortcuts")
	}
	n := bigParts + 50
	records := []string{
		wideRecord("wide1", 0, n),
		`{"id":"small","reference":{"k1":1,"k2":"s","arr":[1,2]},"output":{"k1":2,"arr":[1]}}`,
		`{"id":"between","reference":{"k5":5,"k3":0.5},"output":{"k5":5,"k3":-0.5}}`,
		wideRecord("wide2", n-20, 2*n-20),
		`{"id":"last","reference":{"k0":0},"output":{}}`,
	}
	p := filepath.Join(t.TempDir(), "wide.jsonl")
	if err := os.WriteFile(p, []byte(strings.Join(records, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var lines []string
	whole := scoreSpec(t, Spec{Ref: p}, Config{Workers: 1, Lines: true, Cases: func(c *Case) error {
		lines = append(lines, string(c.Line))
		return nil
	}}).Figures
	if got := len(whole.Paths); got != 2*n-20+3 {
		t.Fatalf("%d paths, want %d", got, 2*n-20+3)
	}
	figs, err := Aggregate(context.Background(), []Shard{{Name: "s.jsonl", R: strings.NewReader(strings.Join(lines, ""))}}, AggregateConfig{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	bitSame(t, "the lines added up", figs, whole)
	r := rand.New(rand.NewPCG(20, 1))
	bitSame(t, "partials", mergeRandomly(t, r, cut(r, lines, 3)).figures(t, nil), whole)
	// Paths of the wide cases: k3 is in wide1 and in between, k<n-1> in
	// both wide cases.
	for _, f := range whole.Paths {
		if (f.Path == ".k3" || f.Path == fmt.Sprintf(".k%d", n-1)) && (f.Cases != 2 || f.Nodes != 2) {
			t.Errorf("%s: %d cases, %d nodes, want 2 and 2", f.Path, f.Cases, f.Nodes)
		}
	}
}

// TestWidePartsFoldAsParts checks the shortcut of a case of many paths
// against the general way: its parts made a batch's without a copy
// (foldCase) give the rows that fold gives, and so does a second case
// added to each.
func TestWidePartsFoldAsParts(t *testing.T) {
	n := bigParts + 10
	parts := func(from, to int, seed float64) []pathPart {
		var out []pathPart
		for k := from; k < to; k++ {
			p := pathPart{path: int32(k), first: int32(k), nodes: 1 + int32(k%3), scored: 1, scoreSum: seed / float64(k+1),
				lossSum: float64(k%5) / 7, kind: 3, kinds: 1 << 3, scalars: 1, weight: float64(k % 4)}
			p.status[k%7]++
			p.counts[k%5]++
			if k%9 == 0 {
				p.pathWeight, p.hasPathWeight = 2.5, true
			}
			out = append(out, p)
		}
		return out
	}
	var fast, slow accumulator
	var bf, bs batch
	acc := caseAcc{parts: parts(0, n, 1), at: make([]int32, n)}
	for k := range acc.parts {
		acc.at[k] = int32(k + 1)
	}
	bf.foldCase(&acc, 0)
	if len(acc.parts) != 0 || len(bf.parts) != n {
		t.Fatalf("foldCase: %d parts left, %d taken", len(acc.parts), len(bf.parts))
	}
	fast.addParts(bf.parts, bf.sums)
	bs.fold(parts(0, n, 1), 0)
	slow.addParts(bs.parts, bs.sums)
	second := parts(n-100, n+5, 3)
	for _, a := range []*accumulator{&fast, &slow} {
		var b batch
		b.fold(second, 1)
		b.fold(parts(n-3, n+1, 5), 2)
		a.addParts(b.parts, b.sums)
	}
	if fast.paths.len() != slow.paths.len() {
		t.Fatalf("%d rows, want %d", fast.paths.len(), slow.paths.len())
	}
	for id := range int32(slow.paths.len()) {
		f, s := fast.pathFiguresOf(id, "p", 1, 3), slow.pathFiguresOf(id, "p", 1, 3)
		fr, sr := fast.paths.at(id), slow.paths.at(id)
		if f != s || fr.firstCase != sr.firstCase || fr.first != sr.first || fr.pathWeight != sr.pathWeight || fr.kinds != sr.kinds {
			t.Fatalf("path %d: %+v\n%+v\nwant\n%+v\n%+v", id, f, fr, s, sr)
		}
	}
}

// bitSame is bitEqual without the rendering, which on a hundred
// thousand paths would take seconds: every figure compared with ==.
func bitSame(t *testing.T, what string, got, want *Figures) {
	t.Helper()
	if got.Score != want.Score || got.HasScore != want.HasScore {
		t.Fatalf("%s: score %v, want %v", what, got.Score, want.Score)
	}
	if got.Stats != want.Stats {
		t.Fatalf("%s: stats %+v, want %+v", what, got.Stats, want.Stats)
	}
	if len(got.Paths) != len(want.Paths) {
		t.Fatalf("%s: %d paths, want %d", what, len(got.Paths), len(want.Paths))
	}
	for i := range got.Paths {
		if got.Paths[i] != want.Paths[i] {
			t.Fatalf("%s: path %d:\n%+v\nwant\n%+v", what, i, got.Paths[i], want.Paths[i])
		}
	}
	if !reflect.DeepEqual(got.Cases, want.Cases) {
		t.Fatalf("%s: the cases differ", what)
	}
}

// TestRowsGoAsFiguresAreMade checks that a run whose rows serve nothing
// after its figures (dropRows) makes the same path figures while letting
// the rows go chunk by chunk, and holds none after.
func TestRowsGoAsFiguresAreMade(t *testing.T) {
	n := bigParts + rowChunk/2
	table := newPathTable()
	var keep, drop accumulator
	for k := range n {
		id := table.child(0, fmt.Sprintf("k%d", k), false)
		p := pathPart{path: id, cases: 1, nodes: 1, scored: 1, scoreSum: 1 / float64(k+1), lossSum: 0.5, firstCase: 0, first: int32(n - k)}
		p.counts[k%5] = 1
		keep.addPart(&p, nil)
		drop.addPart(&p, nil)
	}
	keep.paths0, drop.paths0 = table, table
	drop.dropRows = true
	want, got := keep.pathFigures(1), drop.pathFigures(1)
	if len(got) != len(want) || len(got) != n {
		t.Fatalf("%d path figures, want %d", len(got), n)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("path %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if drop.paths.len() != 0 || keep.paths.len() != n+1 {
		t.Fatalf("rows left: %d dropped, %d kept", drop.paths.len(), keep.paths.len())
	}
}
