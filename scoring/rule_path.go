package scoring

// RuleAt returns the rule the set gives schema path (a path as
// SchemaPath writes it, `.items[].price`) and where it comes from, as
// RuleOf does for a node at that path: Kind RuleNone when the set (nil:
// no rules) has no entry for it. Applies is a node's and is left false.
// A dataset's explorer, which has schema paths and no tree, asks it.
func (rs *RuleSet) RuleAt(path string) RuleInForce {
	if rs == nil {
		return RuleInForce{}
	}
	steps, err := ParseSchemaPath(path)
	if err != nil {
		return RuleInForce{}
	}
	at := int32(0)
	for _, st := range steps {
		at = rs.step(at, st, false)
	}
	if at < 0 || rs.trie[at].entry < 0 {
		return RuleInForce{}
	}
	i := int(rs.trie[at].entry)
	e := &rs.entries[i]
	in := RuleInForce{Rule: e.rule, Path: e.path, File: rs.name}
	in.Line, in.Col = rs.entryPos(i)
	return in
}
