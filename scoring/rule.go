package scoring

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/textdist"
	"github.com/jsontui/jsontui/scoring/textsim"
)

// RuleKind is how a per-key rule (a rules file's entry) compares two
// leaves.
type RuleKind uint8

// The rule kinds. RuleNone is no rule: the metric's own comparison.
const (
	RuleNone        RuleKind = iota
	RuleExact                // 1 when the values are equal, else 0
	RuleLevenshtein          // 1 − lev/max length: jsondiff's default for strings
	RuleDamerau              // 1 − Damerau–Levenshtein/max length
	RuleJaroWinkler          // the Jaro–Winkler similarity
	RuleTokenF1              // SQuAD's token F1
	RuleAbsTol               // numbers: 1 within Tol, else the number formula
	RuleRelTol               // numbers: 1 within Tol·max(|r|,|o|), else the number formula
	RuleDate                 // strings: 1 when the same calendar date, else 0
	RuleNormalize            // strings: levenshtein after Normalize
)

var ruleKindNames = [...]string{"", "exact", "levenshtein", "damerau", "jaro-winkler", "token-f1", "abs_tol", "rel_tol", "date", "normalize"}

// String returns the kind's name as a rules file writes it: "exact",
// "abs_tol", ...; "" for RuleNone.
func (k RuleKind) String() string {
	if int(k) < len(ruleKindNames) {
		return ruleKindNames[k]
	}
	return "rule(" + strconv.Itoa(int(k)) + ")"
}

// RuleNames lists the rules a rules file may give, as the error for an
// unknown rule and the explorer's chooser name them.
var RuleNames = []string{"exact", "levenshtein", "damerau", "jaro-winkler", "token-f1",
	`{"abs_tol": X}`, `{"rel_tol": X}`, "date", `{"date": "month-first"}`, `{"normalize": ["case", "accents", "space"]}`}

// Rule is one per-key comparison rule. The zero value is no rule.
type Rule struct {
	Kind RuleKind
	// Tol is the tolerance of abs_tol and rel_tol, ≥ 0.
	Tol float64
	// Normalize lists the differences normalize ignores.
	Normalize textsim.Normalization
	// MonthFirst makes date read an ambiguous numeric date (04/05/2024)
	// month first; it reads it day first otherwise.
	MonthFirst bool

	tolText string // the tolerance as written, compared exactly (decimal)
}

// Compares reports whether the rule compares two leaves of kind k: exact
// compares every scalar, abs_tol and rel_tol numbers, the others strings.
// Leaves of other kinds keep the metric's own comparison.
func (r Rule) Compares(k jsondoc.Kind) bool {
	switch r.Kind {
	case RuleNone:
		return false
	case RuleExact:
		return !k.IsContainer()
	case RuleAbsTol, RuleRelTol:
		return k == jsondoc.Number
	default:
		return k == jsondoc.String
	}
}

// kindsText says which kinds of values the rule compares.
func (r Rule) kindsText() string {
	switch r.Kind {
	case RuleExact:
		return "scalars"
	case RuleAbsTol, RuleRelTol:
		return "numbers"
	}
	return "strings"
}

// String returns the rule in its one-line form, which ParseRule reads
// back: "exact", "abs_tol=0.01", "date", "date=month-first",
// "normalize=case,space"; "" for no rule.
func (r Rule) String() string {
	switch r.Kind {
	case RuleAbsTol, RuleRelTol:
		return r.Kind.String() + "=" + r.tolString()
	case RuleDate:
		if r.MonthFirst {
			return "date=month-first"
		}
	case RuleNormalize:
		return "normalize=" + r.Normalize.String()
	}
	return r.Kind.String()
}

func (r Rule) tolString() string {
	if r.tolText != "" {
		return r.tolText
	}
	return formatFloat(r.Tol)
}

// JSON returns the rule as a rules file writes it: "exact",
// {"abs_tol": 0.01}, {"date": "month-first"},
// {"normalize": ["case", "space"]}.
func (r Rule) JSON() []byte {
	switch r.Kind {
	case RuleAbsTol, RuleRelTol:
		return []byte(`{"` + r.Kind.String() + `": ` + r.tolString() + `}`)
	case RuleDate:
		if r.MonthFirst {
			return []byte(`{"date": "month-first"}`)
		}
	case RuleNormalize:
		var names []string
		for _, n := range strings.Split(r.Normalize.String(), ",") {
			names = append(names, strconv.Quote(n))
		}
		return []byte(`{"normalize": [` + strings.Join(names, ", ") + `]}`)
	}
	return []byte(strconv.Quote(r.Kind.String()))
}

// ParseRule reads a rule in its one-line form (Rule.String): a rule name,
// or name=value for abs_tol, rel_tol, date and normalize. "" and
// "default" are no rule.
func ParseRule(s string) (Rule, error) {
	s = strings.TrimSpace(s)
	name, value, hasValue := strings.Cut(s, "=")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	switch name {
	case "", "default":
		if hasValue {
			break
		}
		return Rule{}, nil
	case "abs_tol", "rel_tol", "abs-tol", "rel-tol":
		kind := RuleAbsTol
		if name[0] == 'r' {
			kind = RuleRelTol
		}
		if !hasValue {
			return Rule{}, fmt.Errorf("%s needs a tolerance: %s=0.01", kind, kind)
		}
		return tolRule(kind, value)
	case "date":
		if !hasValue {
			return Rule{Kind: RuleDate}, nil
		}
		return dateRule(value)
	case "normalize":
		n, err := textsim.ParseNormalization(value)
		if err != nil {
			return Rule{}, err
		}
		return Rule{Kind: RuleNormalize, Normalize: n}, nil
	default:
		if k := simpleRule(name); k != RuleNone && !hasValue {
			return Rule{Kind: k}, nil
		}
	}
	return Rule{}, unknownRule(s)
}

// simpleRule returns the kind of a rule written as a bare name, RuleNone
// for a name that is not one.
func simpleRule(name string) RuleKind {
	switch name {
	case "exact":
		return RuleExact
	case "levenshtein":
		return RuleLevenshtein
	case "damerau":
		return RuleDamerau
	case "jaro-winkler":
		return RuleJaroWinkler
	case "token-f1":
		return RuleTokenF1
	case "date":
		return RuleDate
	}
	return RuleNone
}

// tolRule makes an abs_tol or rel_tol rule of the tolerance text v.
func tolRule(kind RuleKind, v string) (Rule, error) {
	x, err := strconv.ParseFloat(v, 64)
	if err != nil || !(x >= 0) || x > 1e300 {
		return Rule{}, fmt.Errorf("%s %s: want a number ≥ 0", kind, v)
	}
	r := Rule{Kind: kind, Tol: x}
	if _, ok := decimalOf(v); ok {
		r.tolText = v
	}
	return r, nil
}

// dateRule makes a date rule of its reading order: "day-first" or
// "month-first".
func dateRule(order string) (Rule, error) {
	switch order {
	case "day-first":
		return Rule{Kind: RuleDate}, nil
	case "month-first":
		return Rule{Kind: RuleDate, MonthFirst: true}, nil
	}
	return Rule{}, fmt.Errorf(`date reads ambiguous dates "day-first" or "month-first", not %q`, order)
}

// unknownRule is the error for a rule name that is none, with the
// nearest name.
func unknownRule(s string) error {
	rules := strings.Join(RuleNames, ", ")
	if near := nearestName(s, []string{"exact", "levenshtein", "damerau", "jaro-winkler", "token-f1", "abs_tol", "rel_tol", "date", "normalize"}); near != "" {
		return fmt.Errorf("unknown rule %q; did you mean %q? The rules are %s", s, near, rules)
	}
	return fmt.Errorf("unknown rule %q; the rules are %s", s, rules)
}

// nearestName returns the name of names closest to s (letter case
// aside), or "" when none is within a third of its length (at least 2
// edits).
func nearestName(s string, names []string) string {
	best, bestD := "", -1
	ls := strings.ToLower(s)
	if len(ls) > maxSuggestLen {
		return ""
	}
	for _, n := range names {
		d := textdist.LevenshteinString(ls, strings.ToLower(n))
		if bestD < 0 || d < bestD {
			best, bestD = n, d
		}
	}
	if bestD < 0 || bestD > max(2, len([]rune(s))/3) {
		return ""
	}
	return best
}

// maxSuggestLen is the longest name a "did you mean" compares: the
// distance costs the product of the lengths.
const maxSuggestLen = 256
