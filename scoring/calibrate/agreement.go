package calibrate

import (
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"gonum.org/v1/gonum/stat"
)

// Resamples is the number of bootstrap resamples behind each interval.
const Resamples = 1000

// Figure is one agreement figure with its bootstrap 95% interval. Value
// is NaN when the figure is undefined (a side with no spread, or one
// kind of verdict only); CI95 is NaN, NaN when no resample defines it.
type Figure struct {
	Value float64
	CI95  [2]float64
}

// Agreement is how well case scores agree with people's labels: for
// grades Kendall's τ-b (the headline), Spearman and Pearson; for verdicts
// the ROC AUC (the headline), the best threshold and its accuracy.
type Agreement struct {
	Kind Kind
	// Labels is the number of labelled cases that took part.
	Labels int
	// Unpaired are the label ids paired with no scored case, in the
	// labels' order.
	Unpaired []string

	KendallTauB, Spearman, Pearson Figure // grades
	AUC, Threshold, Accuracy       Figure // verdicts
}

// Headline returns the agreement's main figure: τ-b for grades, AUC for
// verdicts.
func (a *Agreement) Headline() Figure {
	if a.Kind == Verdict {
		return a.AUC
	}
	return a.KendallTauB
}

// HeadlineName names Headline's figure.
func (a *Agreement) HeadlineName() string { return headlineName(a.Kind) }

func headlineName(k Kind) string {
	if k == Verdict {
		return "AUC"
	}
	return "Kendall's tau-b"
}

// Measure returns the headline figure of scores against labels (τ-b for
// grades, AUC for verdicts, a verdict's label being 1 for pass), without
// an interval: fast enough to follow every weight change of a large
// dataset.
func Measure(kind Kind, scores, labels []float64) float64 {
	return headline(kind, scores, labels)
}

func headline(kind Kind, scores, labels []float64) float64 {
	s := newSample(scores, labels)
	if kind == Verdict {
		return s.auc(nil)
	}
	return s.kendall(nil)
}

// Agree measures the agreement of scores with labels (paired by index),
// each figure with a bootstrap 95% interval: Resamples resamples of the
// cases drawn with seed, the interval their 2.5% and 97.5% quantiles. The
// result depends on the seed only, not on the number of cores.
func Agree(kind Kind, scores, labels []float64, seed uint64) *Agreement {
	a := &Agreement{Kind: kind, Labels: len(scores)}
	point := newSample(scores, labels).figures(kind, nil)
	boot := bootstrap(kind, scores, labels, seed)
	figs := a.figurePtrs()
	for k := range figs {
		*figs[k] = Figure{Value: point[k], CI95: interval(boot[k])}
	}
	return a
}

// figurePtrs returns the kind's figures in figures' order.
func (a *Agreement) figurePtrs() []*Figure {
	if a.Kind == Verdict {
		return []*Figure{&a.AUC, &a.Threshold, &a.Accuracy}
	}
	return []*Figure{&a.KendallTauB, &a.Spearman, &a.Pearson}
}

// figures computes the kind's three figures, pair i taken cnt[i] times
// (once each for nil).
func (s *sample) figures(kind Kind, cnt []int32) [3]float64 {
	if kind == Verdict {
		t, acc := s.threshold(cnt)
		return [3]float64{s.auc(cnt), t, acc}
	}
	return [3]float64{s.kendall(cnt), s.spearman(cnt), s.pearson(cnt)}
}

// bootstrap returns each figure over Resamples resamples, the undefined
// ones left out. Resample r draws from its own generator (seed, r), so
// that the workers may take the resamples in any order.
func bootstrap(kind Kind, scores, labels []float64, seed uint64) [3][]float64 {
	n := len(scores)
	var out [3][]float64
	if n < 2 {
		return out
	}
	vals := make([][3]float64, Resamples)
	workers := min(runtime.GOMAXPROCS(0), Resamples)
	base := newSample(scores, labels)
	base.sortedY()
	var wg sync.WaitGroup
	var next atomic.Int64
	for range workers {
		s := &sample{x: base.x, y: base.y, byXY: base.byXY, byY: base.byY}
		wg.Go(func() {
			cnt := make([]int32, n)
			for {
				k := int(next.Add(1)) - 1
				if k >= Resamples {
					return
				}
				rng := rand.New(rand.NewPCG(seed, uint64(k)))
				clear(cnt)
				for range n {
					cnt[rng.IntN(n)]++
				}
				vals[k] = s.figures(kind, cnt)
			}
		})
	}
	wg.Wait()
	for _, v := range vals {
		for k, x := range v {
			if !math.IsNaN(x) {
				out[k] = append(out[k], x)
			}
		}
	}
	return out
}

// interval returns the 2.5% and 97.5% quantiles of v (gonum's
// stat.Quantile, linear interpolation of the empirical distribution),
// NaN, NaN when v is empty.
func interval(v []float64) [2]float64 {
	if len(v) == 0 {
		return [2]float64{math.NaN(), math.NaN()}
	}
	slices.Sort(v)
	return [2]float64{stat.Quantile(0.025, stat.LinInterp, v, nil), stat.Quantile(0.975, stat.LinInterp, v, nil)}
}
