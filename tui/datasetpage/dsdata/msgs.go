package dsdata

import tea "charm.land/bubbletea/v2"

// The messages of a dataset's explorer: between its panes and its root.

// ChangedMsg tells the panes that the figures changed (a re-weight, a
// comparison begun or ended).
type ChangedMsg struct{}

// ReplacedMsg tells the panes that the dataset was scored again
// (another metric, its options, the rules, an array's pairing): its
// paths, their figures and the cases' may all differ; each keeps its
// place by path and by case where it can.
type ReplacedMsg struct{}

// FilterCasesMsg asks for the cases that lose points at path ("" for
// every case again).
type FilterCasesMsg struct{ Path string }

// OpenCaseMsg asks to open case k as a pair, its cursor at path ("" for
// the costliest leaf).
type OpenCaseMsg struct {
	Case int
	Path string
}

// SelectPathMsg asks a pane to put its cursor on path i.
type SelectPathMsg struct{ Index int }

// RulesForPathMsg asks the root for the rules chooser on a path.
type RulesForPathMsg struct{ Path string }

// PairPathMsg asks the root for the next pairing of the array at (or
// around) a path.
type PairPathMsg struct{ Path string }

// View is what the body of a dataset's explorer shows.
type View int

const (
	ViewTree   View = iota // the per-path tree (and the detail pane)
	ViewCases              // the cases pane
	ViewHeat               // the heat map
	ViewGroups             // the groups (--group-by)
)

// ShowViewMsg asks the root to show a view.
type ShowViewMsg struct{ View View }

// WeightKeyMsg asks the root to run a weight key on a path.
type WeightKeyMsg struct {
	Path string
	Key  tea.KeyPressMsg
}

// PromptKind is what a pane asks the prompt for.
type PromptKind int

const (
	PromptSearch PromptKind = iota // the tree: search the paths' keys
	PromptFind                     // the cases pane: find a case by id
)

// AskPromptMsg asks the root for the prompt; what is typed comes back to
// the pane as PromptDoneMsg.
type AskPromptMsg struct {
	Kind         PromptKind
	Label, Value string
	Placeholder  string
}

// PromptDoneMsg carries what was typed into a pane's prompt.
type PromptDoneMsg struct {
	Kind PromptKind
	Text string
}
