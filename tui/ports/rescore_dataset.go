package ports

import (
	"context"
	"errors"
	"sync/atomic"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
)

// RescoreDataset returns the DatasetRescorer of the dataset spec names
// (its fields and grouping set as `score` opens it), scored as base says
// (--pass, --match-threshold, the workers) with each request's metric,
// options, rules and weights file. Every request opens the files again
// and runs dataset.Score, as `score` does: the figures are its own to
// the last bit. A dataset read from standard input cannot be read again:
// the rescorer refuses it.
func RescoreDataset(spec dataset.Spec, base dataset.Config) DatasetRescorer {
	return func(ctx context.Context, req DatasetRescoreRequest, progress func(DatasetProgress)) (*dataset.Result, error) {
		if spec.Ref == "-" || spec.Out == "-" {
			return nil, ErrStdinDataset
		}
		metric, err := scoring.LookupMetric(req.Metric)
		if err != nil {
			return nil, err
		}
		cfg := base
		cfg.Metric, cfg.Options, cfg.Rules, cfg.Weights = metric, req.Options, req.Rules, req.Weights
		cfg.Keep, cfg.Lines, cfg.NewEncoder = true, false, nil
		var done, cases atomic.Int64
		var sent int64
		var total atomic.Int64
		var files atomic.Int32
		report := func() {
			if progress != nil {
				progress(DatasetProgress{Cases: int(cases.Load()), Read: done.Load(), Total: total.Load(), Files: int(files.Load())})
			}
		}
		sp := spec
		sp.Progress = func(n int64) {
			done.Store(n)
			if n-sent >= ProgressStep {
				sent = n
				report()
			}
		}
		cfg.Cases = func(*dataset.Case) error {
			if n := cases.Add(1); n%512 == 0 {
				report()
			}
			return nil
		}
		src, err := dataset.Open(sp)
		if err != nil {
			return nil, err
		}
		defer src.Close()
		n, size := src.Size()
		files.Store(int32(n))
		total.Store(size)
		report()
		res, err := dataset.Score(ctx, src, cfg)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, err
		}
		cases.Store(int64(res.Figures.Stats.Cases))
		report()
		return res, nil
	}
}

// ErrStdinDataset is RescoreDataset's refusal of a dataset read from
// standard input.
var ErrStdinDataset = errors.New("the dataset was read from standard input: it cannot be read again to score it otherwise")
