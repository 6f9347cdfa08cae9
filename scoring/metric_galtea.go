package scoring

import (
	"fmt"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/setting"
	"github.com/jsontui/jsontui/scoring/textsim"
)

// galteaMetric reproduces Galtea's JSON Field Match (Normalized) metric,
// and with --strict-fields its (Normalized, Strict) variant, as Galtea's
// docs define them (docs.galtea.ai, concepts/metric/
// json-field-match-normalized):
//
//   - the reference must be an object; its top-level keys are the fields;
//   - a field matches when the output has the key with an equal value:
//     strings equal after accent stripping (NFD, nonspacing marks
//     dropped) and case folding, so "Sí", "SI" and "si" are equal; other
//     values strictly equal, so 30 ≠ "30" (and, jsontui's reading of
//     "strictly", true ≠ 1; 30 = 30.0 as JSON numbers); nested objects
//     and arrays deep-equal after normalizing their strings, arrays in
//     order;
//   - score = 1 − non-matching / total, total being the reference's keys
//     (with --strict-fields, the union of both sides' keys: a key only
//     the output has never matches); an empty reference scores 1.
//
// An output that is not an object matches no field (Galtea refuses to
// score it); jsontui scores it 0 and says so. Galtea's per-field rules
// ($norm, $regex, $num, $date) are not reproduced: such a field is
// compared as the object it is.
type galteaMetric struct{}

func (galteaMetric) Name() string { return "galtea" }

func (galteaMetric) About() string {
	return "Galtea JSON Field Match (Normalized): share of the reference's top-level fields equal after accent and case folding"
}

func (galteaMetric) Takes() []string { return []string{OptStrictFields} }

// GalteaOptions are the engine options of the galtea metric.
func GalteaOptions(strict bool) Options {
	return Options{
		Whole:             galteaField,
		PenalizeExtraKeys: strict,
		FixedWeights:      true,
		Explainer:         galteaExplainer{},
	}
}

func (galteaMetric) Score(in *Input) (*Result, error) {
	if k := in.Ref.Kind(0); k != jsondoc.Object {
		return nil, setting.Errorf("%[1]s galtea compares the fields of an object: "+setting.Esc(fmt.Sprintf("%s holds %s %s", escape.Name(in.Ref.Name()), article(k), k)), "metric")
	}
	t, err := BuildContext(in.context(), in.Ref, in.Out, nil, GalteaOptions(in.Opt.StrictFields))
	if err != nil {
		return nil, err
	}
	if in.Out.IsAbsent() {
		return treeResult(t), nil // no output: every field is missing
	}
	if k := in.Out.Kind(0); k != jsondoc.Object {
		t.notes = append(t.notes, Warning{Path: ".", Message: fmt.Sprintf(
			"galtea: %s holds %s %s, not an object: Galtea does not score it; jsontui matches no field", escape.Name(in.Out.Name()), article(k), k)})
	}
	return treeResult(t), nil
}

// galteaField scores a field: 1 when the values are equal by Galtea's
// rule, else 0.
func galteaField(rd *jsondoc.Doc, r jsondoc.ID, od *jsondoc.Doc, o jsondoc.ID) float64 {
	if galteaEqual(rd, r, od, o) {
		return 1
	}
	return 0
}

// galteaNorm is Galtea's string normalization: accents stripped, then
// case folded.
const galteaNorm = textsim.NormAccents | textsim.NormCase

// galteaEqual reports whether two values are equal by Galtea's rule.
func galteaEqual(rd *jsondoc.Doc, r jsondoc.ID, od *jsondoc.Doc, o jsondoc.ID) bool {
	k := rd.Kind(r)
	if k != od.Kind(o) {
		return false
	}
	switch k {
	case jsondoc.String:
		a, b := rd.Str(r), od.Str(o)
		return a == b || galteaNorm.Apply(a) == galteaNorm.Apply(b)
	case jsondoc.Number:
		return rd.Float(r) == od.Float(o)
	case jsondoc.Bool:
		return rd.Bool(r) == od.Bool(o)
	case jsondoc.Null:
		return true
	case jsondoc.Array:
		oc := od.Child(o)
		for rc := rd.Child(r); rc != jsondoc.None; rc = rd.Next(rc) {
			if oc == jsondoc.None || !galteaEqual(rd, rc, od, oc) {
				return false
			}
			oc = od.Next(oc)
		}
		return oc == jsondoc.None
	default: // object
		if rd.Count(r) != od.Count(o) {
			return false
		}
		x := od.Index(o) // a lookup per key: linear, where scanning was quadratic
		for rc := rd.Child(r); rc != jsondoc.None; rc = rd.Next(rc) {
			oc := x.Lookup(rd.Key(rc))
			if oc == jsondoc.None || !galteaEqual(rd, rc, od, oc) {
				return false
			}
		}
		return true
	}
}
