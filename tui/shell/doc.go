// Package shell is what the explorer's two pages, a pair's and a
// dataset's, hold and do alike: the phase and the mode, the status line
// and its prompt, the help, the metric and rules choosers, the history
// pane, the unsaved weights and rules kept in a recovery file and offered
// back, saving, quitting and finishing. A page embeds a Shell and gives it
// what differs (Page): the weights and rules in force, what a save
// changes, how to score again, what to record.
package shell
