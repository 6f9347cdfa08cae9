package cli

import (
	"context"
	"fmt"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/report"
)

// maxHintRescore is the most cases a dataset may have for its pairing
// hint to be checked by scoring it again under the pairing suggested
// (about a tenth of a second a thousand small cases); a larger one gets
// the suggestion without the score under it.
const maxHintRescore = 5000

// datasetPairingHint adds to res's warnings the dataset's pairing hint:
// the pairing most of the sampled cases' hints suggest (Config.HintSample),
// with the dataset's score under it when scoring the dataset again is
// cheap and it raises the score. cfg is the run's configuration, spec
// its dataset.
func (a *app) datasetPairingHint(ctx context.Context, spec dataset.Spec, f *datasetFlags, cfg dataset.Config, res *dataset.Result) {
	figs := res.Figures
	if len(res.Pairings) == 0 || !figs.HasScore {
		return
	}
	sug := res.Pairings[0]
	opt := "--lists " + sug.At.String()
	from := fmt.Sprintf("%d of the first %d cases' pairing hints suggest it", sug.Cases, sug.Sampled)
	if figs.Stats.Cases > maxHintRescore || spec.Ref == "-" || spec.Out == "-" {
		figs.Warnings = append(figs.Warnings, scoring.Warning{Path: sug.At.Path, Message: fmt.Sprintf(
			"pairing hint for the dataset: %s may raise its score (%s; the dataset's score under it is not computed past %d cases or from standard input: score again with it to see)",
			opt, from, maxHintRescore)})
		return
	}
	score, ok := rescoreWith(ctx, spec, f, cfg, sug.At)
	if !ok || !(score > figs.Score) {
		return
	}
	figs.Warnings = append(figs.Warnings, scoring.Warning{Path: sug.At.Path, Message: fmt.Sprintf(
		"pairing hint for the dataset: %s raises its score from %s to %s (%s; both scores over all %d cases)",
		opt, report.Figure(figs.Score), report.Figure(score), from, figs.Stats.Cases)})
}

// rescoreWith scores the dataset again under cfg with the pairing at
// added, and returns its score; false when it cannot be scored so.
func rescoreWith(ctx context.Context, spec dataset.Spec, f *datasetFlags, cfg dataset.Config, at scoring.ListsAt) (float64, bool) {
	spec.Progress = nil
	src, err := openDataset(spec, f)
	if err != nil {
		return 0, false
	}
	defer src.Close()
	again := dataset.Config{Metric: cfg.Metric, Options: cfg.Options, Weights: cfg.Weights, Rules: cfg.Rules,
		MatchThreshold: cfg.MatchThreshold, Pass: cfg.Pass}
	again.Options.ListsAt = append(append([]scoring.ListsAt(nil), cfg.Options.ListsAt...), at)
	res, err := dataset.Score(ctx, src, again)
	if err != nil || !res.Figures.HasScore {
		return 0, false
	}
	return res.Figures.Score, true
}
