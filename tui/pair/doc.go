// Package pair is the explorer of one pair of documents: the header, the
// score panel, the tree pane with the detail pane, the search, the
// weights edited live, the metric and per-key rules changed by a rescore
// in the background, the history of the pair's runs and a comparison
// with one of them. Its Model embeds the shell (tui/shell), which does
// what it does alike with a dataset's explorer.
package pair
