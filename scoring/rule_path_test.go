package scoring_test

import (
	"testing"

	"github.com/jsontui/jsontui/scoring"
)

// TestRuleAt: the rule of a schema path and where it comes from, as a
// dataset's explorer (which has paths, no tree) shows it.
func TestRuleAt(t *testing.T) {
	rs, err := scoring.ParseRules("rules.json", []byte("{\n  \".total\": {\"abs_tol\": 0.01},\n  \".items[].sku\": \"exact\"\n}\n"))
	if err != nil {
		t.Fatal(err)
	}
	in := rs.RuleAt(".total")
	if in.Rule.String() != "abs_tol=0.01" || in.Source() != "rules.json:2:3" {
		t.Errorf(".total: %s (%s)", in.Rule, in.Source())
	}
	if in := rs.RuleAt(".items[].sku"); in.Rule.String() != "exact" || in.Source() != "rules.json:3:3" {
		t.Errorf(".items[].sku: %s (%s)", in.Rule, in.Source())
	}
	// The array's elements are a step of their own, as in a tree.
	if in := rs.RuleAt(".items.sku"); in.Rule.Kind != scoring.RuleNone {
		t.Errorf(".items.sku: %s (%s)", in.Rule, in.Source())
	}
	if in := rs.RuleAt(".vendor"); in.Rule.Kind != scoring.RuleNone || in.Source() != "default" {
		t.Errorf(".vendor: %s (%s)", in.Rule, in.Source())
	}
	changed, err := rs.With(".vendor", scoring.Rule{Kind: scoring.RuleExact}, "rules.json")
	if err != nil {
		t.Fatal(err)
	}
	if in := changed.RuleAt(".vendor"); in.Rule.String() != "exact" || in.Source() != "set in the explorer, not saved" {
		t.Errorf(".vendor set: %s (%s)", in.Rule, in.Source())
	}
	var none *scoring.RuleSet
	if in := none.RuleAt(".total"); in.Rule.Kind != scoring.RuleNone {
		t.Errorf("no rules: %s", in.Rule)
	}
}
