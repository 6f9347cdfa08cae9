// Package datasetpage is the explorer of a dataset: its header, the
// per-path tree with the detail pane, the cases pane, the heat map, the
// history pane, a rescore's progress, and a case opened as a pair (a
// tui/pair explorer over the case). Its Model embeds the shell
// (tui/shell) and routes the messages to its panes, which keep the pane
// contract.
package datasetpage
