package dataset

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/report"
)

// Verdict says in a line whether B is better or worse than A, by how
// much and how surely: "B is better by +0.031 (95% CI +0.012 … +0.050,
// p = 0.002; 41 cases improved, 12 regressed)", or that the difference is
// not significant, or that there is nothing to compare.
func (c *Comparison) Verdict() string {
	d := &c.Delta
	ci, _ := d.ShownCI()
	changed := c.Improved + c.Regressed
	split := fmt.Sprintf("%s improved, %d regressed", plural(c.Improved, "case"), c.Regressed)
	way := "better"
	if d.Mean < 0 {
		way = "worse"
	}
	switch {
	case d.N == 0:
		return fmt.Sprintf("No case has a score in both runs: nothing to compare (A has %s, B %d; %d in common).",
			plural(c.A.Cases, "case"), c.B.Cases, c.A.Cases-len(c.OnlyA))
	case changed == 0 && d.N == 1:
		return "A and B score the same on the one paired case."
	case changed == 0:
		return fmt.Sprintf("A and B score the same on every one of the %d paired cases.", d.N)
	case d.N == 1:
		return fmt.Sprintf("B is %s by %s on the one paired case: too few cases to test.", way, Signed3(d.Mean))
	case !d.HasPT && c.Significant():
		return fmt.Sprintf("B is %s by %s on every one of the %d paired cases (sign test %s).", way, Signed3(d.Mean), d.N, PValue(d.PSign))
	case !d.HasPT:
		return fmt.Sprintf("B is %s by %s on each of the %d paired cases: too few to be significant (sign test %s).", way, Signed3(d.Mean), d.N, PValue(d.PSign))
	case c.Significant():
		return fmt.Sprintf("B is %s by %s (95%% CI %s … %s, %s; %s).", way, Signed3(d.Mean),
			Signed3(ci[0]), Signed3(ci[1]), c.tests(), split)
	}
	return fmt.Sprintf("No significant difference: B − A = %s (95%% CI %s … %s, %s; %s).", Signed3(d.Mean),
		Signed3(ci[0]), Signed3(ci[1]), c.tests(), split)
}

// tests names both tests with their p: "t-test p = 0.41, sign test
// p = 0.025".
func (c *Comparison) tests() string {
	s := "t-test " + PValue(c.Delta.PT)
	if c.Delta.HasPSign {
		s += ", sign test " + PValue(c.Delta.PSign)
	}
	return s
}

// Disagreement says in one line why the paired t-test and the sign test
// disagree on whether B differs from A: "" when they agree (or one is not
// computed). The sign test counts the cases that moved each way, the
// t-test weighs how far: a few large swings (missing or invalid answers,
// often) against many small changes split them.
func (c *Comparison) Disagreement() string {
	d := &c.Delta
	if !d.HasPT || !d.HasPSign || d.N < 2 {
		return ""
	}
	tSig, sSig := d.PT < Significance, d.PSign < Significance
	switch {
	case sSig && !tSig:
		dir, against := "better", c.MostRegressed
		majority := c.Improved
		if c.Regressed > c.Improved {
			dir, against, majority = "worse", c.MostImproved, c.Regressed
		}
		return fmt.Sprintf("The tests disagree: %d of the %d cases that changed got %s (sign test %s), but a few large swings the other way keep the mean change uncertain (t-test %s)%s.",
			majority, c.Improved+c.Regressed, dir, PValue(d.PSign), PValue(d.PT), swingsNote(against))
	case tSig && !sSig:
		dir, with := "up", c.MostImproved
		if d.Mean < 0 {
			dir, with = "down", c.MostRegressed
		}
		return fmt.Sprintf("The tests disagree: the mean moved %s (t-test %s), but about as many cases improved as regressed (%d vs %d, sign test %s): a few large changes carry it%s.",
			dir, PValue(d.PT), c.Improved, c.Regressed, PValue(d.PSign), swingsNote(with))
	}
	return ""
}

// swingsNote names the largest of the swings and how many of them are
// answers missing or invalid on one side.
func swingsNote(cases []CaseDelta) string {
	if len(cases) == 0 {
		return ""
	}
	absent := 0
	for _, cd := range cases {
		if cd.StatusA == CaseMissing || cd.StatusA == CaseInvalid || cd.StatusB == CaseMissing || cd.StatusB == CaseInvalid {
			absent++
		}
	}
	s := fmt.Sprintf(" (the largest %s, case %s", Signed3(cases[0].Delta), escape.Text(cases[0].ID))
	if absent > 0 {
		s += fmt.Sprintf("; %d of the %d largest are missing or invalid answers", absent, len(cases))
	}
	return s + ")"
}

// Signed3 writes a change with its sign, to three decimals, or to two
// significant digits when it is smaller than 0.0005 (so that a small
// change does not read as none): "+0.031", "-0.012", "+0.00042"; a change
// within ChangeEps of 0 (or NaN) is "0".
func Signed3(v float64) string {
	switch {
	case math.Abs(v) <= ChangeEps || math.IsNaN(v):
		return "0" // rounding, as an unchanged case's

	case math.Abs(v) < 0.0005:
		s := strconv.FormatFloat(v, 'g', 2, 64)
		if strings.Contains(s, "e") { // g switches to e below 1e-4
			s = strconv.FormatFloat(v, 'f', 2-int(math.Floor(math.Log10(math.Abs(v))))-1, 64)
		}
		if v > 0 {
			s = "+" + s
		}
		return s
	}
	s := strconv.FormatFloat(v, 'f', 3, 64)
	if v > 0 {
		s = "+" + s
	}
	return s
}

// PValue writes a p-value as reports give it, with its relation:
// "p = 0.002", "p = 0.57", "p < 0.001" for smaller ones.
func PValue(p float64) string {
	if p < 0.001 {
		return "p < 0.001"
	}
	s := strconv.FormatFloat(p, 'f', 3, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return "p = " + s
}

// CompareTextOptions tune WriteComparisonText.
type CompareTextOptions struct {
	// A and B describe the runs, each in a line (id, time, files); empty
	// ones are left out.
	A, B string
	// Cases is how many of the most regressed and improved cases to list
	// (at most TopCases; 0 is TopCases).
	Cases int
}

// WriteComparisonText writes a comparison for people, the verdict first:
// then the runs, the dataset scores, the cases' changes and their tests,
// the changes of metric, rules and weights, the most regressed and
// improved cases, the paths whose score or loss changed, and the cases
// only one run has.
func WriteComparisonText(w io.Writer, c *Comparison, opt CompareTextOptions) error {
	ew := &errWriter{w: w}
	fmt.Fprintln(ew, c.Verdict())
	if why := c.Disagreement(); why != "" {
		fmt.Fprintln(ew, why)
	}
	if opt.A != "" || opt.B != "" {
		fmt.Fprintln(ew)
		fmt.Fprintf(ew, "A  %s\nB  %s\n", opt.A, opt.B)
	}
	fmt.Fprintln(ew)
	tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
	line := report.ScoreText(c.A.Score, c.A.HasScore) + " → " + report.ScoreText(c.B.Score, c.B.HasScore)
	if d, ok := c.ScoreDelta(); ok {
		line += "  (" + signedFigure(d) + ")"
	}
	fmt.Fprintf(tw, "score\t%s\n", line)
	fmt.Fprintf(tw, "cases\t%s\n", c.casesLine())
	d := &c.Delta
	if d.N > 0 {
		line := "mean " + signedFigure(d.Mean)
		if d.HasCI {
			ci, _ := d.ShownCI()
			line += " · 95% CI " + signedFigure(ci[0]) + " … " + signedFigure(ci[1])
		}
		if d.HasPT {
			line += fmt.Sprintf(" · t = %s (df %d) · p = %s", strconv.FormatFloat(d.T, 'f', 3, 64), d.N-1, pFull(d.PT))
		} else if d.N >= 2 {
			line += " · no spread: every paired case changed alike"
		}
		fmt.Fprintf(tw, "paired Δ\t%s\n", line)
	}
	if d.HasPSign {
		fmt.Fprintf(tw, "sign test\t%d improved vs %d regressed · p = %s\n", c.Improved, c.Regressed, pFull(d.PSign))
	}
	if c.MetricA != c.MetricB || strings.Join(c.OptionsA, " ") != strings.Join(c.OptionsB, " ") {
		fmt.Fprintf(tw, "metric\t%s → %s\n", metricText(c.MetricA, c.OptionsA), metricText(c.MetricB, c.OptionsB))
	}
	if c.RulesA != c.RulesB {
		fmt.Fprintf(tw, "rules\t%s → %s\n", rulesText(c.RulesA), rulesText(c.RulesB))
	}
	if line := c.agreementLine(); line != "" {
		fmt.Fprintf(tw, "agreement\t%s\n", line)
	}
	tw.Flush()
	if len(c.Weights) > 0 {
		fmt.Fprintf(ew, "\nweights changed (%d)\n", len(c.Weights))
		tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
		for _, wd := range c.Weights {
			fmt.Fprintf(tw, "  %s\t%s → %s\n", wd.Path, report.Figure(wd.A), report.Figure(wd.B))
		}
		tw.Flush()
	}
	top := opt.Cases
	if top <= 0 || top > TopCases {
		top = TopCases
	}
	c.writeCases(ew, "most regressed", c.MostRegressed, c.Regressed, top)
	c.writeCases(ew, "most improved", c.MostImproved, c.Improved, top)
	c.writePaths(ew)
	for _, part := range []struct {
		name string
		ids  []string
	}{{"only in A", c.OnlyA}, {"only in B", c.OnlyB}, {"without a score in A or B (not paired)", c.Unscored}} {
		if len(part.ids) > 0 {
			fmt.Fprintf(ew, "\n%s (%d): %s\n", part.name, len(part.ids), listSome(part.ids, 10))
		}
	}
	return ew.err
}

// casesLine counts the cases: paired and how they changed, and the
// others.
func (c *Comparison) casesLine() string {
	s := fmt.Sprintf("%d paired: %d improved, %d regressed, %d unchanged", c.Paired, c.Improved, c.Regressed, c.Unchanged)
	if n := len(c.OnlyA); n > 0 {
		s += fmt.Sprintf(" · %d only in A", n)
	}
	if n := len(c.OnlyB); n > 0 {
		s += fmt.Sprintf(" · %d only in B", n)
	}
	if n := len(c.Unscored); n > 0 {
		s += fmt.Sprintf(" · %d without a score in A or B", n)
	}
	return s
}

// writeCases lists some of the most regressed or improved cases, of all
// that are.
func (c *Comparison) writeCases(w io.Writer, name string, cases []CaseDelta, all, top int) {
	if len(cases) == 0 {
		return
	}
	cases = cases[:min(top, len(cases))]
	fmt.Fprintf(w, "\n%s (%d of %d)\n", name, len(cases), all)
	names := make([]string, len(cases))
	for i, d := range cases {
		names[i] = report.Truncate(d.ID, 40)
	}
	col := leftColumn("case", names)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%s\tA\tB\tΔ\t\n", col("case"))
	for i, d := range cases {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\n", col(names[i]), caseScore(d.A, d.StatusA), caseScore(d.B, d.StatusB), signedFigure(d.Delta))
	}
	tw.Flush()
}

// writePaths lists the paths whose score or loss changed, in tree order.
func (c *Comparison) writePaths(w io.Writer) {
	var rows []*PathDelta
	for i := range c.Paths {
		p := &c.Paths[i]
		dl := p.LossB - p.LossA
		ds, ok := p.Delta()
		if !p.InA || !p.InB || p.HasA != p.HasB || (ok && math.Abs(ds) > ChangeEps) || math.Abs(dl) > ChangeEps {
			rows = append(rows, p)
		}
	}
	if len(rows) == 0 {
		if len(c.Paths) > 0 {
			fmt.Fprintf(w, "\nno path's score or loss changed (%d paths)\n", len(c.Paths))
		}
		return
	}
	fmt.Fprintf(w, "\npaths whose score or loss changed (%d of %d)\n", len(rows), len(c.Paths))
	names := make([]string, len(rows))
	for i, p := range rows {
		names[i] = p.Path
		switch {
		case !p.InA:
			names[i] += " (only B)"
		case !p.InB:
			names[i] += " (only A)"
		}
	}
	col := leftColumn("path", names)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%s\tA\tB\tΔ score\tloss A\tloss B\tΔ loss\t\n", col("path"))
	for i, p := range rows {
		a, b, ds := "—", "—", ""
		if p.InA {
			a = report.ScoreText(p.A, p.HasA)
		}
		if p.InB {
			b = report.ScoreText(p.B, p.HasB)
		}
		if v, ok := p.Delta(); ok {
			ds = signedFigure(v)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", col(names[i]), a, b, ds,
			report.Figure(p.LossA), report.Figure(p.LossB), signedFigure(p.LossB-p.LossA))
	}
	tw.Flush()
}

// caseScore writes a case's score, with its status when it is not scored
// (a missing or invalid case scores 0): "0.8", "0 (missing)".
func caseScore(v float64, st CaseStatus) string {
	if st == CaseScored {
		return report.Figure(v)
	}
	return report.Figure(v) + " (" + st.String() + ")"
}

// leftColumn returns a function that pads a cell of the first column of
// a table to the width of the widest of head and names, so that it reads
// left-aligned in a table whose other columns align right.
func leftColumn(head string, names []string) func(string) string {
	w := report.Width(head)
	for _, n := range names {
		w = max(w, report.Width(n))
	}
	return func(s string) string { return s + strings.Repeat(" ", w-report.Width(s)) }
}

// signedFigure is report.Figure with a sign on positive values.
func signedFigure(v float64) string {
	s := report.Figure(v)
	if v > 0 {
		s = "+" + s
	}
	return s
}

// pFull writes a p-value with four significant digits ("0.002833",
// "3.9e-05").
func pFull(p float64) string {
	return strconv.FormatFloat(p, 'g', 4, 64)
}

func metricText(name string, options []string) string {
	if len(options) == 0 {
		return name
	}
	return name + " [" + strings.Join(options, " ") + "]"
}

func rulesText(rules string) string {
	if rules == "" {
		return "none"
	}
	return report.Truncate(rules, 12)
}

// listSome lists the first n of ids, then how many more there are.
func listSome(ids []string, n int) string {
	if len(ids) <= n {
		return strings.Join(ids, ", ")
	}
	return strings.Join(ids[:n], ", ") + fmt.Sprintf(" and %d more", len(ids)-n)
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// errWriter keeps the first write error, so that a text is written
// without checking each line.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return len(p), nil
	}
	_, e.err = e.w.Write(p)
	return len(p), nil
}
