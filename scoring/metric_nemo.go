package scoring

import (
	"context"
	"fmt"

	"github.com/jsontui/jsontui/scoring/textdist"
	"github.com/jsontui/jsontui/scoring/textsim"
)

// nemoMetric is one of NVIDIA NeMo Evaluator's similarity metrics, applied
// to the two documents' JSON text (the reference's, and the output's as
// parsed: without the prose or code fence a lenient parse removed). The
// definitions, and where they come from:
//
//   - em: SQuAD exact match (evaluate-v2.0.py compute_exact): equal after
//     lower-casing, removing ASCII punctuation and the articles a, an,
//     the, and collapsing white space;
//   - f1: SQuAD token F1 (compute_f1) over those normalized tokens;
//   - bleu: sacreBLEU sentence_bleu defaults (13a tokenizer, 4-grams,
//     "exp" smoothing, effective order), divided by 100 (NeMo reports
//     0–100);
//   - rouge-1, rouge-2, rouge-l: Google rouge-score F-measure (default
//     tokenizer: lower-case, runs of [a-z0-9]; no stemmer).
type nemoMetric struct{ name string }

func (m nemoMetric) Name() string { return m.name }

func (m nemoMetric) About() string {
	switch m.name {
	case "em":
		return "NeMo Evaluator exact match (SQuAD normalization) on the two documents' text"
	case "f1":
		return "NeMo Evaluator token F1 (SQuAD) on the two documents' text"
	case "bleu":
		return "NeMo Evaluator BLEU (sacreBLEU sentence BLEU, 13a, exp smoothing) / 100 on the documents' text"
	case "rouge-1":
		return "NeMo Evaluator ROUGE-1 F-measure (rouge-score) on the documents' text"
	case "rouge-2":
		return "NeMo Evaluator ROUGE-2 F-measure (rouge-score) on the documents' text"
	}
	return "NeMo Evaluator ROUGE-L F-measure (rouge-score, longest common subsequence) on the documents' text"
}

func (nemoMetric) Takes() []string { return nil }

func (m nemoMetric) Score(in *Input) (*Result, error) {
	ref, out := string(in.Ref.Raw(0)), string(in.Out.Raw(0))
	var s float64
	var how string
	switch m.name {
	case "em":
		s = textsim.ExactMatch(ref, out)
		how = "1 when both texts are equal after SQuAD normalization (lower case, no punctuation or articles, single spaces), else 0"
	case "f1":
		s = textsim.TokenF1(ref, out)
		how = fmt.Sprintf("SQuAD token F1 over %d reference and %d output tokens after SQuAD normalization",
			len(textsim.PyFields(textsim.SQuADNormalize(ref))), len(textsim.PyFields(textsim.SQuADNormalize(out))))
	case "bleu":
		s = textsim.BLEU(ref, out)
		how = fmt.Sprintf("sacreBLEU sentence BLEU (13a tokens: %d reference, %d output; 4-grams, exp smoothing, effective order) / 100",
			len(textsim.Tokenize13a(ref)), len(textsim.Tokenize13a(out)))
	case "rouge-1", "rouge-2":
		n := 1
		if m.name == "rouge-2" {
			n = 2
		}
		s = textsim.RougeN(ref, out, n)
		how = fmt.Sprintf("ROUGE-%d F-measure of %d-gram overlap (rouge-score tokens: %d reference, %d output)",
			n, n, len(textsim.RougeTokenize(ref)), len(textsim.RougeTokenize(out)))
	default:
		o, err := textsim.RougeL(ref, out, textdist.Limits{Cancel: in.context().Done()})
		if err != nil {
			return nil, context.Cause(in.context())
		}
		s = o.Score
		how = fmt.Sprintf("ROUGE-L F-measure of the longest common token subsequence (rouge-score tokens: %d reference, %d output)",
			len(textsim.RougeTokenize(ref)), len(textsim.RougeTokenize(out)))
		if !o.Exact() {
			res := oneNumber(s, m.name+": "+how+", on the documents' JSON text (NeMo Evaluator)")
			res.Approx, res.High = true, o.High
			res.Warnings = append(res.Warnings, Warning{Path: ".", Message: "approximate score: " + o.Detail})
			return res, nil
		}
	}
	return oneNumber(s, m.name+": "+how+", on the documents' JSON text (NeMo Evaluator)"), nil
}
