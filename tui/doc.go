// Package tui is jsontui's explorer: a full-screen view of a scored
// comparison (bubbletea v2) where a person sees what the output got wrong
// and what it costs, and tunes the weights live until the score means what
// they want.
//
// The root Model owns the layout and the state machine (loading, modes,
// panes); components (header, tree pane, detail pane, status line,
// prompts, overlays) share one common value holding the size, the theme's
// Styles and the key map, and talk through typed messages. Heavy work
// (loading, searching, rescoring, recording) runs in commands that carry a
// request id, so stale results are dropped.
package tui
