package dataset

import "encoding/json"

// comparisonJSON is the JSON form of a Comparison (docs/history.md).
type comparisonJSON struct {
	A       runJSON `json:"a"`
	B       runJSON `json:"b"`
	Verdict string  `json:"verdict"`
	// Disagreement explains why the two tests disagree; null when they
	// agree.
	Disagreement *string      `json:"disagreement"`
	Significant  bool         `json:"significant"`
	Cases        casesJSON    `json:"cases"`
	Delta        deltaJSON    `json:"delta"`
	Regressed    []caseJSON   `json:"regressed"`
	Improved     []caseJSON   `json:"improved"`
	Paths        []pathJSON   `json:"paths"`
	Weights      []weightJSON `json:"weights"`
	Metric       struct {
		A metricJSON `json:"a"`
		B metricJSON `json:"b"`
	} `json:"metric"`
	Rules struct {
		A *string `json:"a"`
		B *string `json:"b"`
	} `json:"rules"`
	Agreement *agreementDeltaJSON `json:"agreement,omitempty"`
}

type runJSON struct {
	ID    *string  `json:"id"`
	Score *float64 `json:"score"`
	Cases int      `json:"cases"`
}

type casesJSON struct {
	Paired    int      `json:"paired"`
	Improved  int      `json:"improved"`
	Regressed int      `json:"regressed"`
	Unchanged int      `json:"unchanged"`
	OnlyA     []string `json:"only_a"`
	OnlyB     []string `json:"only_b"`
	Unscored  []string `json:"unscored"`
}

type deltaJSON struct {
	Score *float64    `json:"score"`
	N     int         `json:"n"`
	Mean  *float64    `json:"mean"`
	Std   *float64    `json:"std"`
	CI95  *[2]float64 `json:"ci95"`
	T     *float64    `json:"t"`
	PT    *float64    `json:"p_t"`
	PSign *float64    `json:"p_sign"`
}

type caseJSON struct {
	ID      string  `json:"id"`
	A       float64 `json:"a"`
	B       float64 `json:"b"`
	Delta   float64 `json:"delta"`
	StatusA string  `json:"status_a"`
	StatusB string  `json:"status_b"`
}

type pathJSON struct {
	Path      string   `json:"path"`
	A         *float64 `json:"a"`
	B         *float64 `json:"b"`
	Delta     *float64 `json:"delta"`
	LossA     *float64 `json:"loss_a"`
	LossB     *float64 `json:"loss_b"`
	LossDelta float64  `json:"loss_delta"`
}

type weightJSON struct {
	Path string  `json:"path"`
	A    float64 `json:"a"`
	B    float64 `json:"b"`
}

type metricJSON struct {
	Name    string   `json:"name"`
	Options []string `json:"options"`
}

func refOf[T any](v T) *T { return &v }

func optional(v float64, ok bool) *float64 {
	if !ok {
		return nil
	}
	return &v
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// MarshalJSON encodes the comparison as docs/history.md gives it:
// {"a", "b", "verdict", "significant", "cases", "delta", "regressed",
// "improved", "paths", "weights", "metric", "rules"}, every figure a full
// float64, null where there is none (a run without a score, a p-value
// that is not defined); lists are never null.
func (c *Comparison) MarshalJSON() ([]byte, error) {
	var j comparisonJSON
	for _, side := range []struct {
		out *runJSON
		in  *RunScore
	}{{&j.A, &c.A}, {&j.B, &c.B}} {
		if side.in.ID != "" {
			side.out.ID = refOf(side.in.ID)
		}
		side.out.Score = optional(side.in.Score, side.in.HasScore)
		side.out.Cases = side.in.Cases
	}
	j.Verdict, j.Significant = c.Verdict(), c.Significant()
	if why := c.Disagreement(); why != "" {
		j.Disagreement = &why
	}
	j.Cases = casesJSON{Paired: c.Paired, Improved: c.Improved, Regressed: c.Regressed, Unchanged: c.Unchanged,
		OnlyA: nonNil(c.OnlyA), OnlyB: nonNil(c.OnlyB), Unscored: nonNil(c.Unscored)}
	d := &c.Delta
	j.Delta.Score = optional(c.ScoreDelta())
	j.Delta.N = d.N
	j.Delta.Mean = optional(d.Mean, d.N > 0)
	j.Delta.Std = optional(d.Std, d.N >= 2)
	if d.HasCI {
		j.Delta.CI95 = refOf(d.CI95)
	}
	j.Delta.T = optional(d.T, d.HasPT)
	j.Delta.PT = optional(d.PT, d.HasPT)
	j.Delta.PSign = optional(d.PSign, d.HasPSign)
	cases := func(list []CaseDelta) []caseJSON {
		out := make([]caseJSON, len(list))
		for i, x := range list {
			out[i] = caseJSON{ID: x.ID, A: x.A, B: x.B, Delta: x.Delta, StatusA: x.StatusA.String(), StatusB: x.StatusB.String()}
		}
		return out
	}
	j.Regressed, j.Improved = cases(c.MostRegressed), cases(c.MostImproved)
	j.Paths = make([]pathJSON, len(c.Paths))
	for i := range c.Paths {
		p := &c.Paths[i]
		j.Paths[i] = pathJSON{Path: p.Path, A: optional(p.A, p.HasA), B: optional(p.B, p.HasB),
			Delta: optional(p.Delta()), LossA: optional(p.LossA, p.InA), LossB: optional(p.LossB, p.InB),
			LossDelta: p.LossB - p.LossA}
	}
	j.Weights = make([]weightJSON, len(c.Weights))
	for i, w := range c.Weights {
		j.Weights[i] = weightJSON(w)
	}
	j.Metric.A = metricJSON{Name: c.MetricA, Options: nonNil(c.OptionsA)}
	j.Metric.B = metricJSON{Name: c.MetricB, Options: nonNil(c.OptionsB)}
	if c.RulesA != "" {
		j.Rules.A = refOf(c.RulesA)
	}
	if c.RulesB != "" {
		j.Rules.B = refOf(c.RulesB)
	}
	j.Agreement = c.agreementJSONOf()
	return json.Marshal(j)
}
