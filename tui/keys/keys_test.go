package keys

import (
	"reflect"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// press builds the key press that String()s as k.
func press(k string) tea.KeyPressMsg {
	named := map[string]rune{"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab, "up": tea.KeyUp,
		"down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight, "pgdown": tea.KeyPgDown, "pgup": tea.KeyPgUp,
		"home": tea.KeyHome, "end": tea.KeyEnd}
	switch {
	case k == "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case named[k] != 0:
		return tea.KeyPressMsg{Code: named[k]}
	case strings.HasPrefix(k, "ctrl+"):
		return tea.KeyPressMsg{Code: rune(k[5]), Mod: tea.ModCtrl}
	}
	return tea.KeyPressMsg{Code: []rune(k)[0], Text: k}
}

// bindings returns the normal-mode bindings by field name.
func bindings(k *KeyMap) map[string]key.Binding {
	out := map[string]key.Binding{}
	v := reflect.ValueOf(k).Elem()
	for i := 0; i < v.NumField(); i++ {
		name := v.Type().Field(i).Name
		b, ok := v.Field(i).Interface().(key.Binding)
		if name == "Accept" || name == "Cancel" || !ok {
			continue // the prompts' keys, and the panes' own
		}
		out[name] = b
	}
	return out
}

// TestRequiredKeys checks the bindings users of fx, jless and lazygit
// expect, as the issue lists them, against real key presses.
func TestRequiredKeys(t *testing.T) {
	k := Default()
	want := map[string][]string{
		"Up": {"k", "up"}, "Down": {"j", "down"}, "Top": {"g"}, "Bottom": {"G"},
		"HalfDown": {"ctrl+d"}, "HalfUp": {"ctrl+u"}, "PageDown": {"pgdown"}, "PageUp": {"pgup"},
		"Expand": {"l", "right"}, "Collapse": {"h", "left"}, "Toggle": {"space", "enter"},
		"ExpandAll": {"e"}, "CollapseAll": {"E"}, "Depth": {"1", "2", "3", "4", "5", "6", "7", "8", "9"},
		"Search": {"/"}, "NextMatch": {"n"}, "PrevMatch": {"N"}, "NextLoss": {"]"}, "PrevLoss": {"["},
		"Order": {"o"}, "EditWeight": {"w"}, "Raise": {"+"}, "Lower": {"-"}, "ToggleZero": {"x"},
		"Reset": {"r"}, "ResetAll": {"R"}, "Undo": {"u"}, "Redo": {"ctrl+r"}, "Save": {"ctrl+s"},
		"Copy": {"y"}, "Metric": {"m"}, "Help": {"?"}, "Quit": {"q", "ctrl+c"}, "Detail": {"tab"},
		"History": {"H"}, "EndCompare": {"esc"},
		"FailingOnly": {"F"}, "Cases": {"c"}, "HeatMap": {"v"}, "FilterCases": {"f"}, "Worst": {"W"}, "CopyOutput": {"Y"}, "DetailDown": {"J"}, "DetailUp": {"K"}, "Pairing": {"p"},
	}
	all := bindings(k)
	for name, presses := range want {
		b, ok := all[name]
		if !ok {
			t.Errorf("no binding %s", name)
			continue
		}
		for _, p := range presses {
			if !key.Matches(press(p), b) {
				t.Errorf("%s does not answer to %q", name, p)
			}
		}
	}
	if key.Matches(tea.KeyPressMsg{Code: ' ', Text: " "}, k.Toggle) != true {
		t.Error("the space bar does not toggle")
	}
}

// TestNoConflicts checks that no key does two things in normal mode.
func TestNoConflicts(t *testing.T) {
	seen := map[string]string{}
	for name, b := range bindings(Default()) {
		for _, k := range b.Keys() {
			if other, ok := seen[k]; ok {
				t.Errorf("%q is bound to both %s and %s", k, other, name)
			}
			seen[k] = name
		}
	}
}

// TestHelpCoversEveryBinding checks that the help screen, generated from
// FullHelp, lists every normal-mode binding, each with a description, and
// that the short help is part of it.
func TestHelpCoversEveryBinding(t *testing.T) {
	k := Default()
	listed := map[string]bool{}
	for _, g := range append(k.FullHelp(), k.DatasetHelp()...) {
		for _, b := range g {
			if b.Help().Key == "" || b.Help().Desc == "" {
				t.Errorf("binding %v has no help", b.Keys())
			}
			listed[strings.Join(b.Keys(), ",")] = true
		}
	}
	for name, b := range bindings(k) {
		if !listed[strings.Join(b.Keys(), ",")] {
			t.Errorf("%s is missing from the help", name)
		}
	}
	for _, b := range k.ShortHelp() {
		if !listed[strings.Join(b.Keys(), ",")] {
			t.Errorf("short help has %v, which the full help lacks", b.Keys())
		}
	}
	if len(k.GroupTitles()) != len(k.FullHelp()) {
		t.Error("a help column has no title")
	}
}

// paneBindings returns the bindings that work in the history pane: its
// own and the moving keys and help it shares with normal mode.
func paneBindings(k *KeyMap) map[string]key.Binding {
	p := k.Pane
	return map[string]key.Binding{
		"Compare": p.Compare, "Diff": p.Diff, "Load": p.Load, "Label": p.Label, "All": p.All, "Close": p.Close,
		"Up": k.Up, "Down": k.Down, "Top": k.Top, "Bottom": k.Bottom, "HalfDown": k.HalfDown, "HalfUp": k.HalfUp,
		"PageDown": k.PageDown, "PageUp": k.PageUp, "Help": k.Help,
	}
}

// TestPaneKeys checks the history pane's keys as the issue names them,
// that none does two things in the pane, and that the help lists them.
func TestPaneKeys(t *testing.T) {
	k := Default()
	want := map[string][]string{"Compare": {"enter"}, "Diff": {"d"}, "Load": {"R"}, "Label": {"L"}, "All": {"a"}, "Close": {"esc", "H"}}
	pane := paneBindings(k)
	for name, presses := range want {
		for _, p := range presses {
			if !key.Matches(press(p), pane[name]) {
				t.Errorf("pane %s does not answer to %q", name, p)
			}
		}
	}
	seen := map[string]string{}
	for name, b := range pane {
		for _, s := range b.Keys() {
			if other, ok := seen[s]; ok {
				t.Errorf("in the pane, %q is bound to both %s and %s", s, other, name)
			}
			seen[s] = name
		}
	}
	listed := map[string]bool{}
	for _, g := range k.FullHelp() {
		for _, b := range g {
			listed[strings.Join(b.Keys(), ",")] = true
		}
	}
	for _, b := range k.PaneHelp() {
		if !listed[strings.Join(b.Keys(), ",")] {
			t.Errorf("the pane's %v is missing from the help", b.Keys())
		}
	}
	if !key.Matches(press("H"), k.History) {
		t.Error("H does not open the history")
	}
}

// TestChooserKeys: in the metric chooser no key does two things, and its
// own keys answer as its footer says.
func TestChooserKeys(t *testing.T) {
	k := Default()
	c := k.Chooser
	in := map[string]key.Binding{
		"Options": c.Options, "Next": c.Next, "Prev": c.Prev,
		"Up": k.Up, "Down": k.Down, "Top": k.Top, "Bottom": k.Bottom, "HalfDown": k.HalfDown, "HalfUp": k.HalfUp,
		"PageDown": k.PageDown, "PageUp": k.PageUp, "Accept": k.Accept, "Cancel": k.Cancel, "Quit": k.Quit,
	}
	seen := map[string]string{}
	for name, b := range in {
		for _, s := range b.Keys() {
			if other, ok := seen[s]; ok {
				t.Errorf("in the chooser, %q is bound to both %s and %s", s, other, name)
			}
			seen[s] = name
		}
	}
	for name, presses := range map[string][]string{"Options": {"o", "tab"}, "Next": {"space", "right"}, "Prev": {"left"}} {
		for _, p := range presses {
			if !key.Matches(press(p), in[name]) {
				t.Errorf("chooser %s does not answer to %q", name, p)
			}
		}
	}
}

// datasetPaneBindings returns the bindings that work in a dataset's cases
// pane and heat map: their own and those they share with the tree.
func datasetPaneBindings(k *KeyMap) (cases, heat map[string]key.Binding) {
	c, h := k.CasesPane, k.Heat
	cases = map[string]key.Binding{
		"Open": c.Open, "Order": c.Order, "Find": c.Find, "Unscored": c.Unscored, "Close": c.Close, "NextMatch": k.NextMatch, "PrevMatch": k.PrevMatch,
		"FilterCases": k.FilterCases, "HeatMap": k.HeatMap, "Groups": k.Groups, "ResetAll": k.ResetAll, "Undo": k.Undo, "Redo": k.Redo,
		"Save": k.Save, "History": k.History, "Help": k.Help, "Quit": k.Quit, "Metric": k.Metric,
		"Up": k.Up, "Down": k.Down, "Top": k.Top, "Bottom": k.Bottom, "HalfDown": k.HalfDown, "HalfUp": k.HalfUp,
		"PageDown": k.PageDown, "PageUp": k.PageUp,
	}
	heat = map[string]key.Binding{
		"Open": h.Open, "Left": h.Left, "Right": h.Right, "Close": h.Close, "Cases": k.Cases,
		"ExpandAll": k.ExpandAll, "CollapseAll": k.CollapseAll, "Depth": k.Depth,
		"EditWeight": k.EditWeight, "Raise": k.Raise, "Lower": k.Lower, "ToggleZero": k.ToggleZero, "Reset": k.Reset,
		"ResetAll": k.ResetAll, "Undo": k.Undo, "Redo": k.Redo, "Save": k.Save, "History": k.History, "Help": k.Help, "Quit": k.Quit,
		"Metric": k.Metric, "Up": k.Up, "Down": k.Down, "Top": k.Top, "Bottom": k.Bottom, "HalfDown": k.HalfDown, "HalfUp": k.HalfUp,
		"PageDown": k.PageDown, "PageUp": k.PageUp,
	}
	return cases, heat
}

// groupsPaneBindings returns the bindings that work in a dataset's groups
// pane, by name.
func groupsPaneBindings(k *KeyMap) map[string]key.Binding {
	g := k.GroupsPane
	return map[string]key.Binding{
		"Order": g.Order, "Close": g.Close, "Cases": k.Cases, "HeatMap": k.HeatMap,
		"ResetAll": k.ResetAll, "Undo": k.Undo, "Redo": k.Redo, "Save": k.Save, "History": k.History, "Help": k.Help, "Quit": k.Quit,
		"Metric": k.Metric, "Up": k.Up, "Down": k.Down, "Top": k.Top, "Bottom": k.Bottom, "HalfDown": k.HalfDown, "HalfUp": k.HalfUp,
		"PageDown": k.PageDown, "PageUp": k.PageUp,
	}
}

// TestDatasetKeys checks the keys docs/keys.md names (c, o, /, f, v, b,
// enter, esc, H), that none does two things in the cases pane, the heat
// map or the groups pane,
// and that a key keeps its meaning across the views: o orders, / finds, f
// filters the cases, enter opens, esc goes back.
func TestDatasetKeys(t *testing.T) {
	k := Default()
	cases, heat := datasetPaneBindings(k)
	groups := groupsPaneBindings(k)
	for _, c := range []struct {
		b     key.Binding
		press string
	}{{k.Cases, "c"}, {k.HeatMap, "v"}, {k.FilterCases, "f"}, {k.History, "H"}, {cases["Order"], "o"}, {cases["Find"], "/"},
		{cases["Open"], "enter"}, {cases["Close"], "esc"}, {heat["Open"], "enter"}, {heat["Close"], "esc"}, {k.Case.Back, "esc"},
		{k.Groups, "b"}, {groups["Order"], "o"}, {groups["Close"], "esc"}} {
		if !key.Matches(press(c.press), c.b) {
			t.Errorf("%q does not do %q", c.press, c.b.Help().Desc)
		}
	}
	if !key.Matches(press("o"), k.Order) || !key.Matches(press("/"), k.Search) {
		t.Error("o and / mean something else in the tree")
	}
	for name, set := range map[string]map[string]key.Binding{"cases pane": cases, "heat map": heat, "groups pane": groups} {
		seen := map[string]string{}
		for bname, b := range set {
			for _, s := range b.Keys() {
				if other, ok := seen[s]; ok {
					t.Errorf("in the %s, %q is bound to both %s and %s", name, s, other, bname)
				}
				seen[s] = bname
			}
		}
	}
	listed := map[string]bool{}
	for _, g := range k.DatasetHelp() {
		for _, b := range g {
			listed[strings.Join(b.Keys(), ",")] = true
		}
	}
	for _, set := range []map[string]key.Binding{cases, heat, groups} {
		for name, b := range set {
			if !listed[strings.Join(b.Keys(), ",")] {
				t.Errorf("%s (%v) is missing from the dataset's help", name, b.Keys())
			}
		}
	}
	if len(k.DatasetGroupTitles()) != len(k.DatasetHelp()) {
		t.Error("a column of the dataset's help has no title")
	}
}
