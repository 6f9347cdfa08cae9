package scoring

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/jsontui/jsontui/scoring/setting"
	"github.com/jsontui/jsontui/scoring/textdist"
	"github.com/jsontui/jsontui/scoring/textsim"
)

// MetricOptions are the options a user gives a metric (the flags of
// `jsontui score`). The zero value is every default. Each metric takes
// some of them (Metric.Takes); Strings gives their canonical form, which
// the history records and ParseMetricOptions reads back.
type MetricOptions struct {
	// AbsTol and RelTol make two numbers within tolerance score 1:
	// |r−o| ≤ AbsTol, or |r−o| ≤ RelTol·max(|r|, |o|) (as Python's
	// math.isclose). 0 is off.
	AbsTol, RelTol float64
	// Normalize lists the differences between strings to ignore.
	Normalize textsim.Normalization
	// Comparator names the string comparator (--strings; one of
	// textsim.ComparatorNames); "" is levenshtein, jsondiff's rule.
	Comparator string
	// Lists pairs array elements: by index, best, or key=FIELD.
	Lists Lists
	// ListsAt pairs the arrays at some schema paths otherwise
	// (--lists PATH=MODE), one entry per path, sorted by path.
	ListsAt []ListsAt
	// PenalizeExtraKeys makes output keys the reference lacks cost like
	// missing ones (--extra-keys penalize).
	PenalizeExtraKeys bool
	// Targets restricts uipath to the values at these jq-style paths, as
	// its target_output_key does.
	Targets []string
	// StrictFields makes galtea count the union of both sides' keys.
	StrictFields bool
	// NoPairingHints spares jsondiff the search for pairing hints
	// (Options.PairingHints): a dataset run scores many pairs headless
	// and leaves the hints to the case explorer. Not an option of the
	// command line, nor in Strings.
	NoPairingHints bool
	// ListsUnchecked leaves a --lists option the reference does not bear
	// out alone instead of refusing it (Options.ListsUnchecked): a
	// dataset checks the options against every case's reference at once.
	// Not an option of the command line, nor in Strings.
	ListsUnchecked bool
}

// The option names, as flags and in canonical strings.
const (
	OptAbsTol       = "abs-tol"
	OptRelTol       = "rel-tol"
	OptNormalize    = "normalize"
	OptStrings      = "strings"
	OptLists        = "lists"
	OptExtraKeys    = "extra-keys"
	OptTarget       = "target"
	OptStrictFields = "strict-fields"
)

// OptionNames lists every option name in canonical order.
var OptionNames = []string{OptAbsTol, OptRelTol, OptNormalize, OptStrings, OptLists, OptExtraKeys, OptTarget, OptStrictFields}

// Set sets the option name from its text value, as the flag --name=value
// gives it. A repeated option (target) accumulates; the others replace,
// lists per path: --lists .a=best sets the pairing at .a alone. The error
// lists the valid values.
func (o *MetricOptions) Set(name, value string) error {
	switch name {
	case OptAbsTol, OptRelTol:
		v, err := strconv.ParseFloat(value, 64)
		if err != nil || !(v >= 0) || math.IsInf(v, 0) {
			return setting.New(name, strconv.Quote(value), "want a number ≥ 0")
		}
		if name == OptAbsTol {
			o.AbsTol = v
		} else {
			o.RelTol = v
		}
	case OptNormalize:
		n, err := textsim.ParseNormalization(value)
		if err != nil {
			return setting.New(name, "", err.Error())
		}
		o.Normalize = n
	case OptStrings:
		if _, err := textsim.LookupComparator(value); err != nil || value == "" {
			return setting.New(name, strconv.Quote(value), "use "+strings.Join(textsim.ComparatorNames, ", "))
		}
		o.Comparator = value
		if value == "levenshtein" {
			o.Comparator = ""
		}
	case OptLists:
		path, l, err := ParseListsValue(value)
		if err != nil {
			return err
		}
		if path == "" {
			o.Lists = l
		} else {
			o.ListsAt = setListsAt(o.ListsAt, path, l)
		}
	case OptExtraKeys:
		switch value {
		case "ignore":
			o.PenalizeExtraKeys = false
		case "penalize":
			o.PenalizeExtraKeys = true
		default:
			return setting.New(name, strconv.Quote(value), "use ignore or penalize")
		}
	case OptTarget:
		if _, err := ParsePath(value); err != nil {
			return setting.New(name, strconv.Quote(value), err.Error())
		}
		o.Targets = append(o.Targets, value)
	case OptStrictFields:
		b, err := strconv.ParseBool(value)
		if err != nil {
			return setting.New(name, strconv.Quote(value), "want true or false")
		}
		o.StrictFields = b
	default:
		return fmt.Errorf("unknown metric option %q: options are %s", name, strings.Join(OptionNames, ", "))
	}
	return nil
}

func parseLists(value string) (Lists, error) {
	switch {
	case value == "index":
		return Lists{}, nil
	case value == "best":
		return Lists{Mode: ListBest}, nil
	case strings.HasPrefix(value, "key="):
		if value == "key=" {
			return Lists{}, setting.New(OptLists, "key=FIELD", "the field name is missing")
		}
		return Lists{Mode: ListKey, Key: value[len("key="):]}, nil
	}
	return Lists{}, setting.New(OptLists, strconv.Quote(value), "use index, best, key=FIELD, or PATH=MODE for the arrays at a schema path")
}

// Strings returns the options that differ from the defaults in their
// canonical form, in a stable order: "abs-tol=0.01", "normalize=case,space",
// "lists=key=id", "lists=.items=best" (by path), "target=.a",
// "strict-fields", ...
func (o MetricOptions) Strings() []string {
	var ss []string
	if o.AbsTol != 0 {
		ss = append(ss, OptAbsTol+"="+formatFloat(o.AbsTol))
	}
	if o.RelTol != 0 {
		ss = append(ss, OptRelTol+"="+formatFloat(o.RelTol))
	}
	if o.Normalize != 0 {
		ss = append(ss, OptNormalize+"="+o.Normalize.String())
	}
	if o.Comparator != "" {
		ss = append(ss, OptStrings+"="+o.Comparator)
	}
	if o.Lists.Mode != ListIndex {
		ss = append(ss, OptLists+"="+o.Lists.String())
	}
	for _, a := range o.ListsAt {
		ss = append(ss, OptLists+"="+a.String())
	}
	if o.PenalizeExtraKeys {
		ss = append(ss, OptExtraKeys+"=penalize")
	}
	for _, t := range o.Targets {
		ss = append(ss, OptTarget+"="+t)
	}
	if o.StrictFields {
		ss = append(ss, OptStrictFields)
	}
	return ss
}

// ParseMetricOptions reads back what Strings wrote: "name=value" items,
// or a bare name for a boolean option.
func ParseMetricOptions(ss []string) (MetricOptions, error) {
	var o MetricOptions
	for _, s := range ss {
		name, value, ok := strings.Cut(s, "=")
		if !ok {
			value = "true"
		}
		if err := o.Set(name, value); err != nil {
			return MetricOptions{}, err
		}
	}
	return o, nil
}

// names returns the names of the options that differ from the defaults.
func (o MetricOptions) names() []string {
	var names []string
	for _, s := range o.Strings() {
		name, _, _ := strings.Cut(s, "=")
		if len(names) == 0 || names[len(names)-1] != name {
			names = append(names, name)
		}
	}
	return names
}

func formatFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// numberRule returns the number comparator of the options: within
// tolerance 1, else base (nil: NumberScore). It returns nil when no
// tolerance is set.
func (o MetricOptions) numberRule(base func(r, o float64) float64) func(r, o float64) float64 {
	if o.AbsTol == 0 && o.RelTol == 0 {
		return base
	}
	if base == nil {
		base = NumberScore
	}
	abs, rel := o.AbsTol, o.RelTol
	return func(r, out float64) float64 {
		d := math.Abs(r - out)
		if d <= abs || d <= rel*math.Max(math.Abs(r), math.Abs(out)) {
			return 1
		}
		return base(r, out)
	}
}

// stringRule returns the string comparator of the options, normalizing
// first; nil for jsondiff's default.
func (o MetricOptions) stringRule() (textsim.Comparator, error) {
	if o.Comparator == "" && o.Normalize == 0 {
		return nil, nil
	}
	cmp, err := textsim.LookupComparator(o.Comparator)
	if err != nil {
		return nil, err
	}
	n := o.Normalize
	if n == 0 {
		return cmp, nil
	}
	return func(r, out string, lim textdist.Limits) (textsim.Outcome, error) {
		return cmp(n.Apply(r), n.Apply(out), lim)
	}, nil
}
