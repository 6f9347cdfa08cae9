// Package pathtree is the per-path tree of a dataset's page: the paths
// shown (Outline: open, closed, ordered, failing only), their rows with
// the figures fitted to the width, the pane that moves over them (Tree),
// and the detail pane that explains the selected path (Detail).
package pathtree
