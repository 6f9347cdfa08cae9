// Package pair is the explorer of one pair of documents. Its Model
// embeds the shell (tui/shell), which does what it does alike with a
// dataset's explorer, and routes to its components: the header, the
// score panel, the tree pane (with the search) and the detail pane, the
// loading screen, the check against a schema, the pairing of arrays and
// the controller of the recorded runs (tui/pair/runs: the best run, the
// history pane's actions, a comparison with a run). The page itself
// edits the weights live and scores the pair again in the background
// under another metric, options, pairing or per-key rules.
package pair
