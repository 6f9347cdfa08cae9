package htmlreport

import (
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"

	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/report"
)

// maxOnly is how many ids of the cases only one run has the page lists.
const maxOnly = 500

// Comparison is the comparison of two dataset runs, as WriteComparison
// takes it.
type Comparison struct {
	// C is what --format json writes.
	C *dataset.Comparison
	// Cases are, for the most regressed and improved cases that have them,
	// the case's report in run A and in run B (either may be nil): each
	// case opens to both trees.
	Cases map[string][2]*report.Report
}

type compareView struct {
	Verdict, Disagree      string
	Cards                  []card
	Tests                  []testRow
	Config                 []string
	Scatter, DeltaHist     template.HTML
	ScatterNote, DeltaNote string
	Paths                  []pathDeltaRow
	Lists                  []caseList
	Trees                  []compareTree
	TreesNote              string
	Only                   []onlyList
	Unscored               string
}

type testRow struct{ Name, What, Stat, P, Verdict string }

type pathDeltaRow struct {
	Path, A, B, D, LA, LB, DL, Class string
	AV, BV, DV, LAV, LBV, DLV        string
	Order                            int
}

type caseList struct {
	ID, Title string
	Rows      []caseDeltaRow
}

type caseDeltaRow struct {
	ID, A, B, D, Class, AV, BV, DV string
	Index                          int
	Open                           bool
}

type compareTree struct {
	Index   int
	ID      string
	A, B, D string
	Sides   []treeSide
}

type treeSide struct {
	Name, Score string
	Tree        template.HTML
}

type onlyList struct {
	Name  string
	Count int
	IDs   []string
	More  int
}

// WriteComparison writes the comparison of two dataset runs as an HTML
// page: the verdict with both tests (and why they disagree, when they
// do), the mean change with its interval, a scatter of the paired case
// scores and a histogram of their changes, the per-path changes, the most
// regressed and improved cases (each opening to its trees), and the cases
// only one run has.
func WriteComparison(w io.Writer, m Meta, cmp Comparison) error {
	c := cmp.C
	v := &compareView{Verdict: c.Verdict(), Disagree: disagreement(c), Cards: compareCards(c), Tests: tests(c), Config: configChanges(c)}
	v.Scatter, v.ScatterNote = scatter(c.Deltas)
	v.DeltaHist, v.DeltaNote = deltaHistogram(c.Deltas)
	for i := range c.Paths {
		v.Paths = append(v.Paths, pathDelta(i, &c.Paths[i]))
	}
	v.Lists = []caseList{
		caseRows("regressed", fmt.Sprintf("Most regressed (%d of %d)", len(c.MostRegressed), c.Regressed), c.MostRegressed, 0, cmp.Cases),
		caseRows("improved", fmt.Sprintf("Most improved (%d of %d)", len(c.MostImproved), c.Improved), c.MostImproved, len(c.MostRegressed), cmp.Cases),
	}
	for li, l := range [][]dataset.CaseDelta{c.MostRegressed, c.MostImproved} {
		for i, d := range l {
			reps, ok := cmp.Cases[d.ID]
			if !ok {
				continue
			}
			t := compareTree{Index: li*len(c.MostRegressed) + i, ID: d.ID, A: report.ScoreCell(d.A, true), B: report.ScoreCell(d.B, true), D: signedFigure(d.Delta)}
			for s, name := range []string{"A", "B"} {
				if rep := reps[s]; rep != nil {
					nodes, _ := collectNodes(rep.Nodes, MaxTreeNodes)
					t.Sides = append(t.Sides, treeSide{Name: name, Score: report.ScoreText(rep.Score, rep.HasScore), Tree: renderTree(nodes)})
				}
			}
			v.Trees = append(v.Trees, t)
		}
	}
	if len(v.Trees) > 0 {
		v.TreesNote = "Each case's tree in run A, then in run B, as a single pair shows it; the costliest path is open."
	}
	v.Only = []onlyList{onlyIDs("A", c.OnlyA), onlyIDs("B", c.OnlyB)}
	if n := len(c.Unscored); n > 0 {
		v.Unscored = report.Count(n) + " cases both runs have lack a score in one of them (nothing takes part): they are not paired."
	}
	title := m.Title
	if title == "" {
		title = "Comparison: " + runName(c.A.ID, "A") + " → " + runName(c.B.ID, "B")
	}
	nav := []navItem{{"verdict", "Verdict"}, {"charts", "Paired cases"}}
	if len(v.Paths) > 0 {
		nav = append(nav, navItem{"paths", "Per path"})
	}
	nav = append(nav, navItem{"regressed", "Regressed"}, navItem{"improved", "Improved"}, navItem{"only", "Only one run"})
	return write(w, &page{Title: title, Kind: "comparison", Meta: m, Nav: nav, Compare: v})
}

func runName(id, side string) string {
	if id == "" {
		return side
	}
	return id
}

// signedFigure is report.Figure with a sign on positive values.
func signedFigure(v float64) string {
	s := report.Figure(v)
	if v > 0 {
		s = "+" + s
	}
	return s
}

// pFull writes a p-value with four significant digits, as the text
// output does.
func pFull(p float64) string { return strconv.FormatFloat(p, 'g', 4, 64) }

// compareCards are the comparison's figures at a glance.
func compareCards(c *dataset.Comparison) []card {
	cs := []card{{"score A", report.ScoreText(c.A.Score, c.A.HasScore)}, {"score B", report.ScoreText(c.B.Score, c.B.HasScore)}}
	if d, ok := c.ScoreDelta(); ok {
		cs = append(cs, card{"Δ score", signedFigure(d)})
	}
	d := &c.Delta
	if d.N > 0 {
		cs = append(cs, card{"Δ mean", signedFigure(d.Mean)})
	}
	if d.HasCI {
		ci, _ := d.ShownCI()
		cs = append(cs, card{"95% CI of Δ mean", signedFigure(ci[0]) + " … " + signedFigure(ci[1])})
	}
	return append(cs, card{"paired", report.Count(c.Paired)}, card{"improved", report.Count(c.Improved)},
		card{"regressed", report.Count(c.Regressed)}, card{"unchanged", report.Count(c.Unchanged)},
		card{"only in A", report.Count(len(c.OnlyA))}, card{"only in B", report.Count(len(c.OnlyB))})
}

// tests are the rows of the two tests.
func tests(c *dataset.Comparison) []testRow {
	d := &c.Delta
	at := func(p float64) string {
		if p < dataset.Significance {
			return "significant"
		}
		return "not significant"
	}
	t := testRow{Name: "paired t-test", What: "how much the cases changed (the mean change against its spread)", Stat: "n/a", P: "n/a", Verdict: "no spread to test"}
	if d.HasPT {
		t.Stat = fmt.Sprintf("t = %s (df %d)", strconv.FormatFloat(d.T, 'f', 3, 64), d.N-1)
		t.P, t.Verdict = pFull(d.PT), at(d.PT)
	}
	s := testRow{Name: "sign test", What: "which way the cases changed (improved against regressed)", Stat: fmt.Sprintf("%d improved vs %d regressed", c.Improved, c.Regressed), P: "n/a", Verdict: "no case changed"}
	if d.HasPSign {
		s.P, s.Verdict = pFull(d.PSign), at(d.PSign)
	}
	return []testRow{t, s}
}

// disagreement says, in a line, why the two tests disagree; "" when they
// agree (or one cannot be run).
func disagreement(c *dataset.Comparison) string {
	d := &c.Delta
	if !d.HasPT || !d.HasPSign {
		return ""
	}
	tSig, sSig := d.PT < dataset.Significance, d.PSign < dataset.Significance
	switch {
	case tSig == sSig:
		return ""
	case tSig:
		return fmt.Sprintf("The tests disagree: the t-test finds the mean change significant (p = %s) but the sign test does not (p = %s): %d cases improved against %d regressed is an even enough split, and the mean moves with a few large changes (such as answers gone missing or recovered).",
			pFull(d.PT), pFull(d.PSign), c.Improved, c.Regressed)
	}
	return fmt.Sprintf("The tests disagree: the sign test finds that cases moved one way (%d improved against %d regressed, p = %s) but the t-test does not find the mean change significant (p = %s): the changes are small against their spread, or a few large ones the other way pull the mean back.",
		c.Improved, c.Regressed, pFull(d.PSign), pFull(d.PT))
}

// configChanges says what differs in how the runs were scored.
func configChanges(c *dataset.Comparison) []string {
	var out []string
	if c.MetricA != c.MetricB || strings.Join(c.OptionsA, " ") != strings.Join(c.OptionsB, " ") {
		out = append(out, "metric: "+metricText(c.MetricA, c.OptionsA)+" → "+metricText(c.MetricB, c.OptionsB))
	}
	if c.RulesA != c.RulesB {
		out = append(out, "the runs were compared by different rules files")
	}
	for _, wd := range c.Weights {
		out = append(out, "weight of "+wd.Path+": "+report.Figure(wd.A)+" → "+report.Figure(wd.B))
	}
	return out
}

// pathDelta is one row of the per-path changes.
func pathDelta(i int, p *dataset.PathDelta) pathDeltaRow {
	r := pathDeltaRow{Path: p.Path, Order: i, A: "—", B: "—",
		LA: report.Figure(p.LossA), LB: report.Figure(p.LossB), LAV: sortKey(p.LossA, true), LBV: sortKey(p.LossB, true),
		DL: signedFigure(p.LossB - p.LossA), DLV: sortKey(p.LossB-p.LossA, true)}
	if p.InA {
		r.A, r.AV = report.ScoreText(p.A, p.HasA), sortKey(p.A, p.HasA)
	}
	if p.InB {
		r.B, r.BV = report.ScoreText(p.B, p.HasB), sortKey(p.B, p.HasB)
	}
	if d, ok := p.Delta(); ok {
		r.D, r.DV, r.Class = signedFigure(d), sortKey(d, true), deltaClass(d)
	}
	return r
}

func deltaClass(d float64) string {
	switch {
	case d > dataset.ChangeEps:
		return "good"
	case d < -dataset.ChangeEps:
		return "bad"
	}
	return ""
}

// caseRows lists cases that changed; from numbers their boxes.
func caseRows(id, title string, ds []dataset.CaseDelta, from int, trees map[string][2]*report.Report) caseList {
	l := caseList{ID: id, Title: title}
	for i, d := range ds {
		_, open := trees[d.ID]
		l.Rows = append(l.Rows, caseDeltaRow{ID: d.ID, Index: from + i, Open: open,
			A: caseScore(d.A, d.StatusA), B: caseScore(d.B, d.StatusB), D: signedFigure(d.Delta), Class: deltaClass(d.Delta),
			AV: sortKey(d.A, true), BV: sortKey(d.B, true), DV: sortKey(d.Delta, true)})
	}
	return l
}

// caseScore writes a case's score, with its status when it is not
// scored, as the text output does: "0.8", "0 (missing)".
func caseScore(v float64, st dataset.CaseStatus) string {
	if st == dataset.CaseScored {
		return report.Figure(v)
	}
	return report.Figure(v) + " (" + st.String() + ")"
}

func onlyIDs(name string, ids []string) onlyList {
	l := onlyList{Name: name, Count: len(ids)}
	l.IDs = ids[:min(len(ids), maxOnly)]
	l.More = len(ids) - len(l.IDs)
	return l
}
