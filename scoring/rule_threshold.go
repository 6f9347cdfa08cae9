package scoring

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// A rules file may give a path a match threshold beside its rule: the
// score from which a leaf there counts as found (TP) rather than found
// with a wrong value (FD) in a dataset's counts, in place of
// --match-threshold. It is written {"threshold": 0.8} alone (the metric's
// own comparison), {"abs_tol": 0.5, "threshold": 0.9} beside a rule
// object, or {"rule": "jaro-winkler", "threshold": 0.9} beside a named
// rule.

// ruleAndThreshold reads the rule and the match threshold (0 for none)
// that member c of a rules file gives.
func ruleAndThreshold(d *jsondoc.Doc, c jsondoc.ID) (Rule, float64, error) {
	if d.Kind(c) != jsondoc.Object {
		r, err := ruleOf(d, c)
		return r, 0, err
	}
	th := d.Lookup(c, "threshold")
	if th == jsondoc.None {
		r, err := objectRule(d, c)
		return r, 0, err
	}
	tau, err := thresholdValue(d, th)
	if err != nil {
		return Rule{}, 0, err
	}
	var rest []jsondoc.ID
	for m := d.Child(c); m != jsondoc.None; m = d.Next(m) {
		if m != th {
			rest = append(rest, m)
		}
	}
	switch {
	case len(rest) == 0:
		return Rule{}, tau, nil
	case len(rest) > 1:
		return Rule{}, 0, fmt.Errorf(`a rule object holds one rule beside its threshold, as {"abs_tol": 0.01, "threshold": 0.9}`)
	case d.Key(rest[0]) == "rule":
		if d.Kind(rest[0]) != jsondoc.String {
			return Rule{}, 0, fmt.Errorf(`"rule" names a rule, as {"rule": "jaro-winkler", "threshold": 0.9}, not %s`, abbreviate(string(d.Raw(rest[0])), 30))
		}
		r, err := ruleOf(d, rest[0])
		return r, tau, err
	}
	r, err := memberRule(d, rest[0])
	return r, tau, err
}

// thresholdValue reads a match threshold: a number in (0, 1].
func thresholdValue(d *jsondoc.Doc, th jsondoc.ID) (float64, error) {
	raw := string(d.Raw(th))
	if d.Kind(th) != jsondoc.Number {
		return 0, fmt.Errorf("threshold takes a number in (0, 1], not %s", abbreviate(raw, 30))
	}
	tau := d.Float(th)
	if !(tau > 0 && tau <= 1) {
		return 0, fmt.Errorf("threshold %s is outside (0, 1]: at 0 every wrong value would count as found", raw)
	}
	return tau, nil
}

// Threshold returns the match threshold the entry for schema path gives
// beside its rule, and whether it gives one.
func (rs *RuleSet) Threshold(path string) (float64, bool) {
	if rs == nil {
		return 0, false
	}
	for _, e := range rs.entries {
		if e.path == path {
			return e.threshold, e.threshold > 0
		}
	}
	return 0, false
}

// MatchThreshold returns the match threshold the rules give node id's
// path, and whether they give one (else --match-threshold holds).
func (t *Tree) MatchThreshold(id NodeID) (float64, bool) {
	rs := t.opt.KeyRules
	if rs == nil || int(id) >= len(t.nodes) {
		return 0, false
	}
	k := t.nodes[id].slot
	if k < 0 {
		return 0, false
	}
	if e := t.slotRule(k); e >= 0 {
		if tau := rs.entries[e].threshold; tau > 0 {
			return tau, true
		}
	}
	return 0, false
}

// entryJSON writes a changed entry's rule with its threshold, if any.
func entryJSON(r Rule, tau float64) []byte {
	if tau <= 0 {
		return r.JSON()
	}
	th := `"threshold": ` + strconv.FormatFloat(tau, 'g', -1, 64)
	switch j := r.JSON(); {
	case r.Kind == RuleNone:
		return []byte("{" + th + "}")
	case bytes.HasPrefix(j, []byte("{")):
		return append(append(j[:len(j)-1:len(j)-1], ", "...), th+"}"...)
	default:
		return []byte(`{"rule": ` + string(j) + ", " + th + "}")
	}
}
