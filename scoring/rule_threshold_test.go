package scoring

import (
	"strings"
	"testing"
)

// TestRuleThreshold checks the three ways a rules file gives a path a
// match threshold, their errors, and that a changed entry keeps its
// threshold when written back.
func TestRuleThreshold(t *testing.T) {
	rs, err := ParseRules("rules.json", []byte(`{
  ".name": {"threshold": 0.8},
  ".code": {"rule": "jaro-winkler", "threshold": 0.5},
  ".total": {"abs_tol": 0.01, "threshold": 1},
  ".vendor": "exact"
}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path string
		kind RuleKind
		tau  float64
		has  bool
	}{
		{".name", RuleNone, 0.8, true}, {".code", RuleJaroWinkler, 0.5, true},
		{".total", RuleAbsTol, 1, true}, {".vendor", RuleExact, 0, false},
	} {
		r, _ := rs.Rule(c.path)
		tau, has := rs.Threshold(c.path)
		if r.Kind != c.kind || tau != c.tau || has != c.has {
			t.Errorf("%s: rule %v, threshold %v %v; want %v, %v %v", c.path, r.Kind, tau, has, c.kind, c.tau, c.has)
		}
	}
	changed, err := rs.With(".code", Rule{Kind: RuleExact}, "")
	if err != nil {
		t.Fatal(err)
	}
	if got := string(changed.Marshal()); !strings.Contains(got, `".code": {"rule": "exact", "threshold": 0.5}`) {
		t.Errorf("written back:\n%s", got)
	}
	for _, c := range []struct{ src, want string }{
		{`{".a": {"threshold": 0}}`, `rules.json:1:8: .a: threshold 0 is outside (0, 1]: at 0 every wrong value would count as found`},
		{`{".a": {"threshold": "high"}}`, `rules.json:1:8: .a: threshold takes a number in (0, 1], not "high"`},
		{`{".a": {"abs_tol": 1, "exact": 1, "threshold": 0.5}}`, `rules.json:1:8: .a: a rule object holds one rule beside its threshold, as {"abs_tol": 0.01, "threshold": 0.9}`},
		{`{".a": {"rule": 3, "threshold": 0.5}}`, `rules.json:1:8: .a: "rule" names a rule, as {"rule": "jaro-winkler", "threshold": 0.9}, not 3`},
		{`{".a": {"rule": "jaro", "threshold": 0.5}}`, `rules.json:1:8: .a: unknown rule "jaro"; the rules are ` + strings.Join(RuleNames, ", ")},
	} {
		if _, err := ParseRules("rules.json", []byte(c.src)); err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.src, err, c.want)
		}
	}
}
