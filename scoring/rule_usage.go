package scoring

import (
	"fmt"
	"strings"
	"sync"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// RulesUsage checks a rule set against the documents scored with it:
// every path must be one the reference has — in a dataset, one that some
// case's reference has — and hold values of a kind its rule compares.
// Add every tree built with the rules, then ask Err. It is safe for
// concurrent use, so a dataset's workers can share one.
type RulesUsage struct {
	rs    *RuleSet
	mu    sync.Mutex
	kinds []uint16 // per entry: the kinds of the reference's values at its path
	found []bool
	// hint is, per entry not found, what the first trees offer instead
	// ("did you mean", or the keys there); hinted counts the trees asked.
	hint   []string
	hinted int
}

// maxHintTrees is how many trees a usage asks for a "did you mean": the
// first ones of a dataset, so that a path no case has costs a bounded
// search, not one per case.
const maxHintTrees = 8

// maxHintKeys is how many keys of one level a "did you mean" compares.
const maxHintKeys = 4096

// Usage returns a check of the rules over the trees to be added.
func (rs *RuleSet) Usage() *RulesUsage {
	n := len(rs.entries)
	return &RulesUsage{rs: rs, kinds: make([]uint16, n), found: make([]bool, n), hint: make([]string, n)}
}

// Add notes which of the rules' paths tree t has, and the kinds of the
// reference's values there. t must have been built with the same rules.
func (u *RulesUsage) Add(t *Tree) {
	if u == nil || t.opt.KeyRules != u.rs {
		return
	}
	kinds := make([]uint16, len(u.kinds))
	stats := t.slotStats()
	for i := range t.sl.len() {
		if e := t.slotRule(int32(i)); e >= 0 {
			kinds[e] |= stats.kindsAt(int32(i)) | 1<<15 // bit 15: found
		}
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	ask := u.hinted < maxHintTrees
	if ask {
		u.hinted++
	}
	for e, k := range kinds {
		if k != 0 {
			u.found[e] = true
			u.kinds[e] |= k &^ (1 << 15)
		} else if ask && !u.found[e] && u.hint[e] == "" {
			u.hint[e] = t.pathHint(u.rs.entries[e].steps)
		}
	}
}

// Err returns the first entry, in the file's order, whose path no tree
// added has, or whose values there its rule does not compare: a
// *RulesError with the file, line and column of the entry.
func (u *RulesUsage) Err() error {
	if u == nil {
		return nil
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	rs := u.rs
	for i, e := range rs.entries {
		var msg string
		atKey := true
		scalars := u.kinds[i] &^ (1<<jsondoc.Object | 1<<jsondoc.Array)
		switch {
		case !u.found[i]:
			msg = "the reference has no such path"
			if u.hint[i] != "" {
				msg += "; " + u.hint[i]
			}
		case scalars == 0:
			msg = fmt.Sprintf("rules compare leaves, and the reference has %s here; give rules for the keys below it", kindList(u.kinds[i]))
		default:
			fits := e.rule.Kind == RuleNone // a threshold alone: the metric's comparison
			for k := jsondoc.Null; k <= jsondoc.Array; k++ {
				fits = fits || scalars&(1<<k) != 0 && e.rule.Compares(k)
			}
			if fits {
				continue
			}
			atKey = false
			msg = fmt.Sprintf("rule %s compares %s, and the reference has %s here", e.rule, e.rule.kindsText(), kindList(scalars))
		}
		err := &RulesError{File: rs.name, Path: e.path, Msg: msg}
		if e.member != jsondoc.None {
			if atKey {
				err.Line, err.Col = rs.doc.KeyPosition(e.member)
			} else {
				err.Line, err.Col = rs.doc.Position(e.member)
			}
		}
		return err
	}
	return nil
}

// CheckRules checks the rules the tree was built with against it alone,
// as a pair is checked (RulesUsage for many trees); nil without rules.
func (t *Tree) CheckRules() error {
	if t.opt.KeyRules == nil {
		return nil
	}
	u := t.opt.KeyRules.Usage()
	u.Add(t)
	return u.Err()
}

// pathHint says what the reference has instead of the schema path of
// steps: "did you mean .line_items[].unit_price?", or the keys at the
// level where the path leaves the reference. Its work is bounded by the
// path's length times maxHintKeys keys.
func (t *Tree) pathHint(steps []PathStep) string {
	fixed := make([]PathStep, 0, len(steps)+1)
	s := int32(0)
	for i := 0; i < len(steps); i++ {
		st := steps[i]
		if st.IsIndex {
			if e := t.slotElem(s); e >= 0 {
				s = e
				fixed = append(fixed, st)
			} // else not an array here: drop the []
			continue
		}
		if k := t.keySlot(s, st.Key); k >= 0 {
			s = k
			fixed = append(fixed, st)
			continue
		}
		// An array's key written without its []: .line_items.sku.
		if e := t.slotElem(s); e >= 0 {
			if k := t.keySlot(e, st.Key); k >= 0 {
				s = k
				fixed = append(fixed, PathStep{Index: -1, IsIndex: true}, st)
				continue
			}
		}
		keys := t.kids(s)
		if e := t.slotElem(s); keys.Len() == 0 && e >= 0 {
			keys = t.kids(e)
			if keys.Len() > 0 {
				s = e
				fixed = append(fixed, PathStep{Index: -1, IsIndex: true})
			}
		}
		names := make([]string, 0, min(keys.Len(), maxHintKeys))
		for i := range min(keys.Len(), maxHintKeys) {
			names = append(names, t.slotKey(keys.At(i)))
		}
		if near := nearestName(st.Key, names); near != "" {
			s = t.keySlot(s, near)
			fixed = append(fixed, PathStep{Key: near})
			continue
		}
		here := "at the top level"
		if s != 0 {
			here = "below " + SchemaPathString(fixed)
		}
		if len(names) == 0 {
			return fmt.Sprintf("there is no key below %s", SchemaPathString(fixed))
		}
		return fmt.Sprintf("the keys %s are %s", here, listKeys(names))
	}
	if len(fixed) == len(steps) && SchemaPathString(fixed) == SchemaPathString(steps) {
		return ""
	}
	return "did you mean " + SchemaPathString(fixed) + "?"
}

// listKeys writes up to maxKeysListed keys, and how many more there are.
func listKeys(keys []string) string {
	var quoted []string
	for _, k := range keys[:min(len(keys), maxKeysListed)] {
		quoted = append(quoted, quote(k))
	}
	s := strings.Join(quoted, ", ")
	if len(keys) > maxKeysListed {
		s += fmt.Sprintf(" … (%d more)", len(keys)-maxKeysListed)
	}
	return s
}
