// Package keys is the explorer's key map: every binding in one place, the
// single source of truth for what a key does and for the help screens
// generated from it.
package keys

import "charm.land/bubbles/v2/key"

// KeyMap holds the explorer's bindings in normal mode. Prompts (search,
// weight input, save path) take typed text and answer only to Accept and
// Cancel.
type KeyMap struct {
	// Moving.
	Up, Down, Top, Bottom, HalfDown, HalfUp, PageDown, PageUp key.Binding
	// Expanding and collapsing.
	Expand, Collapse, Toggle, ExpandAll, CollapseAll, Depth key.Binding
	// Finding. FailingOnly shows only the nodes that lose points (and
	// their ancestors); Worst goes to the costliest leaf.
	Search, NextMatch, PrevMatch, NextLoss, PrevLoss, Order, FailingOnly, Worst key.Binding
	// Weights.
	EditWeight, Raise, Lower, ToggleZero, Reset, ResetAll, Undo, Redo, Save key.Binding
	// Other. Copy copies the selected node's path, CopyOutput its output
	// value; DetailDown and DetailUp scroll the detail pane. Pairing
	// cycles how the selected array's elements are paired (index, best,
	// key=FIELD for each candidate field).
	Copy, CopyOutput, Metric, Rule, Pairing, Detail, DetailDown, DetailUp, Warnings, Help, Quit key.Binding
	// History: History opens the history pane; EndCompare ends the
	// comparison of the tree with a run.
	History, EndCompare key.Binding
	// A dataset's tree: Cases shows the cases pane, HeatMap the heat map,
	// FilterCases the cases that lose points at the selected path,
	// Groups the figures of each --group-by value. A pair's tree says
	// they are a dataset's.
	Cases, HeatMap, FilterCases, Groups key.Binding
	// Propose, on a dataset opened with people's labels, proposes the
	// one weight change that raises the scores' agreement with them most.
	Propose key.Binding
	// Pane holds the keys of the history pane, which take the place of
	// the normal-mode bindings while it shows.
	Pane PaneKeys
	// Chooser holds the metric chooser's own keys.
	Chooser ChooserKeys
	// CasesPane and Heat hold the keys of a dataset's cases pane and heat
	// map; Case those of a case opened from them, on top of the pair's.
	CasesPane CasesKeys
	Heat      HeatKeys
	Case      CaseKeys
	// GroupsPane holds the keys of a dataset's groups pane.
	GroupsPane GroupsKeys
	// Prompts and overlays.
	Accept, Cancel key.Binding
}

// PaneKeys are the history pane's own bindings. The pane also moves with
// Up, Down, Top, Bottom and the page keys, and answers to Help.
type PaneKeys struct {
	Compare, Diff, Load, Label, All, Close key.Binding
	// Back leaves a diff for the list of runs.
	Back key.Binding
}

// ChooserKeys are the metric chooser's own bindings. It also moves with
// Up, Down, Top, Bottom and the page keys, and answers to Accept and
// Cancel.
type ChooserKeys struct {
	// Options shows the options of the metric under the cursor, and back.
	Options key.Binding
	// Next and Prev step an option through its values.
	Next, Prev key.Binding
}

// CasesKeys are the cases pane's own bindings. The pane also moves with
// the moving keys, steps through the ids found with NextMatch and
// PrevMatch, and answers to FilterCases (all cases again), HeatMap, Groups, the
// weight keys that need no path (undo, redo, reset all, save), History,
// Help and Quit.
type CasesKeys struct {
	Open, Order, Find, Close key.Binding
	// Unscored lists the missing and invalid cases too (left out by
	// default), and leaves them out again.
	Unscored key.Binding
}

// HeatKeys are the heat map's own bindings. It also moves up and down
// the paths with the moving keys, opens and closes them as the tree does
// (ExpandAll, CollapseAll, Depth), takes the weight keys for the path of
// its row, and answers to Cases, History, Help and Quit.
type HeatKeys struct {
	Open, Left, Right, Close key.Binding
}

// GroupsKeys are the groups pane's own bindings. It also moves with the
// moving keys, and answers to Cases, HeatMap, the weight keys that need
// no path (undo, redo, reset all, save), History, Help and Quit.
type GroupsKeys struct {
	Order, Close key.Binding
}

// CaseKeys are the bindings of a case opened from a dataset, on top of
// the pair explorer's.
type CaseKeys struct {
	Back key.Binding
}

// Default returns the key map users of fx, jless and lazygit expect.
func Default() *KeyMap {
	b := bind
	k := &KeyMap{
		Up:       b([]string{"k", "up"}, "k/↑", "up"),
		Down:     b([]string{"j", "down"}, "j/↓", "down"),
		Top:      b([]string{"g", "home"}, "g", "top"),
		Bottom:   b([]string{"G", "end"}, "G", "bottom"),
		HalfDown: b([]string{"ctrl+d"}, "ctrl+d", "half page down"),
		HalfUp:   b([]string{"ctrl+u"}, "ctrl+u", "half page up"),
		PageDown: b([]string{"pgdown"}, "pgdn", "page down"),
		PageUp:   b([]string{"pgup"}, "pgup", "page up"),

		Expand:      b([]string{"l", "right"}, "l/→", "expand / first child"),
		Collapse:    b([]string{"h", "left"}, "h/←", "collapse / parent"),
		Toggle:      b([]string{"space", "enter"}, "space/enter", "toggle"),
		ExpandAll:   b([]string{"e"}, "e", "expand all"),
		CollapseAll: b([]string{"E"}, "E", "collapse all"),
		Depth:       b([]string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}, "1-9", "expand to depth"),

		Search:      b([]string{"/"}, "/", "search keys and values"),
		NextMatch:   b([]string{"n"}, "n", "next match"),
		PrevMatch:   b([]string{"N"}, "N", "previous match"),
		NextLoss:    b([]string{"]"}, "]", "next node with a loss"),
		PrevLoss:    b([]string{"["}, "[", "previous node with a loss"),
		Order:       b([]string{"o"}, "o", "order: document/loss/score"),
		FailingOnly: b([]string{"F"}, "F", "failing only ⇄ all nodes"),
		Worst:       b([]string{"W"}, "W", "the costliest leaf"),

		EditWeight: b([]string{"w"}, "w", "edit weight"),
		Raise:      b([]string{"+", "="}, "+", "weight +0.05"),
		Lower:      b([]string{"-"}, "-", "weight −0.05"),
		ToggleZero: b([]string{"x"}, "x", "weight 0 ⇄ previous"),
		Reset:      b([]string{"r"}, "r", "reset weight to the file's"),
		ResetAll:   b([]string{"R"}, "R", "reset all weights"),
		Undo:       b([]string{"u"}, "u", "undo"),
		Redo:       b([]string{"ctrl+r"}, "ctrl+r", "redo"),
		Save:       b([]string{"ctrl+s"}, "ctrl+s", "save weights (and rules)"),

		Copy:       b([]string{"y"}, "y", "copy path"),
		CopyOutput: b([]string{"Y"}, "Y", "copy output value (JSON)"),
		Metric:     b([]string{"m"}, "m", "metric and its options"),
		Rule:       b([]string{"C"}, "C", "comparison rule of the key"),
		Pairing:    b([]string{"p"}, "p", "array pairing: index/best/key"),
		Detail:     b([]string{"tab"}, "tab", "detail pane"),
		DetailDown: b([]string{"J"}, "J", "scroll detail down"),
		DetailUp:   b([]string{"K"}, "K", "scroll detail up"),
		Warnings:   b([]string{"!"}, "!", "show repairs & warnings"),
		Help:       b([]string{"?"}, "?", "help"),
		Quit:       b([]string{"q", "ctrl+c"}, "q", "quit"),

		History:    b([]string{"H"}, "H", "history of runs"),
		EndCompare: b([]string{"esc"}, "esc", "end a comparison with a run"),

		Cases:       b([]string{"c"}, "c", "the cases"),
		HeatMap:     b([]string{"v"}, "v", "heat map: paths × cases"),
		FilterCases: b([]string{"f"}, "f", "the cases losing points here"),
		Groups:      b([]string{"b"}, "b", "the groups (--group-by)"),
		Propose:     b([]string{"A"}, "A", "propose a weight change (labels)"),

		Accept: b([]string{"enter"}, "enter", "apply"),
		Cancel: b([]string{"esc"}, "esc", "cancel"),
	}
	k.Pane, k.Chooser = paneKeys(), chooserKeys()
	k.CasesPane, k.Heat, k.Case = datasetPaneKeys()
	k.GroupsPane = GroupsKeys{
		Order: b([]string{"o"}, "o", "order: as met / lowest mean first"),
		Close: b([]string{"esc", "b"}, "esc/b", "back to the tree"),
	}
	return k
}

// bind makes a binding of keys, shown in the help as helpKey: desc.
func bind(keys []string, helpKey, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(helpKey, desc))
}

// paneKeys are the history pane's keys.
func paneKeys() PaneKeys {
	b := bind
	return PaneKeys{
		Compare: b([]string{"enter"}, "enter", "compare with the tree"),
		Diff:    b([]string{"d"}, "d", "diff with now"),
		Load:    b([]string{"R"}, "R", "load its weights (u undoes)"),
		Label:   b([]string{"L"}, "L", "edit its label"),
		All:     b([]string{"a"}, "a", "every run ⇄ this pair's"),
		Close:   b([]string{"esc", "H", "q"}, "esc/H/q", "close the pane"),
		Back:    b([]string{"esc", "d", "q"}, "esc/d", "back from a diff"),
	}
}

// chooserKeys are the metric chooser's keys.
func chooserKeys() ChooserKeys {
	b := bind
	return ChooserKeys{
		Options: b([]string{"o", "tab"}, "o/tab", "its options"),
		Next:    b([]string{"space", "right"}, "space/→", "next value"),
		Prev:    b([]string{"left"}, "←", "previous value"),
	}
}

// datasetPaneKeys are the keys of a dataset's panes: the cases pane, the
// heat map, and a case opened as a pair.
func datasetPaneKeys() (CasesKeys, HeatKeys, CaseKeys) {
	b := bind
	cases := CasesKeys{
		Open:     b([]string{"enter"}, "enter", "open the case's tree"),
		Order:    b([]string{"o"}, "o", "order: score/Δ/id/reference"),
		Find:     b([]string{"/"}, "/", "find a case by id"),
		Unscored: b([]string{"s"}, "s", "missing/invalid: show ⇄ hide"),
		Close:    b([]string{"esc", "c"}, "esc/c", "back to the tree"),
	}
	heat := HeatKeys{
		Open:  b([]string{"enter"}, "enter", "open the case at the path"),
		Left:  b([]string{"h", "left"}, "h/←", "previous case"),
		Right: b([]string{"l", "right"}, "l/→", "next case"),
		Close: b([]string{"esc", "v"}, "esc/v", "back to the tree"),
	}
	return cases, heat, CaseKeys{
		Back: b([]string{"esc"}, "esc", "back to the dataset"),
	}
}

// ShortHelp returns the bindings the status line shows.
func (k *KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Toggle, k.EditWeight, k.Raise, k.Lower, k.NextLoss, k.Search, k.Save, k.Help, k.Quit}
}

// FullHelp returns every normal-mode binding in columns, for the help
// screen.
func (k *KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.Top, k.Bottom, k.HalfDown, k.HalfUp, k.PageDown, k.PageUp},
		{k.Expand, k.Collapse, k.Toggle, k.ExpandAll, k.CollapseAll, k.Depth, k.Order, k.Detail, k.DetailDown, k.DetailUp},
		{k.Search, k.NextMatch, k.PrevMatch, k.NextLoss, k.PrevLoss, k.Worst, k.FailingOnly, k.Copy, k.CopyOutput, k.Metric, k.Rule, k.Pairing, k.Warnings},
		{k.EditWeight, k.Raise, k.Lower, k.ToggleZero, k.Reset, k.ResetAll, k.Undo, k.Redo, k.Save, k.Help, k.Quit},
		{k.History, k.Pane.Compare, k.Pane.Diff, k.Pane.Load, k.Pane.Label, k.Pane.All, k.Pane.Close, k.Pane.Back, k.EndCompare},
	}
}

// PaneHelp returns the bindings the status line shows in the history
// pane.
func (k *KeyMap) PaneHelp() []key.Binding {
	p := k.Pane
	return []key.Binding{p.Compare, p.Diff, p.Load, p.Label, p.All, p.Close}
}

// GroupTitles names the columns of FullHelp.
func (k *KeyMap) GroupTitles() []string {
	return []string{"Move", "Tree", "Find", "Weights", "History pane (H)"}
}

// DatasetShortHelp returns the bindings the status line shows over a
// dataset's tree.
func (k *KeyMap) DatasetShortHelp() []key.Binding {
	return []key.Binding{k.Toggle, k.Cases, k.HeatMap, k.FilterCases, k.EditWeight, k.NextLoss, k.Save, k.Help, k.Quit}
}

// DatasetHelp returns the bindings of a dataset's explorer in columns,
// for its help screen: the tree's, the weights', the cases pane's and
// the heat map's.
func (k *KeyMap) DatasetHelp() [][]key.Binding {
	c, h := k.CasesPane, k.Heat
	// The tree's keys say what they do to paths.
	as := func(b key.Binding, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(b.Help().Key, desc))
	}
	return [][]key.Binding{
		{k.Up, k.Down, k.Top, k.Bottom, k.HalfDown, k.HalfUp, k.PageDown, k.PageUp},
		{k.Expand, k.Collapse, k.Toggle, k.ExpandAll, k.CollapseAll, k.Depth, k.Order, k.Detail, k.DetailDown, k.DetailUp,
			as(k.Search, "search the paths' keys"), k.NextMatch, k.PrevMatch, as(k.NextLoss, "next path with a loss"),
			as(k.PrevLoss, "previous path with a loss"), as(k.Worst, "the costliest leaf path"),
			as(k.FailingOnly, "failing only ⇄ all paths"), k.Copy, as(k.Warnings, "show the warnings"),
			as(k.Metric, "metric and its options: score again"), as(k.Rule, "comparison rule of the path"), k.Pairing},
		{k.EditWeight, k.Raise, k.Lower, k.ToggleZero, k.Reset, k.ResetAll, k.Undo, k.Redo, as(k.Save, "save the weights (and rules)"), k.Help, k.Quit,
			k.Propose, k.History, k.Pane.Compare, k.Pane.Load, as(k.EndCompare, "end the comparison with a run")},
		{k.Cases, k.FilterCases, c.Open, c.Order, c.Find, c.Unscored, c.Close, k.HeatMap, h.Open, h.Left, h.Right, h.Close, k.Case.Back,
			k.Groups, k.GroupsPane.Order, k.GroupsPane.Close},
	}
}

// DatasetGroupTitles names the columns of DatasetHelp.
func (k *KeyMap) DatasetGroupTitles() []string {
	return []string{"Move", "Tree and finding", "Weights and history", "Cases (c), heat map (v), groups (b)"}
}

// CasesHelp returns the bindings the status line shows in the cases pane.
func (k *KeyMap) CasesHelp() []key.Binding {
	c := k.CasesPane
	return []key.Binding{c.Open, c.Order, c.Find, k.FilterCases, k.HeatMap, c.Close, k.Help}
}

// GroupsHelp returns the bindings the status line shows in the groups
// pane.
func (k *KeyMap) GroupsHelp() []key.Binding {
	g := k.GroupsPane
	return []key.Binding{g.Order, k.Cases, k.HeatMap, g.Close, k.Help}
}

// HeatHelp returns the bindings the status line shows in the heat map.
func (k *KeyMap) HeatHelp() []key.Binding {
	h := k.Heat
	return []key.Binding{h.Left, h.Right, h.Open, k.EditWeight, k.Cases, h.Close, k.Help}
}
