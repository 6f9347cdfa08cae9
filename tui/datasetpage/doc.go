// Package datasetpage is the explorer of a dataset: the page that embeds
// the shell (tui/shell) and routes the messages to its panes, which keep
// the pane contract and are packages of their own — the header
// (dsheader), the per-path tree with the detail pane (pathtree), the
// cases pane (casespane), the heat map (heatmap) and the rescore's box
// (dsprogress), over the data they share (dsdata) — plus what only the
// page does: its keys and layout, rescoring, the history pane's actions,
// recording, and a case opened as a pair (a tui/pair explorer).
package datasetpage
