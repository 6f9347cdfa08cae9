package scoring

import (
	"fmt"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// resolveRule finds the place of slot k in the rules' trie, from its
// parent's. Slots are created parents first. The places are kept apart
// from the slots (Tree.ruleAt), made only when the tree has rules.
func (t *Tree) resolveRule(k int32) {
	rs := t.opt.KeyRules
	if rs == nil {
		return
	}
	for int(k) >= len(t.ruleAt) {
		t.ruleAt = append(t.ruleAt, -1)
	}
	at := int32(0)
	if p := t.sl.parent[k]; p >= 0 {
		at = rs.step(t.ruleAt[p], PathStep{Key: t.slotKey(k), IsIndex: t.slotIsElem(k)}, false)
	}
	if t.ruleAt[k] != at { // re-resolving the weights writes nothing here
		t.ruleAt[k] = at
	}
}

// slotRule returns the rules' entry for slot k, -1 for none.
func (t *Tree) slotRule(k int32) int32 {
	if int(k) >= len(t.ruleAt) || t.ruleAt[k] < 0 {
		return -1
	}
	return t.opt.KeyRules.trie[t.ruleAt[k]].entry
}

// leafAt scores two scalars of the same kind in slot ctx, for node id
// (NoNode when the score only serves to pair list elements): by the rule
// of that place when it has one for their kind, else as leaf does. A
// rule's string comparison is bounded and cancelled as leaf's is, and
// noted the same way when approximate. Slots are only read while
// comparing.
func (b *builder) leafAt(id NodeID, ctx int32, r, o jsondoc.ID) float64 {
	if b.rules != nil && ctx >= 0 {
		if e := b.t.slotRule(ctx); e >= 0 {
			rule := b.rules.entries[e].rule
			rd, od := b.t.ref, b.t.out
			if k := rd.Kind(r); rule.Compares(k) && od.Kind(o) == k {
				res, err := rule.score(rd, r, od, o, b.limits())
				return b.outcome(id, res, err)
			}
		}
	}
	return b.leaf(id, r, o)
}

// RuleInForce is how a node is compared under the rules: its rule, and
// where the rule comes from.
type RuleInForce struct {
	// Rule is the rule of the node's path; Kind RuleNone when it has none
	// (the metric's own comparison).
	Rule Rule
	// Path is the rule's schema path.
	Path string
	// File names the rules file; Line and Col locate the entry's path in
	// it, 0 when the rule was set since the file was read (in the
	// explorer, not saved yet).
	File      string
	Line, Col int
	// Applies is false when the node's values are not of a kind the rule
	// compares (a string under abs_tol), or are not both of one kind: the
	// metric's own comparison then holds.
	Applies bool
}

// Source says where the rule comes from: "rules.json:3:3", "set in
// the explorer, not saved", or "default" for no rule.
func (r RuleInForce) Source() string {
	switch {
	case r.Rule.Kind == RuleNone:
		return "default"
	case r.Line == 0:
		return "set in the explorer, not saved"
	}
	return fmt.Sprintf("%s:%d:%d", r.File, r.Line, r.Col)
}

// RuleOf returns the per-key rule of node id (Options.KeyRules) and where
// it comes from; a node with no rule, or a container, gets Kind
// RuleNone.
func (t *Tree) RuleOf(id NodeID) RuleInForce {
	rs := t.opt.KeyRules
	if rs == nil || t.nodes[id].kind.IsContainer() {
		return RuleInForce{}
	}
	slot := t.placeOf(id)
	if slot < 0 || t.slotRule(slot) < 0 {
		return RuleInForce{}
	}
	i := int(t.slotRule(slot))
	e := &rs.entries[i]
	in := RuleInForce{Rule: e.rule, Path: e.path, File: rs.name}
	in.Line, in.Col = rs.entryPos(i)
	n := &t.nodes[id]
	in.Applies = n.base == compared && n.ref != jsondoc.None && n.out != jsondoc.None &&
		e.rule.Compares(n.kind) && t.out.Kind(n.out) == n.kind
	return in
}

// RuleSlot returns the slot whose rule applies to node id — the place
// of its key, or of its array's elements — or -1 for a node that has
// none (an extra node).
func (t *Tree) RuleSlot(id NodeID) int { return int(t.placeOf(id)) }

// placeOf returns the slot of node id's place in the reference's shape:
// a key's slot, an element's array's element slot, 0 for the root; -1
// for a node only the output has.
func (t *Tree) placeOf(id NodeID) int32 {
	n := &t.nodes[id]
	switch {
	case id == 0:
		return 0
	case n.ref == jsondoc.None:
		return -1
	case n.slot >= 0:
		return n.slot
	case n.slot <= -2:
		return -n.slot - 2 // an element keeps its context (see pendingCtx)
	}
	return -1
}

// KeyRules returns the per-key rules the tree was built with, nil for
// none.
func (t *Tree) KeyRules() *RuleSet { return t.opt.KeyRules }

// SwapRules replaces the tree's rules with rs when rs gives the same
// rules to the same paths in the same order — the rules as saving them
// reads them back — so that the tree names their place in the file
// saved. It reports whether it did: other rules need a new build.
func (t *Tree) SwapRules(rs *RuleSet) bool {
	old := t.opt.KeyRules
	if old == nil || rs == nil || len(old.entries) != len(rs.entries) {
		return false
	}
	for i := range old.entries {
		if old.entries[i].path != rs.entries[i].path || old.entries[i].rule != rs.entries[i].rule {
			return false
		}
	}
	t.opt.KeyRules = rs
	return true
}
