package runspane

import "github.com/jsontui/jsontui/tui/ports"

// RunIsA reports whether run, compared with the explorer's state, is A —
// the side `jsontui history diff A B` names first, the change shown being
// B − A — as the command line orders two runs: the older first. A run of
// the explorer's own files (an earlier weighting of the same answers) is
// older than the state shown, so it is A. The state of other files (the
// other model's answers) dates from its files' first run: the oldest of
// listed (the runs the history pane lists, newest first) marked
// ThisPair; when that is older than run, the state shown is A. The state
// of files never recorded is the newer.
func RunIsA(listed []ports.RunSummary, run ports.RunSummary) bool {
	if run.ThisPair {
		return true
	}
	for i := len(listed) - 1; i >= 0; i-- {
		if r := listed[i]; r.ThisPair && r.ID != run.ID {
			return !r.Time.Before(run.Time)
		}
	}
	return true
}
