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
// paths as nodes, more than a batch keeps between cases (bigParts), beside
// small cases that share some of their paths, and checks every figure
// against the same cases' lines added up (which go through none of the
// wide cases' shortcuts) and against other worker counts, bit for bit.
func TestWideCasesAreExact(t *testing.T) {
	n := bigParts + 100
	records := []string{
		`{"id":"small","reference":{"k1":1,"k2":"s","arr":[1,2]},"output":{"k1":2,"arr":[1]}}`,
		wideRecord("wide1", 0, n),
		`{"id":"between","reference":{"k5":5,"k3":0.5},"output":{"k5":5,"k3":-0.5}}`,
		wideRecord("wide2", n/2, n+n/2),
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
	if got := len(whole.Paths); got != n+n/2+3 {
		t.Fatalf("%d paths, want %d", got, n+n/2+3)
	}
	again := scoreSpec(t, Spec{Ref: p}, Config{Workers: 2}).Figures
	bitSame(t, "two workers", again, whole)
	figs, err := Aggregate(context.Background(), []Shard{{Name: "s.jsonl", R: strings.NewReader(strings.Join(lines, ""))}}, AggregateConfig{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	bitSame(t, "the lines added up", figs, whole)
	r := rand.New(rand.NewPCG(20, 1))
	bitSame(t, "partials", mergeRandomly(t, r, cut(r, lines, 3)).figures(t, nil), whole)
	// A path of the wide cases: k3 is in wide1 and in between.
	for _, f := range whole.Paths {
		if f.Path == ".k3" && (f.Cases != 2 || f.Nodes != 2) {
			t.Errorf(".k3: %d cases, %d nodes, want 2 and 2", f.Cases, f.Nodes)
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
