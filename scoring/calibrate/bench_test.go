package calibrate

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/jsontui/jsontui/internal/bench"
)

// BenchmarkMeasure100k: the live agreement of 100,000 labelled cases
// (τ-b, the explorer's figure on every weight change); the target is
// 60 ms.
func BenchmarkMeasure100k(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	const n = 100_000
	s, l := make([]float64, n), make([]float64, n)
	for i := range s {
		s[i] = math.Round(rng.Float64()*1000) / 1000 // ties, as scores have
		l[i] = math.Round(min(1, max(0, s[i]+0.2*rng.NormFloat64()))*10) / 10
	}
	b.ResetTimer()
	start := bench.CPUTime()
	for b.Loop() {
		if v := Measure(Grade, s, l); !(v > 0) {
			b.Fatal(v)
		}
	}
	bench.ReportCPU(b, start)
}

// BenchmarkMeasureAUC100k: the same for verdicts.
func BenchmarkMeasureAUC100k(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	const n = 100_000
	s, l := make([]float64, n), make([]float64, n)
	for i := range s {
		s[i] = math.Round(rng.Float64()*1000) / 1000
		if s[i]+0.2*rng.NormFloat64() > 0.5 {
			l[i] = 1
		}
	}
	b.ResetTimer()
	start := bench.CPUTime()
	for b.Loop() {
		if v := Measure(Verdict, s, l); !(v > 0.5) {
			b.Fatal(v)
		}
	}
	bench.ReportCPU(b, start)
}

// BenchmarkFit10kCases50Paths: `weights fit` on 10,000 labelled cases of
// 50 schema paths, five folds and the final fit; the target is 10 s on
// two cores.
func BenchmarkFit10kCases50Paths(b *testing.B) {
	const n, fields = 10_000, 50
	d := synthetic(b, n, fields, 1)
	m, err := d.WeightModel()
	if err != nil {
		b.Fatal(err)
	}
	hidden := make([]float64, fields)
	for k := range hidden {
		hidden[k] = float64(fields-k) / fields
	}
	p := hiddenLabels(m, n, hidden, 0.02, false, 2)
	b.ResetTimer()
	start := bench.CPUTime()
	for b.Loop() {
		r, err := Fit(m, p, DefaultFitOptions())
		if err != nil || !r.Improved {
			b.Fatal(err, r.Gain)
		}
	}
	bench.ReportCPU(b, start)
}

// BenchmarkAgree10k: the agreement with its bootstrap intervals (1,000
// resamples) of 10,000 cases, as score prints it.
func BenchmarkAgree10k(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	const n = 10_000
	s, l := make([]float64, n), make([]float64, n)
	for i := range s {
		s[i] = rng.Float64()
		l[i] = min(1, max(0, s[i]+0.2*rng.NormFloat64()))
	}
	b.ResetTimer()
	start := bench.CPUTime()
	for b.Loop() {
		Agree(Grade, s, l, 1)
	}
	bench.ReportCPU(b, start)
}

// BenchmarkPropose10k: the proposal key's search over 10,000 labelled
// cases of 50 schema paths.
func BenchmarkPropose10k(b *testing.B) {
	const n, fields = 10_000, 50
	d := synthetic(b, n, fields, 1)
	m, err := d.WeightModel()
	if err != nil {
		b.Fatal(err)
	}
	hidden := make([]float64, fields)
	for k := range hidden {
		hidden[k] = float64(fields-k) / fields
	}
	p := hiddenLabels(m, n, hidden, 0.02, false, 2)
	x := m.Start()
	b.ResetTimer()
	start := bench.CPUTime()
	for b.Loop() {
		if _, ok := Propose(m, p, x); !ok {
			b.Fatal("no proposal")
		}
	}
	bench.ReportCPU(b, start)
}
