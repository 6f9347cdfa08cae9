package dataset

import (
	"bytes"
	"context"
	"os"
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
