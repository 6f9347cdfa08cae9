package dataset

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
)

// TestWriteMarkdown checks the Markdown of the dataset-small example,
// line for line: the summary, the per-path table, the groups and the
// lowest cases.
func TestWriteMarkdown(t *testing.T) {
	w, err := scoring.ParseWeights("weights.json", mustRead(t, "../../testdata/cases/dataset-small/weights.json"))
	if err != nil {
		t.Fatal(err)
	}
	src, err := Open(Spec{Ref: "../../testdata/cases/dataset-small/data.jsonl", GroupBy: ".category"})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	pass := 0.9
	res, err := Score(context.Background(), src, Config{Weights: w, Pass: &pass})
	if err != nil {
		t.Fatal(err)
	}
	h := HeaderOf(res, "weights.json")
	h.Reference, h.Output = "data.jsonl", "data.jsonl"
	var b bytes.Buffer
	if err := WriteMarkdown(&b, h, res.Figures, TextOptions{GroupBy: ".category"}); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/dataset-small.md")
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("markdown:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestWriteOneNumber checks that the lowest cases of a metric that is one
// number (no tree: no leaf loses anything) have no costliest-leaf
// columns, in text and in Markdown.
func TestWriteOneNumber(t *testing.T) {
	exact, err := scoring.LookupMetric("exact")
	if err != nil {
		t.Fatal(err)
	}
	res := scoreSpec(t, Spec{Ref: "../../testdata/cases/dataset-small/data.jsonl"}, Config{Metric: exact})
	h := HeaderOf(res, "")
	h.Reference, h.Output = "data.jsonl", "data.jsonl"
	var text, md bytes.Buffer
	if err := WriteText(&text, h, res.Figures, TextOptions{Lowest: 2}); err != nil {
		t.Fatal(err)
	}
	if err := WriteMarkdown(&md, h, res.Figures, TextOptions{Lowest: 2}); err != nil {
		t.Fatal(err)
	}
	wantText := "the 2 lowest scored cases\nid       status  score\ninv-002  scored      0\ninv-003  scored      0\n" +
		"not listed: 1 missing (no output) and 1 invalid (not valid JSON), each scoring 0; their ids are in --format json\n"
	if !strings.HasSuffix(text.String(), wantText) {
		t.Errorf("text:\n%s\nwant it to end in:\n%s", text.String(), wantText)
	}
	wantMD := "Lowest 2 scored cases:\n\n| id | status | score |\n| --- | --- | ---: |\n| `inv-002` | scored | 0 |\n| `inv-003` | scored | 0 |\n" +
		"\nnot listed: 1 missing (no output) and 1 invalid (not valid JSON), each scoring 0; their ids are in --format json.\n"
	if !strings.HasSuffix(md.String(), wantMD) {
		t.Errorf("markdown:\n%s\nwant it to end in:\n%s", md.String(), wantMD)
	}
}

// TestLowestIsTheSort checks that the lowest cases kept while reading are
// those of a stable sort by score: ties (many here) in reference order,
// unscored, missing and invalid cases left out, whatever n.
func TestLowestIsTheSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 22))
	cases := make([]CaseFigures, 2000)
	for i := range cases {
		c := &cases[i]
		c.ID, c.Status, c.HasScore = fmt.Sprint(i), CaseScored, true
		c.Score = float64(rng.IntN(40)) / 40
		switch rng.IntN(10) {
		case 0:
			c.Status = CaseMissing
		case 1:
			c.Status, c.HasScore = CaseIgnored, false
		}
	}
	for _, n := range []int{1, 2, 10, 37, maxLowestKept, maxLowestKept + 1, 5000} {
		got, want := Lowest(cases, n), lowestSorted(cases, n)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("n %d: %d cases, the first %+v; want %d, the first %+v", n, len(got), got[0], len(want), want[0])
		}
	}
	if got := Lowest(cases, 0); len(got) != 0 {
		t.Errorf("n 0: %d cases", len(got))
	}
}
