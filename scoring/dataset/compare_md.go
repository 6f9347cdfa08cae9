package dataset

import (
	"fmt"
	"io"
	"math"

	"github.com/jsontui/jsontui/scoring/report"
)

// WriteComparisonMarkdown writes a comparison as Markdown, for a pull
// request or a job summary: the verdict (and why the tests disagree, if
// they do), the runs, a table of the figures, the most regressed and
// improved cases, and the paths whose score or loss changed.
func WriteComparisonMarkdown(w io.Writer, c *Comparison, opt CompareTextOptions) error {
	ew := &errWriter{w: w}
	fmt.Fprintf(ew, "### %s\n", mdEscape(c.Verdict()))
	if why := c.Disagreement(); why != "" {
		fmt.Fprintf(ew, "\n%s\n", mdEscape(why))
	}
	if opt.A != "" || opt.B != "" {
		fmt.Fprintf(ew, "\n- A: `%s`\n- B: `%s`\n", mdEscape(opt.A), mdEscape(opt.B))
	}
	d := &c.Delta
	fmt.Fprintf(ew, "\n| score A | score B | Δ | paired | improved | regressed | unchanged | mean Δ | 95%% CI | t-test p | sign test p |\n")
	fmt.Fprintf(ew, "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |\n")
	delta := ""
	if v, ok := c.ScoreDelta(); ok {
		delta = signedFigure(v)
	}
	mean, ci, pt, ps := "", "", "", ""
	if d.N > 0 {
		mean = signedFigure(d.Mean)
	}
	if d.HasCI {
		shown, _ := d.ShownCI()
		ci = signedFigure(shown[0]) + " … " + signedFigure(shown[1])
	}
	if d.HasPT {
		pt = pFull(d.PT)
	}
	if d.HasPSign {
		ps = pFull(d.PSign)
	}
	fmt.Fprintf(ew, "| %s | %s | %s | %d | %d | %d | %d | %s | %s | %s | %s |\n",
		report.ScoreText(c.A.Score, c.A.HasScore), report.ScoreText(c.B.Score, c.B.HasScore), delta,
		c.Paired, c.Improved, c.Regressed, c.Unchanged, mean, ci, pt, ps)
	c.mdCases(ew, "Most regressed", c.MostRegressed)
	c.mdCases(ew, "Most improved", c.MostImproved)
	c.mdPaths(ew)
	for _, part := range []struct {
		name string
		ids  []string
	}{{"Only in A", c.OnlyA}, {"Only in B", c.OnlyB}} {
		if len(part.ids) > 0 {
			fmt.Fprintf(ew, "\n%s (%d): %s\n", part.name, len(part.ids), mdEscape(listSome(part.ids, 10)))
		}
	}
	return ew.err
}

// mdCases writes a table of cases and their change.
func (c *Comparison) mdCases(w io.Writer, title string, cases []CaseDelta) {
	if len(cases) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s:\n\n| case | A | B | Δ |\n| --- | ---: | ---: | ---: |\n", title)
	for _, cd := range cases {
		fmt.Fprintf(w, "| `%s` | %s | %s | %s |\n", mdEscape(cd.ID), caseScore(cd.A, cd.StatusA), caseScore(cd.B, cd.StatusB), signedFigure(cd.Delta))
	}
}

// mdPaths writes a table of the paths whose score or loss changed.
func (c *Comparison) mdPaths(w io.Writer) {
	head := false
	for i := range c.Paths {
		p := &c.Paths[i]
		ds, ok := p.Delta()
		if p.InA && p.InB && p.HasA == p.HasB && !(ok && math.Abs(ds) > ChangeEps) && math.Abs(p.LossB-p.LossA) <= ChangeEps {
			continue
		}
		if !head {
			fmt.Fprintf(w, "\nPaths whose score or loss changed:\n\n| path | A | B | Δ score | loss A | loss B | Δ loss |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
			head = true
		}
		a, b, dsText := "—", "—", ""
		if p.InA {
			a = report.ScoreText(p.A, p.HasA)
		}
		if p.InB {
			b = report.ScoreText(p.B, p.HasB)
		}
		if ok {
			dsText = signedFigure(ds)
		}
		fmt.Fprintf(w, "| `%s` | %s | %s | %s | %s | %s | %s |\n", mdEscape(p.Path), a, b, dsText,
			report.Figure(p.LossA), report.Figure(p.LossB), signedFigure(p.LossB-p.LossA))
	}
}
