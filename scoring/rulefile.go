package scoring

import (
	"fmt"
	"math"
	"strings"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/textsim"
)

// RuleSet is a parsed rules file (docs/weights-and-rules.md, "Rules file"): a JSON
// object from schema path to rule, which says how the leaves at that path
// are compared. A RuleSet is immutable (With returns a changed copy), so
// trees built with it may be built concurrently, as a dataset's cases
// are.
type RuleSet struct {
	doc     *jsondoc.Doc // the file; nil for a set made in the explorer
	name    string
	entries []ruleEntry
	trie    []ruleNode // the entries by path step; 0 is the root
}

// ruleEntry is one path's rule.
type ruleEntry struct {
	path  string // canonical schema path
	steps []PathStep
	rule  Rule
	// member is the entry in the file; jsondoc.None for one added since.
	// changed says its rule is not the file's (orig) any more.
	member  jsondoc.ID
	orig    Rule
	changed bool
	// threshold is the entry's match threshold (rule_threshold.go), 0
	// for none.
	threshold float64
}

// ruleNode is a step of the rules' paths: the entry that ends there and
// the steps that go on.
type ruleNode struct {
	entry int32 // the entry whose path ends here, -1 for none
	elem  int32 // the node of "[]" below, -1 for none
	keys  map[string]int32
}

// RulesError is a rules file entry that cannot be used: a path that is not
// a schema path or that the reference does not have, or a rule that is
// none or does not fit the values at its path.
type RulesError struct {
	File      string // the rules file
	Line, Col int    // where the entry's path or rule starts
	Path      string // the entry's schema path; "" for the file as a whole
	Msg       string
}

func (e *RulesError) Error() string {
	if e.Line == 0 { // an entry set in the explorer
		return fmt.Sprintf("%s: %s: %s", escape.Name(e.File), jsondoc.MessagePath(e.Path), e.Msg)
	}
	if e.Path == "" {
		return fmt.Sprintf("%s:%d:%d: %s", escape.Name(e.File), e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s: %s", escape.Name(e.File), e.Line, e.Col, jsondoc.MessagePath(e.Path), e.Msg)
}

// ParseRules parses and checks a rules file named name: every key a
// schema path, given once, every value a rule. Whether the reference has
// the paths is checked once documents are scored (RulesUsage).
func ParseRules(name string, src []byte) (*RuleSet, error) {
	doc, err := jsondoc.Parse(name, src, nil)
	if err != nil {
		return nil, err
	}
	rs := &RuleSet{doc: doc, name: name}
	if ws := doc.Warnings(); len(ws) > 0 { // duplicate keys
		w := ws[0]
		path := ""
		if steps, err := ParsePath(w.Path); err == nil && len(steps) > 0 && !steps[0].IsIndex {
			path = steps[0].Key // the entry's path, whether the duplicate is it or inside its rule
		}
		return nil, &RulesError{File: name, Line: w.Line, Col: w.Col, Path: path, Msg: w.Message + "; give each path one rule"}
	}
	if k := doc.Kind(0); k != jsondoc.Object {
		return nil, rs.errorAt(0, false, "", "a rules file holds an object from schema path to rule, as {\".invoice_number\": \"exact\"}, not %s %s", article(k), k)
	}
	seen := map[string]jsondoc.ID{}
	for c := doc.Child(0); c != jsondoc.None; c = doc.Next(c) {
		key := doc.Key(c)
		steps, err := ParseSchemaPath(key)
		if err != nil {
			return nil, rs.errorAt(c, true, "", "%s is not a schema path: %v", quote(key), err)
		}
		path := SchemaPathString(steps)
		if prev, ok := seen[path]; ok {
			line, _ := doc.KeyPosition(prev)
			return nil, rs.errorAt(c, true, path, "the same path as the entry on line %d; give each path one rule", line)
		}
		seen[path] = c
		r, tau, err := ruleAndThreshold(doc, c)
		if err != nil {
			return nil, rs.errorAt(c, false, path, "%v", err)
		}
		rs.entries = append(rs.entries, ruleEntry{path: path, steps: steps, rule: r, member: c, orig: r, threshold: tau})
	}
	rs.index()
	return rs, nil
}

// errorAt returns the error of member id, at its key or its value.
func (rs *RuleSet) errorAt(id jsondoc.ID, atKey bool, path, format string, args ...any) error {
	line, col := rs.doc.Position(id)
	if atKey {
		line, col = rs.doc.KeyPosition(id)
	}
	return &RulesError{File: rs.name, Line: line, Col: col, Path: path, Msg: fmt.Sprintf(format, args...)}
}

// ruleOf reads the rule that member c of a rules file gives.
func ruleOf(d *jsondoc.Doc, c jsondoc.ID) (Rule, error) {
	switch k := d.Kind(c); k {
	case jsondoc.String:
		name := d.Str(c)
		if k := simpleRule(name); k != RuleNone {
			return Rule{Kind: k}, nil
		}
		switch name {
		case "abs_tol", "rel_tol":
			return Rule{}, fmt.Errorf("%s takes a tolerance: {%q: 0.01}", name, name)
		case "normalize":
			return Rule{}, fmt.Errorf(`normalize takes what to ignore: {"normalize": ["case", "accents", "space"]}`)
		}
		return Rule{}, unknownRule(name)
	case jsondoc.Object:
		return objectRule(d, c)
	default:
		return Rule{}, fmt.Errorf("a rule is a name (\"exact\") or an object ({\"abs_tol\": 0.01}), not %s %s (%s); the rules are %s",
			article(k), k, abbreviate(string(d.Raw(c)), 30), strings.Join(RuleNames, ", "))
	}
}

// objectRule reads a rule written as an object of one member.
func objectRule(d *jsondoc.Doc, c jsondoc.ID) (Rule, error) {
	m := d.Child(c)
	if m == jsondoc.None || d.Next(m) != jsondoc.None {
		return Rule{}, fmt.Errorf(`a rule object has one member, as {"abs_tol": 0.01} (and may have a "threshold" beside it); the rules are %s`, strings.Join(RuleNames, ", "))
	}
	return memberRule(d, m)
}

// memberRule reads the rule a member of a rule object gives.
func memberRule(d *jsondoc.Doc, m jsondoc.ID) (Rule, error) {
	name, raw := d.Key(m), string(d.Raw(m))
	switch name {
	case "abs_tol", "rel_tol":
		kind := RuleAbsTol
		if name == "rel_tol" {
			kind = RuleRelTol
		}
		if d.Kind(m) != jsondoc.Number {
			return Rule{}, fmt.Errorf("%s takes a number ≥ 0, not %s", name, abbreviate(raw, 30))
		}
		if v := d.Float(m); !(v >= 0) || math.IsInf(v, 0) {
			return Rule{}, fmt.Errorf("%s takes a number ≥ 0, not %s", name, raw)
		}
		return tolRule(kind, raw)
	case "date":
		if d.Kind(m) != jsondoc.String {
			return Rule{}, fmt.Errorf(`date takes "day-first" or "month-first", not %s`, abbreviate(raw, 30))
		}
		return dateRule(d.Str(m))
	case "normalize":
		if d.Kind(m) != jsondoc.Array || d.Child(m) == jsondoc.None {
			return Rule{}, fmt.Errorf(`normalize takes a list of what to ignore, some of "case", "accents", "space", not %s`, abbreviate(raw, 30))
		}
		var n textsim.Normalization
		for e := d.Child(m); e != jsondoc.None; e = d.Next(e) {
			if d.Kind(e) != jsondoc.String {
				return Rule{}, fmt.Errorf(`normalize lists some of "case", "accents", "space", not %s`, abbreviate(string(d.Raw(e)), 30))
			}
			x, err := textsim.ParseNormalization(d.Str(e))
			if err != nil || strings.Contains(d.Str(e), ",") {
				return Rule{}, fmt.Errorf(`normalize lists some of "case", "accents", "space", not %s`, quote(d.Str(e)))
			}
			n |= x
		}
		return Rule{Kind: RuleNormalize, Normalize: n}, nil
	}
	return Rule{}, unknownRule(name)
}

// index builds the trie of the entries' paths.
func (rs *RuleSet) index() {
	rs.trie = []ruleNode{{entry: -1, elem: -1}}
	for i, e := range rs.entries {
		at := int32(0)
		for _, st := range e.steps {
			at = rs.step(at, st, true)
		}
		rs.trie[at].entry = int32(i)
	}
}

// step returns the trie node below node at by st, -1 when there is none
// (or, with add, a new one).
func (rs *RuleSet) step(at int32, st PathStep, add bool) int32 {
	if at < 0 {
		return -1
	}
	n := &rs.trie[at]
	var next int32 = -1
	if st.IsIndex {
		next = n.elem
	} else if k, ok := n.keys[st.Key]; ok {
		next = k
	}
	if next >= 0 || !add {
		return next
	}
	next = int32(len(rs.trie))
	if st.IsIndex {
		n.elem = next
	} else {
		if n.keys == nil {
			n.keys = map[string]int32{}
		}
		n.keys[st.Key] = next
	}
	rs.trie = append(rs.trie, ruleNode{entry: -1, elem: -1})
	return next
}

// Name returns the rules file's name; "" for rules set in the explorer
// and not saved yet.
func (rs *RuleSet) Name() string { return rs.name }

// Len returns the number of entries.
func (rs *RuleSet) Len() int { return len(rs.entries) }

// Rule returns the rule that the entry for schema path gives (a path as
// SchemaPath writes it), and whether there is one.
func (rs *RuleSet) Rule(path string) (Rule, bool) {
	if rs == nil {
		return Rule{}, false
	}
	for _, e := range rs.entries {
		if e.path == path {
			return e.rule, true
		}
	}
	return Rule{}, false
}

// Entries returns the schema paths and their rules, in the file's order
// (entries added in the explorer last).
func (rs *RuleSet) Entries() (paths []string, rules []Rule) {
	if rs == nil {
		return nil, nil
	}
	for _, e := range rs.entries {
		paths = append(paths, e.path)
		rules = append(rules, e.rule)
	}
	return paths, rules
}

// With returns a copy of the set in which schema path has rule r; a rule
// of kind RuleNone removes the path's entry. rs may be nil (no rules
// yet): the copy then has no file, and name names the file it will be
// saved to.
func (rs *RuleSet) With(path string, r Rule, name string) (*RuleSet, error) {
	steps, err := ParseSchemaPath(path)
	if err != nil {
		return nil, err
	}
	path = SchemaPathString(steps)
	out := &RuleSet{name: name}
	if rs != nil {
		out.doc, out.name = rs.doc, rs.name
		out.entries = make([]ruleEntry, 0, len(rs.entries)+1)
	}
	found := false
	if rs != nil {
		for _, e := range rs.entries {
			if e.path == path {
				found = true
				if r.Kind == RuleNone && e.threshold == 0 {
					continue
				}
				e.rule = r
				e.changed = e.member != jsondoc.None && e.rule != e.orig
			}
			out.entries = append(out.entries, e)
		}
	}
	if !found && r.Kind != RuleNone {
		e := ruleEntry{path: path, steps: steps, rule: r, member: out.fileMember(path)}
		if e.member != jsondoc.None {
			// Back in the file's entry, which was removed before.
			e.orig, _ = ruleOf(out.doc, e.member)
			e.changed = e.rule != e.orig
		}
		out.entries = append(out.entries, e)
	}
	out.index()
	return out, nil
}

// Changed reports whether the set differs from the file it was read from
// (or, made in the explorer, has any entry).
func (rs *RuleSet) Changed() bool {
	if rs == nil {
		return false
	}
	n := 0
	for _, e := range rs.entries {
		if e.changed || e.member == jsondoc.None {
			return true
		}
		n++
	}
	if rs.doc == nil {
		return n > 0
	}
	return n != rs.doc.Count(0)
}

// entryPos returns where entry i's path is in the file, or 0, 0 when it
// was set since.
func (rs *RuleSet) entryPos(i int) (line, col int) {
	e := &rs.entries[i]
	if e.member == jsondoc.None || e.changed {
		return 0, 0
	}
	return rs.doc.KeyPosition(e.member)
}

// Replace returns a copy of rs (nil: no rules yet) whose entries are
// those of other (nil: none), in other's order where rs has none: the
// rules of a recorded run restored over the file in force, so that
// saving keeps that file's shape. name names the file of a set made
// from nothing.
func (rs *RuleSet) Replace(other *RuleSet, name string) *RuleSet {
	out := rs
	keep := map[string]bool{}
	paths, rules := other.Entries()
	for i, p := range paths {
		keep[p] = true
		out, _ = out.With(p, rules[i], name) // a path read from a file parses
	}
	mine, _ := rs.Entries()
	for _, p := range mine {
		if !keep[p] {
			out, _ = out.With(p, Rule{}, name)
		}
	}
	if out == nil {
		out = &RuleSet{name: name}
		out.index()
	}
	return out
}

// Equal reports whether two sets give the same rules to the same paths
// (nil is no rules).
func (rs *RuleSet) Equal(other *RuleSet) bool {
	a, ra := rs.Entries()
	b, rb := other.Entries()
	if len(a) != len(b) {
		return false
	}
	byPath := make(map[string]Rule, len(a))
	for i, p := range a {
		byPath[p] = ra[i]
	}
	for i, p := range b {
		if r, ok := byPath[p]; !ok || r != rb[i] {
			return false
		}
		if ta, _ := rs.Threshold(p); func() bool { tb, _ := other.Threshold(p); return ta != tb }() {
			return false
		}
	}
	return true
}

// fileMember returns the member of the file whose key is schema path,
// jsondoc.None when the file has none.
func (rs *RuleSet) fileMember(path string) jsondoc.ID {
	if rs.doc == nil {
		return jsondoc.None
	}
	d := rs.doc
	for c := d.Child(0); c != jsondoc.None; c = d.Next(c) {
		if steps, err := ParseSchemaPath(d.Key(c)); err == nil && SchemaPathString(steps) == path {
			return c
		}
	}
	return jsondoc.None
}
