package scoring

import (
	"strings"

	"github.com/jsontui/jsontui/scoring/textsim"
)

// OptionInfo describes a metric option to a user who sets it, as the
// explorer's metric chooser shows it.
type OptionInfo struct {
	// Name is the option's name (OptionNames).
	Name string
	// Format says what a value is: "a number ≥ 0", "index, best or
	// key=FIELD".
	Format string
	// Values are the values a user steps through, the default first; nil
	// for an option whose values are free (a number, a list, a path).
	Values []string
	// Default is the value in force when the option is not given, as
	// Value gives it.
	Default string
	// About says what the option does, in a few words.
	About string
}

// OptionInfos describes the options of OptionNames, in their order.
func OptionInfos() []OptionInfo {
	return []OptionInfo{
		{Name: OptAbsTol, Format: "a number ≥ 0", Default: "0", About: "numbers within X of each other score 1 (0: off)"},
		{Name: OptRelTol, Format: "a number ≥ 0", Default: "0", About: "numbers within X·max(|r|,|o|) of each other score 1 (0: off)"},
		{Name: OptNormalize, Format: "none, or a comma-separated list of " + strings.Join(textsim.NormalizationNames, ", "), Default: "none",
			About: "differences between strings to ignore"},
		{Name: OptStrings, Format: strings.Join(textsim.ComparatorNames, ", "), Values: textsim.ComparatorNames, Default: textsim.ComparatorNames[0],
			About: "how strings are compared"},
		{Name: OptLists, Format: "index, best or key=FIELD; PATH=MODE for the arrays at a path, separated by spaces",
			Values: []string{"index", "best"}, Default: "index", About: "how list elements are paired"},
		{Name: OptExtraKeys, Format: "ignore or penalize", Values: []string{"ignore", "penalize"}, Default: "ignore",
			About: "whether output keys the reference lacks cost"},
		{Name: OptTarget, Format: "none, or paths (.a.b[0]) separated by spaces", Default: "none",
			About: "compare only the values at these paths"},
		{Name: OptStrictFields, Format: "false or true", Values: []string{"false", "true"}, Default: "false",
			About: "count the union of both sides' keys"},
	}
}

// LookupOption returns the description of the option name.
func LookupOption(name string) (OptionInfo, bool) {
	for _, o := range OptionInfos() {
		if o.Name == name {
			return o, true
		}
	}
	return OptionInfo{}, false
}

// Value returns the value of option name in o as a user types it: "0.01",
// "case,space", "key=id", ".a .b[0]" (targets, separated by spaces), and
// the option's Default when o leaves it at its default.
func (o MetricOptions) Value(name string) string {
	var vals []string
	for _, s := range o.Strings() {
		n, v, ok := strings.Cut(s, "=")
		if n != name {
			continue
		}
		if !ok {
			v = "true"
		}
		vals = append(vals, v)
	}
	if len(vals) == 0 {
		info, _ := LookupOption(name)
		return info.Default
	}
	return strings.Join(vals, " ")
}

// SetValue sets option name to value as Value gives it, in place of the
// value o has: "none" (or "") is the default; targets, and lists' modes
// (the default mode and PATH=MODE ones), are separated by spaces (a space
// inside a quoted key stays in its path). The errors are those of Set,
// which the flags give.
func (o *MetricOptions) SetValue(name, value string) error {
	value = strings.TrimSpace(value)
	info, ok := LookupOption(name)
	if !ok {
		return o.Set(name, value) // the error naming the options
	}
	next := *o
	if value == "" || (value == "none" && info.Default == "none") {
		value = info.Default
	}
	switch name {
	case OptTarget:
		next.Targets = nil
		if value == "none" {
			break
		}
		for _, p := range splitPaths(value) {
			if err := next.Set(name, p); err != nil {
				return err
			}
		}
	case OptLists:
		next.Lists, next.ListsAt = Lists{}, nil
		for _, item := range splitPaths(value) {
			if err := next.Set(name, item); err != nil {
				return err
			}
		}
	case OptNormalize:
		if value == "none" {
			next.Normalize = 0
			break
		}
		if err := next.Set(name, value); err != nil {
			return err
		}
	default:
		if err := next.Set(name, value); err != nil {
			return err
		}
	}
	*o = next
	return nil
}

// splitPaths splits paths at the spaces outside the quoted keys of a
// path: `.a .["b c"]` is .a and .["b c"].
func splitPaths(s string) []string {
	var out []string
	var b strings.Builder
	quoted, escaped := false, false
	for _, r := range s {
		switch {
		case escaped:
			escaped = false
		case quoted && r == '\\':
			escaped = true
		case r == '"':
			quoted = !quoted
		case !quoted && (r == ' ' || r == '\t'):
			if b.Len() > 0 {
				out = append(out, b.String())
				b.Reset()
			}
			continue
		}
		b.WriteRune(r)
	}
	if b.Len() > 0 {
		out = append(out, b.String())
	}
	return out
}
