// Package tui is jsontui's explorer: a full-screen view of a scored
// comparison (bubbletea v2) where a person sees what the output got wrong
// and what it costs, and tunes the weights live until the score means what
// they want.
//
// This package only runs the explorer (Explore for a pair, ExploreDataset
// for a dataset), with the signals that end it watched. The explorer is
// built as soft-serve's pkg/ui is: two pages, a pair's (tui/pair) and a
// dataset's (tui/datasetpage), each embedding one shell (tui/shell) that
// holds what they do alike; the parts they share are packages of their
// own: the Common value and the pane contract (tui/common), the widgets
// (tui/widgets), the choosers (tui/choosers), the history pane
// (tui/runspane), and what the explorer is given and asks of the outside
// (tui/ports).
package tui
