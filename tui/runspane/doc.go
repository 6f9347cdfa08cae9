// Package runspane is the history pane both pages open: the list of a
// pair's or a dataset's recorded runs, the plot of their scores, the diff
// of a run with the state shown, and how a recorded run is matched with
// the tree (RunMatch, Comparison, RunDiff).
package runspane
