package cli

import (
	"fmt"
	"time"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring/report"
)

// noRunsOfPair says that no run is of the pair --pair names: how many
// runs there are of other pairs, and those that share one of its files.
func (a *app) noRunsOfPair(store *history.Store, opts history.ListOptions) error {
	all, err := store.List(history.ListOptions{})
	if err != nil {
		return storeError(err)
	}
	w := a.stdout
	fmt.Fprintf(w, "No runs of %s ↔ %s in %s.\n", rel(opts.Reference), rel(opts.Output), report.EscapeName(store.Path()))
	if len(all) == 0 {
		fmt.Fprintln(w, "No runs are recorded yet: run 'jsontui score REF OUT' or the explorer to record one.")
		return nil
	}
	type pair struct{ ref, out string }
	var near []pair
	counts := map[pair]int{}
	for _, r := range all {
		p := pair{r.Reference.Path, r.Output.Path}
		if p.ref != opts.Reference && p.out != opts.Output {
			continue
		}
		if counts[p] == 0 {
			near = append(near, p)
		}
		counts[p]++
	}
	fmt.Fprintf(w, "%s of other pairs; 'jsontui history' lists them.\n", report.Plural(len(all), "run is", "runs are"))
	if len(near) > 0 {
		fmt.Fprintln(w, "Runs with one of these files:")
		for i, p := range near {
			if i == 3 {
				fmt.Fprintf(w, "  … and %s more\n", report.Plural(len(near)-i, "pair"))
				break
			}
			fmt.Fprintf(w, "  %s ↔ %s  (%s)\n", rel(p.ref), rel(p.out), report.Plural(counts[p], "run"))
		}
	}
	return nil
}

// seenText says how many times a run was seen, and when last: "×3 last
// 14:05" (the date too when not that of the run), "" for a run seen once.
func seenText(count int, first, last time.Time) string {
	if count <= 1 {
		return ""
	}
	layout := "15:04"
	switch {
	case first.Year() != last.Year():
		layout = "2006-01-02 15:04"
	case first.YearDay() != last.YearDay():
		layout = "01-02 15:04"
	}
	return fmt.Sprintf("×%d last %s", count, last.Format(layout))
}
