package cli

import (
	"fmt"
	"strings"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/report"
)

// writeDiffMarkdown prints a diff of two runs of a pair as Markdown: the
// runs, the totals, and a table of the paths whose score changed.
func (a *app) writeDiffMarkdown(ra, rb *history.Run, d history.DiffResult) error {
	w := a.stdout
	delta := ""
	if ra.HasScore && rb.HasScore {
		delta = " (" + signed(rb.Score-ra.Score) + ")"
	}
	fmt.Fprintf(w, "### score %s → %s%s\n\n", report.ScoreText(ra.Score, ra.HasScore), report.ScoreText(rb.Score, rb.HasScore), delta)
	md := func(s string) string { return strings.NewReplacer("|", `\|`, "`", "'").Replace(escape.Text(s)) }
	fmt.Fprintf(w, "- A: `%s` %s\n- B: `%s` %s\n", ra.ID, md(a.files(ra.Reference, ra.Output, ra.Weights)), rb.ID, md(a.files(rb.Reference, rb.Output, rb.Weights)))
	if len(d.Weights) > 0 {
		fmt.Fprintf(w, "\nWeights changed:\n\n| path | A | B |\n| --- | ---: | ---: |\n")
		for _, c := range d.Weights {
			fmt.Fprintf(w, "| `%s` | %s | %s |\n", md(c.Path), weightText(c.Old), weightText(c.New))
		}
	}
	if len(d.Changed) > 0 {
		fmt.Fprintf(w, "\nScores changed:\n\n| path | A | B | Δ |\n| --- | ---: | ---: | ---: |\n")
		for _, c := range d.Changed {
			delta := ""
			if v, ok := c.Delta(); ok {
				delta = signed(v)
			}
			fmt.Fprintf(w, "| `%s` | %s | %s | %s |\n", md(c.Path), report.ScoreText(c.Old, c.HasOld), report.ScoreText(c.New, c.HasNew), delta)
		}
	}
	return nil
}
