package keys

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
)

// docSpelling maps how docs/keys.md writes a key to the key map's name.
var docSpelling = map[string]string{"↓": "down", "↑": "up", "→": "right", "←": "left", "pgdn": "pgdown"}

// docKeyTables returns the keys of docs/keys.md's tables by table:
// "normal" for the explorer's (| keys | does | and | key | does |), "pane"
// for the history pane's (| keys, in the pane | does |). Each key is
// spelled as the key map spells it; "1–9" is the nine digits.
func docKeyTables(t *testing.T) map[string][]string {
	t.Helper()
	b, err := os.ReadFile("../../docs/keys.md")
	if err != nil {
		t.Fatal(err)
	}
	code := regexp.MustCompile("`([^`]+)`")
	tables := map[string][]string{}
	table := ""
	for _, line := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(line, "|") {
			table = ""
			continue
		}
		first := strings.TrimSpace(strings.Split(strings.TrimPrefix(line, "|"), "|")[0])
		switch {
		case first == "keys" || first == "key":
			table = "normal"
			continue
		case first == "keys, in the pane":
			table = "pane"
			continue
		case first == "keys, in the cases pane":
			table = "cases"
			continue
		case first == "keys, in the heat map":
			table = "heat"
			continue
		case first == "keys, in the groups pane":
			table = "groups"
			continue
		case table == "" || strings.HasPrefix(first, "---"):
			continue
		}
		if strings.Contains(first, "`1`–`9`") {
			for d := '1'; d <= '9'; d++ {
				tables[table] = append(tables[table], string(d))
			}
			first = strings.ReplaceAll(first, "`1`–`9`", "")
		}
		for _, m := range code.FindAllStringSubmatch(first, -1) {
			k := m[1]
			if s, ok := docSpelling[k]; ok {
				k = s
			}
			tables[table] = append(tables[table], k)
		}
	}
	return tables
}

// helpKeys returns the keys a binding's help shows: "k/↑" is k and up,
// "1-9" the nine digits.
func helpKeys(b key.Binding) []string {
	h := b.Help().Key
	if h == "/" {
		return []string{"/"}
	}
	if h == "1-9" {
		return strings.Split("123456789", "")
	}
	var out []string
	for _, k := range strings.Split(h, "/") {
		if s, ok := docSpelling[k]; ok {
			k = s
		}
		out = append(out, k)
	}
	return out
}

// TestDocKeyTables: every key docs/keys.md's tables name does what they
// are in (is bound in normal mode, or in the history pane), and every key
// the help shows is in docs/keys.md.
func TestDocKeyTables(t *testing.T) {
	k := Default()
	tables := docKeyTables(t)
	if len(tables["normal"]) < 30 || len(tables["pane"]) < 10 || len(tables["cases"]) < 15 || len(tables["heat"]) < 15 || len(tables["groups"]) < 10 {
		t.Fatalf("docs/keys.md's key tables were not found: %v", tables)
	}
	check := func(table string, bound map[string]key.Binding, help []key.Binding) {
		t.Helper()
		keys := map[string]bool{}
		for _, b := range bound {
			for _, s := range b.Keys() {
				keys[s] = true
			}
		}
		inDoc := map[string]bool{}
		for _, s := range tables[table] {
			inDoc[s] = true
			if !keys[s] {
				t.Errorf("docs/keys.md (%s keys): %q is bound to nothing there", table, s)
			}
		}
		for _, b := range help {
			for _, s := range helpKeys(b) {
				if !inDoc[s] {
					t.Errorf("docs/keys.md (%s keys) lacks %q (%s), which the help shows", table, s, b.Help().Desc)
				}
			}
		}
	}
	normal := bindings(k)
	var help []key.Binding
	for _, g := range k.FullHelp() {
		for _, b := range g {
			if !isPane(k, b) {
				help = append(help, b)
			}
		}
	}
	check("normal", normal, help)
	pane := paneBindings(k)
	check("pane", pane, append(k.PaneHelp(), k.Up, k.Down, k.Top, k.Bottom, k.PageDown, k.PageUp, k.Help))
	cases, heat := datasetPaneBindings(k)
	moving := []key.Binding{k.Up, k.Down, k.Top, k.Bottom, k.HalfDown, k.HalfUp, k.PageDown, k.PageUp}
	check("cases", cases, append(k.CasesHelp(), moving...))
	check("heat", heat, append(k.HeatHelp(), moving...))
	check("groups", groupsPaneBindings(k), append(k.GroupsHelp(), moving...))
	// The dataset's keys of the tree are in the explorer's table.
	check("normal", normal, []key.Binding{k.Cases, k.HeatMap, k.FilterCases, k.Groups, k.Case.Back})
}

// isPane reports whether b is one of the history pane's own bindings.
func isPane(k *KeyMap, b key.Binding) bool {
	p := k.Pane
	for _, pb := range []key.Binding{p.Compare, p.Diff, p.Load, p.Label, p.All, p.Close, p.Back} {
		if strings.Join(pb.Keys(), ",") == strings.Join(b.Keys(), ",") && pb.Help() == b.Help() {
			return true
		}
	}
	return false
}
