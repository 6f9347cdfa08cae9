package scoring

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/textdist"
	"github.com/jsontui/jsontui/scoring/textsim"
)

// invoice returns the invoice case (testdata/cases/invoice): its output
// is wrapped in prose and a code fence.
func invoice(t testing.TB) *Input {
	t.Helper()
	ref, err := os.ReadFile("../testdata/cases/invoice/reference.json")
	if err != nil {
		t.Fatal(err)
	}
	out, err := os.ReadFile("../testdata/cases/invoice/output.json")
	if err != nil {
		t.Fatal(err)
	}
	rd, err := jsondoc.Parse("reference.json", ref, nil)
	if err != nil {
		t.Fatal(err)
	}
	od, err := jsondoc.ParseLenient("output.json", out, nil)
	if err != nil {
		t.Fatal(err)
	}
	return &Input{Ref: rd, Out: od}
}

// The invoice's line items: the third of five is dropped, and the
// fourth's unit price reads 125.0 for 12.5.
const (
	// By index, every item from the third on is compared with the next
	// one: 1, 1, 0.24298…, 0.39471…, 0 (missing), as the tree has them.
	invoiceItemsByIndex = 0.52753911153565292
	// By key: 1, 1, 0 (dropped), (6 + 1 − 112.5/137.5)/7, 1, over five.
	invoiceItemsByKey = (3 + (7-112.5/137.5)/7) / 5
)

// TestPairingHintInvoice: the dropped line item gets a hint with the
// array's score under every pairing, and each figure is what scoring
// with that pairing gives, the array's and the total's.
func TestPairingHintInvoice(t *testing.T) {
	in := invoice(t)
	res, err := RunNamed("jsondiff", in)
	if err != nil {
		t.Fatal(err)
	}
	tr := res.Tree
	hints := tr.PairingHints()
	if len(hints) != 1 {
		t.Fatalf("%d hints: %+v", len(hints), hints)
	}
	h := hints[0]
	items, _ := tr.Find(".line_items")
	if h.Node != items || h.Path != ".line_items" || h.SchemaPath != ".line_items" || h.Current != (Lists{}) || h.Partial {
		t.Errorf("hint %+v", h)
	}
	if math.Abs(h.Score-invoiceItemsByIndex) > 1e-9 {
		t.Errorf("by index %.17g, want %.17g", h.Score, invoiceItemsByIndex)
	}
	want := []PairingScore{
		{Lists{Mode: ListBest}, invoiceItemsByKey},
		{Lists{Mode: ListKey, Key: "sku"}, invoiceItemsByKey},
		{Lists{Mode: ListKey, Key: "description"}, invoiceItemsByKey},
		{Lists{Mode: ListKey, Key: "quantity"}, invoiceItemsByKey},
	}
	if len(h.Others) != len(want) {
		t.Fatalf("others %+v", h.Others)
	}
	for i, w := range want {
		if h.Others[i].Lists != w.Lists || math.Abs(h.Others[i].Score-w.Score) > 1e-9 {
			t.Errorf("others[%d] = %+v, want %+v", i, h.Others[i], w)
		}
	}
	if h.Suggested().Lists != (Lists{Mode: ListKey, Key: "sku"}) || h.Option() != ".line_items=key=sku" {
		t.Errorf("suggested %v, option %s", h.Suggested(), h.Option())
	}
	total, _ := tr.Total()
	if wantGain := (invoiceItemsByKey - invoiceItemsByIndex) / 15; math.Abs(h.Gain-wantGain) > 1e-9 {
		t.Errorf("gain %.17g, want %.17g", h.Gain, wantGain)
	}
	wantMsg := "pairing hint for .line_items: it scores 0.527539 paired by index, 0.776623 by best, 0.776623 by key=sku, " +
		"0.776623 by key=description, 0.776623 by key=quantity; lists .line_items=key=sku raises the total by 0.016606"
	if ws := warningsOf(res); len(ws) != 1 || ws[0].Path != ".line_items" || ws[0].Message != wantMsg {
		t.Errorf("warnings %v", ws)
	}
	if got, ok := tr.PairingHint(items); !ok || got.Node != items {
		t.Errorf("PairingHint(.line_items) = %v, %v", got, ok)
	}
	if _, ok := tr.PairingHint(0); ok {
		t.Error("the root has a hint")
	}
	// Each pairing, applied, gives the figures the hint says.
	for _, o := range h.Others {
		in.Opt = MetricOptions{ListsAt: []ListsAt{{Path: ".line_items", Lists: o.Lists}}}
		r2, err := RunNamed("jsondiff", in)
		if err != nil {
			t.Fatal(err)
		}
		id, _ := r2.Tree.Find(".line_items")
		s, _ := r2.Tree.Score(id)
		t2, _ := r2.Tree.Total()
		if math.Abs(s-o.Score) > 1e-12 || math.Abs(t2-(total+(o.Score-h.Score)/15)) > 1e-12 {
			t.Errorf("--lists .line_items=%s: array %.17g, total %.17g; the hint said %.17g, %.17g",
				o.Lists, s, t2, o.Score, total+(o.Score-h.Score)/15)
		}
		if len(r2.Tree.PairingHints()) != 0 {
			t.Errorf("--lists .line_items=%s: hints %+v", o.Lists, r2.Tree.PairingHints())
		}
		checkTreeFigures(t, r2.Tree)
	}
}

// TestPairingHintNone: no hint for an array that no other pairing makes
// noticeably better, for arrays of scalars, under --lists best, for the
// metrics that do not pair lists otherwise, nor without the option.
func TestPairingHintNone(t *testing.T) {
	shifted := `{"l": [{"id": "a", "v": "one"}, {"id": "b", "v": "two"}, {"id": "c", "v": "three"}]}`
	dropped := `{"l": [{"id": "a", "v": "one"}, {"id": "c", "v": "three"}]}`
	for _, c := range []struct {
		name, ref, out, metric string
		opt                    MetricOptions
	}{
		{"same", shifted, shifted, "jsondiff", MetricOptions{}},
		{"scalars", `{"l": ["a", "b", "c", "d"]}`, `{"l": ["b", "c", "d"]}`, "jsondiff", MetricOptions{}},
		{"best", shifted, dropped, "jsondiff", MetricOptions{Lists: Lists{Mode: ListBest}}},
		{"best at the path", shifted, dropped, "jsondiff", MetricOptions{ListsAt: []ListsAt{{".l", Lists{Mode: ListBest}}}}},
		{"key", shifted, dropped, "jsondiff", MetricOptions{Lists: Lists{Mode: ListKey, Key: "id"}}},
		{"lynxius", shifted, dropped, "lynxius", MetricOptions{}},
		// The last of 20 records dropped: by index 19/20 = 0.95, by key
		// 19/20 too.
		{"last dropped", records(20), records(19), "jsondiff", MetricOptions{}},
	} {
		res := runMetric(t, c.metric, c.ref, c.out, "", c.opt)
		if res.Tree != nil && len(res.Tree.PairingHints()) != 0 {
			t.Errorf("%s: hints %+v", c.name, res.Tree.PairingHints())
		}
	}
	// The first dropped of the same: a hint.
	res := runMetric(t, "jsondiff", shifted, dropped, "", MetricOptions{})
	if hs := res.Tree.PairingHints(); len(hs) != 1 || hs[0].Suggested().Lists != (Lists{Mode: ListKey, Key: "id"}) {
		t.Errorf("dropped: hints %+v", hs)
	}
	in := docs(t, shifted, dropped)
	if tr, err := Build(in.Ref, in.Out, nil, Options{}); err != nil || len(tr.PairingHints()) != 0 {
		t.Errorf("Build without PairingHints: %v, %+v", err, tr.PairingHints())
	}
}

// records returns {"l": [...]} with n records.
func records(n int) string {
	var b strings.Builder
	b.WriteString(`{"l": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `{"id": %d, "name": "record %d"}`, i, i)
	}
	b.WriteString("]}")
	return b.String()
}

// TestPairingHintKeyFields: a key field is one every record of both
// lists has, holding a string or an integer unique within its list.
func TestPairingHintKeyFields(t *testing.T) {
	ref := `{"l": [{"id": 1, "code": "x", "n": 1.5, "tag": "a", "opt": 1, "o": {}},
	                {"id": 2, "code": "y", "n": 2.5, "tag": "a", "opt": 2, "o": {}},
	                {"id": 3, "code": "z", "n": 3.5, "tag": "b", "o": {}}]}`
	out := `{"l": [{"id": 2, "code": "y", "n": 2.5, "tag": "a", "opt": 2, "o": {}},
	                {"id": 3.0, "code": "y", "n": 3.5, "tag": "b", "o": {}}]}`
	in := docs(t, ref, out)
	tr, err := Build(in.Ref, in.Out, nil, Options{PairingHints: true})
	if err != nil {
		t.Fatal(err)
	}
	id, _ := tr.Find(".l")
	path, choices, ok := tr.PairingChoices(id)
	// code repeats in the output, n is not an integer, tag repeats, opt
	// is not in every record, o is an object.
	if want := "[index best key=id]"; !ok || path != ".l" || fmt.Sprint(choices) != want {
		t.Errorf("PairingChoices = %s %v %v, want .l %s", path, choices, ok, want)
	}
	if _, _, ok := tr.PairingChoices(0); ok {
		t.Error("choices for an object")
	}
}

// TestListsAt: --lists PATH=MODE pairs the arrays at a schema path, in
// every element above it, and no others.
func TestListsAt(t *testing.T) {
	ref := `{"orders": [{"items": [{"id": 1, "v": 1}, {"id": 2, "v": 2}]}, {"items": [{"id": 3, "v": 3}, {"id": 4, "v": 4}]}],
	         "other": [{"id": 1, "v": 1}, {"id": 2, "v": 2}]}`
	out := `{"orders": [{"items": [{"id": 2, "v": 2}, {"id": 1, "v": 1}]}, {"items": [{"id": 4, "v": 4}, {"id": 3, "v": 3}]}],
	         "other": [{"id": 2, "v": 2}, {"id": 1, "v": 1}]}`
	var opt MetricOptions
	if err := opt.Set("lists", ".orders[].items=key=id"); err != nil {
		t.Fatal(err)
	}
	res := runMetric(t, "jsondiff", ref, out, "", opt)
	for path, want := range map[string]string{
		".orders[0].items": "match 1 1", ".orders[1].items": "match 1 1", ".other": "partial 0.666667 1",
	} {
		if got := nodeFigures(t, res.Tree, path); got != want {
			t.Errorf("%s: %s, want %s", path, got, want)
		}
	}
	for _, c := range []struct {
		path string
		want Lists
	}{{".orders[0].items", Lists{Mode: ListKey, Key: "id"}}, {".other", Lists{}}, {".orders", Lists{}}} {
		id, _ := res.Tree.Find(c.path)
		if got := res.Tree.PairingOf(id); got != c.want {
			t.Errorf("PairingOf(%s) = %v, want %v", c.path, got, c.want)
		}
	}
	// The explanation names the option that pairs them.
	for path, want := range map[string]string{
		".orders[1].items": "elements paired with lists=.orders[].items=key=id, not by position",
		".other":           "",
	} {
		id, _ := res.Tree.Find(path)
		var notes []string
		for _, l := range res.Tree.Explain(id, ExplainOptions{}) {
			if strings.Contains(l.String(), "paired with") {
				notes = append(notes, l.String())
			}
		}
		if want == "" && len(notes) != 0 || want != "" && (len(notes) != 1 || notes[0] != want) {
			t.Errorf("%s: explanation notes %q, want %q", path, notes, want)
		}
	}
	// .other gets a hint, naming its own path.
	if hs := res.Tree.PairingHints(); len(hs) != 1 || hs[0].Path != ".other" || hs[0].Option() != ".other=key=id" {
		t.Errorf("hints %+v", hs)
	}
	// A nested array paired by key inside --lists best's element scores.
	opt = MetricOptions{Lists: Lists{Mode: ListBest}, ListsAt: []ListsAt{{".orders[].items", Lists{Mode: ListKey, Key: "id"}}}}
	res = runMetric(t, "jsondiff", ref, out, "", opt)
	if res.Score != 1 {
		t.Errorf("best with keyed items: %v", res.Score)
	}
}

func TestListsAtOptions(t *testing.T) {
	var o MetricOptions
	for _, v := range []string{".line_items=key=sku", "best", `.["a b"][]=index`, ".line_items=best", ".=key=id"} {
		if err := o.Set("lists", v); err != nil {
			t.Fatalf("Set(lists, %s): %v", v, err)
		}
	}
	want := []string{"lists=best", "lists=.=key=id", `lists=.["a b"][]=index`, "lists=.line_items=best"}
	if got := o.Strings(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("Strings() = %q, want %q", got, want)
	}
	back, err := ParseMetricOptions(o.Strings())
	if err != nil || fmt.Sprint(back.Strings()) != fmt.Sprint(want) {
		t.Fatalf("round trip: %q, %v", back.Strings(), err)
	}
	if l := o.ListsFor(".line_items"); l != (Lists{Mode: ListBest}) {
		t.Errorf("ListsFor(.line_items) = %v", l)
	}
	// The explorer's key: setting the default drops the entry.
	w := o.WithListsAt(".line_items", Lists{Mode: ListBest})
	if got := w.Strings(); fmt.Sprint(got) != `[lists=best lists=.=key=id lists=.["a b"][]=index]` {
		t.Errorf("WithListsAt(default) = %q", got)
	}
	w = w.WithListsAt(".x", Lists{Mode: ListKey, Key: "id"})
	if got := w.Strings(); fmt.Sprint(got) != `[lists=best lists=.=key=id lists=.["a b"][]=index lists=.x=key=id]` {
		t.Errorf("WithListsAt(.x) = %q", got)
	}
	if fmt.Sprint(o.Strings()) != fmt.Sprint(want) {
		t.Errorf("WithListsAt changed its receiver: %q", o.Strings())
	}
	for _, c := range []struct{ value, want string }{
		{".line_items[0]=best", `lists ".line_items[0]=best": a schema path writes [] for every index, not [0]: .line_items[]`},
		{".line_items", `lists ".line_items": write PATH=MODE, as .line_items=key=sku`},
		{".line_items=sorted", `lists "sorted": use index, best, key=FIELD, or PATH=MODE for the arrays at a schema path`},
		{".line_items=key=", `lists key=FIELD: the field name is missing`},
		{".a.=best", `lists ".a.=best": the path ends with '.'`},
		{`.["a=b"=best`, `lists ".[\"a=b\"=best": unterminated ["key"] at offset 1`},
	} {
		var o MetricOptions
		if err := o.Set("lists", c.value); err == nil || err.Error() != c.want {
			t.Errorf("Set(lists, %s): %v, want %s", c.value, err, c.want)
		}
	}
	var k MetricOptions
	if err := k.Set("lists", `.["a=b"]=key=id`); err != nil || k.ListsAt[0].Path != `.["a=b"]` {
		t.Errorf(`.["a=b"]: %v %+v`, err, k.ListsAt)
	}
}

// TestListsErrors: a key field no element has, or a path with no array,
// is an error naming the field and the paths, not a quiet fallback to
// index pairing.
func TestListsErrors(t *testing.T) {
	in := invoice(t)
	for _, c := range []struct{ value, want string }{
		{"key=skux", `lists key=skux: no element of the reference's arrays of objects (.line_items) has the field "skux" (did you mean "sku"?)`},
		{".line_items=key=skux", `lists .line_items=key=skux: no element of the arrays at .line_items has the field "skux" (did you mean "sku"?)`},
		{".line_itemz=best", `lists .line_itemz=best: the reference has no array at .line_itemz (did you mean .line_items?)`},
		{".vendor=best", `lists .vendor=best: the reference has no array at .vendor (an object there)`},
		{".vendor.address.zip=best", `lists .vendor.address.zip=best: the reference has no array at .vendor.address.zip`},
		{".line_items[].sku=best", `lists .line_items[].sku=best: the reference has no array at .line_items[].sku (a string there)`},
	} {
		var o MetricOptions
		if err := o.Set("lists", c.value); err != nil {
			t.Fatal(err)
		}
		in.Opt = o
		_, err := RunNamed("jsondiff", in)
		var le *ListsError
		if !errors.As(err, &le) || err.Error() != c.want {
			t.Errorf("--lists %s: %v, want %s", c.value, err, c.want)
		}
	}
	for _, c := range []struct{ ref, value, want string }{
		{`{"a": 1}`, "key=id", `lists key=id: the reference has no array of objects to pair by the field "id"`},
		{`{"a": [], "b": [{"x": 1}], "c": [{"y": 1}], "d": [{"z": 1}], "e": [{"w": 1}]}`, "key=id",
			`lists key=id: no element of the reference's arrays of objects (.b, .c, .d, and 1 more) has the field "id" (did you mean "x"?)`},
		{`{"a": []}`, ".a=key=id", `lists .a=key=id: the arrays at .a have no element to pair by the field "id"`},
	} {
		var o MetricOptions
		if err := o.Set("lists", c.value); err != nil {
			t.Fatal(err)
		}
		in := docs(t, c.ref, c.ref)
		in.Opt = o
		if _, err := RunNamed("jsondiff", in); err == nil || err.Error() != c.want {
			t.Errorf("%s --lists %s: %v, want %s", c.ref, c.value, err, c.want)
		}
	}
	// A field some records have is enough.
	res := runMetric(t, "jsondiff", `{"l": [{"id": 1}, {"v": 2}], "t": ["x"]}`, `{"l": [{"v": 2}, {"id": 1}], "t": ["x"]}`, "",
		MetricOptions{Lists: Lists{Mode: ListKey, Key: "id"}})
	if res.Score != (1.0/3+1)/2 {
		t.Errorf("score %v", res.Score)
	}
}

// TestPairingHintWork: the hints of a build spend at most MaxHintWork on
// comparing strings (the rest is the build's own), and say when some
// pairing was not tried.
func TestPairingHintWork(t *testing.T) {
	// 40 lists of 60 records with 500-character strings, each record
	// dropped at the front: every list would like best and key pairing.
	ref, out := hintLists(40, 60, 500)
	in := docs(t, ref, out)
	// The build compares on every core: count atomically.
	var without, with atomic.Int64
	if _, err := Build(in.Ref, in.Out, nil, Options{Strings: atomicCountingStrings(&without)}); err != nil {
		t.Fatal(err)
	}
	tr, err := Build(in.Ref, in.Out, nil, Options{Strings: atomicCountingStrings(&with), PairingHints: true})
	if err != nil {
		t.Fatal(err)
	}
	more := with.Load() - without.Load()
	t.Logf("strings compared for %d word operations without hints, %d more with", without.Load(), more)
	if more > MaxHintWork {
		t.Errorf("the hints compared strings for %d word operations, past MaxHintWork %d", more, MaxHintWork)
	}
	hs := tr.PairingHints()
	partial := 0
	for _, h := range hs {
		if h.Partial {
			partial++
		}
	}
	if len(hs) == 0 || partial == 0 {
		t.Fatalf("%d hints, %d partial: the test does not reach the limit", len(hs), partial)
	}
	ws := tr.Warnings()
	last := ws[len(ws)-1]
	if !strings.HasPrefix(last.Message, "pairing hints: ") || !strings.HasSuffix(last.Message,
		"arrays not tried under every pairing: past the work limit of 33,554,432 word operations (MaxHintWork)") {
		t.Errorf("last warning %v", last)
	}
}

// atomicCountingStrings is countingStrings for a build on several cores.
func atomicCountingStrings(work *atomic.Int64) textsim.Comparator {
	return func(r, o string, lim textdist.Limits) (textsim.Outcome, error) {
		m, n := min(len(r), len(o)), max(len(r), len(o))
		work.Add(int64((m+63)/64) * int64(n))
		return StringScore(r, o, lim)
	}
}

// recordStrings returns a list of n records with a random string of size
// letters each, and the same less its first record.
func recordStrings(n, size int) (string, string) {
	s, _ := stringLists(n, size)
	var recs []string
	for i, v := range jsondocStrings(s) {
		recs = append(recs, fmt.Sprintf(`{"id": %d, "text": %q}`, i, v))
	}
	return "[" + strings.Join(recs, ",") + "]", "[" + strings.Join(recs[1:], ",") + "]"
}

// jsondocStrings splits a JSON array of plain strings.
func jsondocStrings(s string) []string {
	s = strings.TrimSuffix(strings.TrimPrefix(s, `["`), `"]`)
	return strings.Split(s, `","`)
}

// TestPairingHintCancel cancels the build while the hints compare
// records: it stops with the context's error.
func TestPairingHintCancel(t *testing.T) {
	r, o := recordStrings(100, 20)
	in := docs(t, r, o)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	calls := 0
	opt := Options{PairingHints: true, Strings: func(a, b string, lim textdist.Limits) (textsim.Outcome, error) {
		if calls++; calls == 2000 { // past the build's own 99 pairs
			cancel()
		}
		return StringScore(a, b, lim)
	}}
	if _, err := BuildContext(ctx, in.Ref, in.Out, nil, opt); !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if calls > 2000+100 {
		t.Fatalf("%d comparisons after the cancel at 2,000", calls)
	}
}

// TestPairingChoicesWhileReweighting: PairingChoices reads what
// re-weighting leaves alone, so the explorer may look for the choices in
// the background while the user tunes weights (run with -race).
func TestPairingChoicesWhileReweighting(t *testing.T) {
	res, err := RunNamed("jsondiff", invoice(t))
	if err != nil {
		t.Fatal(err)
	}
	tr := res.Tree
	items, _ := tr.Find(".line_items")
	sku, _ := tr.Find(".line_items[0].sku")
	done := make(chan []Lists)
	go func() {
		var got []Lists
		for range 50 {
			_, got, _ = tr.PairingChoices(items)
		}
		done <- got
	}()
	for i := range 50 {
		if err := tr.SetWeight(sku, float64(i%2)); err != nil {
			t.Fatal(err)
		}
	}
	if got := <-done; fmt.Sprint(got) != "[index best key=sku key=description key=quantity]" {
		t.Errorf("choices %v", got)
	}
}
