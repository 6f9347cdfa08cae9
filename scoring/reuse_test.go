package scoring

import (
	"reflect"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// TestSameMetricOptionsSeesEveryField: a room's jsondiff explainer is
// kept for the next tree only under the same options, so every field of
// MetricOptions must count; a field added and not compared would explain
// a later tree under the options of an earlier one.
func TestSameMetricOptionsSeesEveryField(t *testing.T) {
	base := MetricOptions{ListsAt: []ListsAt{{Path: ".a"}}, Targets: []string{".a"}}
	if !sameMetricOptions(&base, &base) {
		t.Fatal("options are not the same as themselves")
	}
	if cp := base; !sameMetricOptions(&base, &cp) {
		t.Fatal("a copy of the options is not the same options")
	}
	typ := reflect.TypeFor[MetricOptions]()
	for i := range typ.NumField() {
		other := base
		f := reflect.ValueOf(&other).Elem().Field(i)
		switch f.Kind() {
		case reflect.Float64:
			f.SetFloat(0.5)
		case reflect.Bool:
			f.SetBool(true)
		case reflect.String:
			f.SetString("jaro")
		case reflect.Uint8:
			f.SetUint(1)
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 1, 1))
		case reflect.Struct:
			f.Field(0).Set(reflect.ValueOf(ListBest))
		default:
			t.Fatalf("field %s of kind %s: teach this test to change it", typ.Field(i).Name, f.Kind())
		}
		if sameMetricOptions(&base, &other) {
			t.Errorf("options differing in %s are taken as the same", typ.Field(i).Name)
		}
	}
}

// TestReleasedRoomExplainsUnderItsOwnOptions: a tree built in the room
// of a released one, under other options, explains by its own.
func TestReleasedRoomExplainsUnderItsOwnOptions(t *testing.T) {
	ref, err := jsondoc.Parse("ref.json", []byte(`{"a": 1.0}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jsondoc.Parse("out.json", []byte(`{"a": 1.05}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tol := range []float64{0.1, 0, 0.2} {
		res, err := Run(jsondiffMetric{}, &Input{Ref: ref, Out: out, Opt: MetricOptions{AbsTol: tol}})
		if err != nil {
			t.Fatal(err)
		}
		ex, ok := res.Tree.Options().Explainer.(jsondiffExplainer)
		if !ok || ex.opts.AbsTol != tol {
			t.Fatalf("abs-tol %g: the tree's explainer is %#v", tol, res.Tree.Options().Explainer)
		}
		if res.Tree != res.Tree.room.res.Tree || res != &res.Tree.room.res {
			t.Fatal("the result is not the tree room's")
		}
		res.Tree.Release()
	}
}
