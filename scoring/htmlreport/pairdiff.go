package htmlreport

import (
	"io"
	"time"

	"github.com/jsontui/jsontui/scoring/report"
)

// PairRun is one of the two runs of a pair that WritePairDiff compares,
// as its header names it.
type PairRun struct {
	// ID, Label and Time are the recorded run's.
	ID, Label string
	Time      time.Time
	// Score is its total; HasScore is false when it has none.
	Score    float64
	HasScore bool
	// Metric and Options are how it was scored.
	Metric  string
	Options []string
	// Files are its inputs with their SHA-256.
	Files []File
}

// PathChange is a path whose score differs between two runs, with the
// figures --format json gives it: its score in A (Old) and in B (New),
// and Delta when both have one.
type PathChange struct {
	Path                     string
	Old, New, Delta          float64
	HasOld, HasNew, HasDelta bool
}

// EntryChange is a weight or a rule that differs between two runs: its
// path and its value in each, as the text output writes them.
type EntryChange struct{ Path, Old, New string }

// PairDiff is the comparison of two runs of a pair, as WritePairDiff
// takes it: the figures of history diff --format json.
type PairDiff struct {
	A, B PairRun
	// Score is the change of the total.
	Score PathChange
	// Changed are the paths whose score changed; OnlyA and OnlyB the
	// paths one run has.
	Changed, OnlyA, OnlyB []PathChange
	// Weights and Rules are the entries that changed.
	Weights, Rules []EntryChange
}

type pairRunView struct {
	Name, ID, Label, Time, Score, Metric string
	Files                                []File
}

type pathChangeRow struct {
	Path, A, B, D, Class, AV, BV, DV string
	Order                            int
}

type pairDiffView struct {
	Runs           []pairRunView
	Cards          []card
	Config         []string
	Changed        []pathChangeRow
	Weights, Rules []EntryChange
	Only           []onlyList
	Unchanged      bool
}

// WritePairDiff writes the comparison of two runs of a pair as an HTML
// page: both runs' headers, the change of the score, the paths whose
// score changed, the paths one run has, and the weights, rules and metric
// that changed.
func WritePairDiff(w io.Writer, m Meta, d *PairDiff) error {
	v := &pairDiffView{Weights: d.Weights, Rules: d.Rules}
	for _, r := range []struct {
		name string
		run  *PairRun
	}{{"A", &d.A}, {"B", &d.B}} {
		v.Runs = append(v.Runs, pairRunView{Name: r.name, ID: r.run.ID, Label: r.run.Label,
			Time: r.run.Time.UTC().Format("2006-01-02 15:04:05 UTC"), Score: report.ScoreText(r.run.Score, r.run.HasScore),
			Metric: metricText(r.run.Metric, r.run.Options), Files: r.run.Files})
	}
	v.Cards = []card{{"score A", report.ScoreText(d.Score.Old, d.Score.HasOld)}, {"score B", report.ScoreText(d.Score.New, d.Score.HasNew)}}
	if d.Score.HasDelta {
		v.Cards = append(v.Cards, card{"Δ score", signedFigure(d.Score.Delta)})
	}
	v.Cards = append(v.Cards, card{"paths changed", report.Count(len(d.Changed))}, card{"weights changed", report.Count(len(d.Weights))})
	if a, b := v.Runs[0].Metric, v.Runs[1].Metric; a != b {
		v.Config = append(v.Config, "metric: "+a+" → "+b)
	}
	for i, c := range d.Changed {
		r := pathChangeRow{Path: c.Path, Order: i, A: report.ScoreText(c.Old, c.HasOld), B: report.ScoreText(c.New, c.HasNew),
			AV: sortKey(c.Old, c.HasOld), BV: sortKey(c.New, c.HasNew), DV: sortKey(c.Delta, c.HasDelta)}
		if c.HasDelta {
			r.D, r.Class = signedFigure(c.Delta), deltaClass(c.Delta)
		}
		v.Changed = append(v.Changed, r)
	}
	v.Only = []onlyList{pathsOnly("A", d.OnlyA), pathsOnly("B", d.OnlyB)}
	v.Unchanged = len(d.Changed)+len(d.OnlyA)+len(d.OnlyB)+len(d.Weights)+len(d.Rules) == 0
	title := m.Title
	if title == "" {
		title = "Pair comparison: " + runName(d.A.ID, "A") + " → " + runName(d.B.ID, "B")
	}
	nav := []navItem{{"summary", "Score"}, {"runs", "Runs"}, {"changed", "Scores changed"}}
	if len(d.Weights)+len(d.Rules) > 0 {
		nav = append(nav, navItem{"weights", "Weights and rules"})
	}
	nav = append(nav, navItem{"only", "Only one run"})
	return write(w, &page{Title: title, Kind: "pair comparison", Meta: m, Nav: nav, PairDiff: v})
}

// pathsOnly lists the paths only one run has.
func pathsOnly(name string, cs []PathChange) onlyList {
	l := onlyList{Name: name, Count: len(cs)}
	for _, c := range cs {
		l.IDs = append(l.IDs, c.Path)
	}
	return l
}
