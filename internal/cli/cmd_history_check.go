package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring/report"
)

func (a *app) historyCheckCmd() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "check",
		Short: "Check the store: every page, the index against the runs, every run's record",
		Long: `Reads the whole store and checks it: every page of the file, the index against
the runs it names, and every run's record against its checksum. It changes
nothing. Exit code 2 when the store is damaged: 'jsontui history repair' then
rebuilds it from the runs that read.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			store, err := a.storeFor(format)
			if err != nil {
				return err
			}
			rep, err := store.Check()
			if err != nil {
				return storeError(err)
			}
			if format == "json" {
				err = writeJSON(a, checkJSON(rep))
			} else {
				err = a.writeCheck(rep)
			}
			if err == nil && len(rep.Problems) > 0 {
				err = &exitError{code: 2, err: errQuiet}
			}
			return err
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}

// checkJSON is the JSON form of a check.
func checkJSON(r *history.CheckReport) map[string]any {
	problems := r.Problems
	if problems == nil {
		problems = []string{}
	}
	return map[string]any{
		"path": r.Path, "sound": len(r.Problems) == 0, "runs": r.Runs, "size": r.Size,
		"pages": r.Pages, "free_pages": r.Free, "unreached_pages": r.Unreached,
		"problems": problems, "recoverable": r.Recoverable,
	}
}

// writeCheck prints a check for people.
func (a *app) writeCheck(r *history.CheckReport) error {
	w := a.stdout
	path := report.EscapeName(r.Path)
	if r.Size == 0 && len(r.Problems) == 0 {
		_, err := fmt.Fprintf(w, "%s: no store yet: nothing to check.\n", path)
		return err
	}
	if len(r.Problems) == 0 {
		fmt.Fprintf(w, "%s: sound: %s, %s in %d pages (%d free).\n", path, report.Plural(r.Runs, "run"), sizeText(r.Size), r.Pages, r.Free)
		if r.Unreached > 0 {
			fmt.Fprintf(w, "%s neither in use nor free: space bolt lost track of, harmless; 'jsontui history repair' reclaims it.\n", report.Plural(r.Unreached, "page is", "pages are"))
		}
		return nil
	}
	fmt.Fprintf(w, "%s: damaged (%s):\n", path, report.Plural(len(r.Problems), "problem"))
	for _, p := range r.Problems {
		fmt.Fprintf(w, "  %s\n", p)
	}
	_, err := fmt.Fprintf(w, "'jsontui history repair' rebuilds the store from the %s that read, and keeps the damaged file.\n", report.Plural(r.Recoverable, "run"))
	return err
}

func (a *app) historyRepairCmd() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "repair",
		Short: "Rebuild a damaged store from the runs that read, keeping the damaged file",
		Long: `Checks the store and, when it is damaged, rebuilds it: the run records that read
(every one is checked) go into a new file with a new index, which takes the
store's place. The damaged file is kept beside it, unchanged, under a name that
ends in .damaged-DATE-TIME. A sound store is left alone.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			store, err := a.storeFor(format)
			if err != nil {
				return err
			}
			rep, err := store.Repair()
			if err != nil {
				var ns *history.NotStoreError
				if errors.As(err, &ns) {
					return &exitError{code: 2, err: err}
				}
				return storeError(err)
			}
			if format == "json" {
				lost := rep.Lost
				if lost == nil {
					lost = []string{}
				}
				problems := rep.Problems
				if problems == nil {
					problems = []string{}
				}
				return writeJSON(a, map[string]any{
					"path": rep.Path, "kept": rep.Kept, "repaired": rep.Kept != "", "runs": rep.Runs,
					"lost": lost, "problems": problems, "scanned": rep.Scanned,
				})
			}
			return a.writeRepair(rep)
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}

// writeRepair prints a repair for people.
func (a *app) writeRepair(r *history.RepairReport) error {
	w := a.stdout
	path := report.EscapeName(r.Path)
	if r.Kept == "" {
		_, err := fmt.Fprintf(w, "%s: sound (%s): nothing to repair.\n", path, report.Plural(r.Runs, "run"))
		return err
	}
	fmt.Fprintf(w, "Repaired %s: %s kept", path, report.Plural(r.Runs, "run"))
	if len(r.Lost) > 0 {
		fmt.Fprintf(w, "; %s lost, whose records do not read: %s", report.Plural(len(r.Lost), "run"), report.ListFirst(r.Lost))
	}
	fmt.Fprintln(w, ".")
	for _, p := range r.Problems {
		fmt.Fprintf(w, "  was: %s\n", p)
	}
	if r.Scanned {
		fmt.Fprintln(w, "The file's page map did not read, so every page was read for runs: runs removed earlier may be back.")
	}
	_, err := fmt.Fprintf(w, "The damaged file is kept as %s.\n", report.EscapeName(r.Kept))
	return err
}

// sizeText formats a file size for people.
func sizeText(n int64) string {
	switch {
	case n >= 10<<20:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 10<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
