package dataset

import (
	"bytes"
	"context"
	"testing"

	"github.com/jsontui/jsontui/scoring"
)

func smallResult(t *testing.T) *Result {
	t.Helper()
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
	return res
}

func TestWriteTextShow(t *testing.T) {
	res := smallResult(t)
	var b bytes.Buffer
	h := HeaderOf(res, "weights.json")
	WriteText(&b, h, res.Figures, TextOptions{GroupBy: ".category"})
	b.WriteString("\n----\n")
	WriteMarkdown(&b, h, res.Figures, TextOptions{})
	b.WriteString("\n----\n")
	WriteJSON(&b, h, res.Figures)
	t.Log("\n" + b.String())
}
