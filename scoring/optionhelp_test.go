package scoring

import (
	"strings"
	"testing"
)

func TestOptionValues(t *testing.T) {
	var o MetricOptions
	for _, info := range OptionInfos() {
		if got := o.Value(info.Name); got != info.Default {
			t.Errorf("%s: default %q, want %q", info.Name, got, info.Default)
		}
	}
	for _, c := range []struct{ name, set, want, strings string }{
		{OptAbsTol, "0.01", "0.01", "abs-tol=0.01"},
		{OptRelTol, " 2e-2 ", "0.02", "rel-tol=0.02"},
		{OptNormalize, "space,case", "case,space", "normalize=case,space"},
		{OptStrings, "jaro-winkler", "jaro-winkler", "strings=jaro-winkler"},
		{OptLists, "key=sku", "key=sku", "lists=key=sku"},
		{OptLists, `best  .line_items=key=sku .["a b"]=index`, `best .["a b"]=index .line_items=key=sku`, `lists=best lists=.["a b"]=index lists=.line_items=key=sku`},
		{OptExtraKeys, "penalize", "penalize", "extra-keys=penalize"},
		{OptTarget, `.a  .["b c"]`, `.a .["b c"]`, `target=.a target=.["b c"]`},
		{OptStrictFields, "true", "true", "strict-fields"},
	} {
		var o MetricOptions
		if err := o.SetValue(c.name, c.set); err != nil {
			t.Fatalf("%s %q: %v", c.name, c.set, err)
		}
		if got := o.Value(c.name); got != c.want || strings.Join(o.Strings(), " ") != c.strings {
			t.Errorf("%s %q: value %q, options %q", c.name, c.set, got, o.Strings())
		}
		// Back to the default: "none", or empty.
		if err := o.SetValue(c.name, ""); err != nil || len(o.Strings()) != 0 {
			t.Errorf("%s back to the default: %v %q", c.name, err, o.Strings())
		}
	}
	o = MetricOptions{AbsTol: 0.5}
	for _, c := range []struct{ name, set, err string }{
		{OptAbsTol, "-1", `abs-tol "-1": want a number ≥ 0`},
		{OptStrings, "soundex", `strings "soundex": use levenshtein, damerau, jaro-winkler, exact, token-f1, bleu, rouge-l`},
		{OptLists, "key=", "lists key=FIELD: the field name is missing"},
		{OptTarget, ".a [", `target "[": `},
		{OptExtraKeys, "drop", `extra-keys "drop": use ignore or penalize`},
	} {
		err := o.SetValue(c.name, c.set)
		if err == nil || !strings.HasPrefix(err.Error(), c.err) {
			t.Errorf("%s %q: %v, want %q", c.name, c.set, err, c.err)
		}
		if o.AbsTol != 0.5 || len(o.Strings()) != 1 {
			t.Errorf("%s %q: a refused value changed the options: %q", c.name, c.set, o.Strings())
		}
	}
	if got := splitPaths(`.a .["x \" y"] .b`); strings.Join(got, "|") != `.a|.["x \" y"]|.b` {
		t.Errorf("split %q", got)
	}
}
