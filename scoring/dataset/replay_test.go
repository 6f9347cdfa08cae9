package dataset

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/report"
)

// nodeDump is a report node's figures as a test compares them.
type nodeDump struct {
	Path, Label, Kind, Status string
	Depth                     int
	Score                     float64
	HasScore                  bool
	Weight, Factor            float64
	HasFactor                 bool
	Share, Loss               float64
}

// reportDump is what a test encoder keeps of a case's report.
type reportDump struct {
	Reference, Output, Explanation string
	Extra                          map[string]float64
	Score                          float64
	HasScore                       bool
	Nodes                          []nodeDump
}

// dumpEncoder is a NewEncoder that lays a case's report out as JSON
// ("null" for none).
func dumpEncoder() func(dst []byte, rep *report.Report) []byte {
	return func(dst []byte, rep *report.Report) []byte {
		if rep == nil {
			return append(dst, "null"...)
		}
		d := reportDump{Reference: rep.Reference, Output: rep.Output, Explanation: rep.Explanation, Extra: rep.Extra,
			HasScore: rep.HasScore}
		if rep.HasScore {
			d.Score = rep.Score
		}
		if rep.Nodes != nil {
			d.Nodes = []nodeDump{}
			for n := range rep.Nodes {
				nd := nodeDump{Path: strings.Clone(n.Path), Label: strings.Clone(n.Label), Kind: n.Kind, Status: n.Status, Depth: n.Depth,
					HasScore: n.HasScore, Weight: n.Weight, HasFactor: n.HasFactor, Share: n.Share, Loss: n.Loss}
				if n.HasScore {
					nd.Score = n.Score
				}
				if n.HasFactor {
					nd.Factor = n.Factor
				}
				d.Nodes = append(d.Nodes, nd)
			}
		}
		b, err := json.Marshal(d)
		if err != nil {
			panic(err)
		}
		return append(dst, b...)
	}
}

// caseDump is a case as Cases hands it, its report read back.
type caseDump struct {
	Case
	Report *reportDump
}

// collect returns a Cases function that keeps every case, and the list.
func collect(list *[]caseDump) func(*Case) error {
	return func(c *Case) error {
		cd := caseDump{Case: *c}
		cd.Encoded, cd.Line = nil, nil
		if c.Encoded != nil {
			if err := json.Unmarshal(c.Encoded, &cd.Report); err != nil {
				return err
			}
		}
		if c.Worst != nil {
			w := *c.Worst
			cd.Worst = &w
		}
		*list = append(*list, cd)
		return nil
	}
}

// sameCases reports how the cases a replay handed out differ from those
// a run of Score handed out (figures to 1e-12), "" when they do not.
func sameCases(got, want []caseDump) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%d cases, want %d", len(got), len(want))
	}
	var diffs []string
	for i := range want {
		g, w := got[i], want[i]
		if g.ID != w.ID || g.Index != w.Index || g.Status != w.Status || g.HasScore != w.HasScore ||
			g.HasScore && !near12(g.Score, w.Score) || g.Group != w.Group || g.HasGroup != w.HasGroup ||
			!slices.Equal(g.Repairs, w.Repairs) || g.Error != w.Error || !slices.Equal(g.Warnings, w.Warnings) ||
			(g.Worst == nil) != (w.Worst == nil) || g.Worst != nil && (g.Worst.Path != w.Worst.Path || !near12(g.Worst.Loss, w.Worst.Loss)) {
			diffs = append(diffs, fmt.Sprintf("case %d: %+v (worst %+v), want %+v (worst %+v)", i, g.Case, g.Worst, w.Case, w.Worst))
			continue
		}
		if d := sameReport(g.Report, w.Report); d != "" {
			diffs = append(diffs, fmt.Sprintf("case %s: %s", w.ID, d))
		}
		if len(diffs) > 5 {
			break
		}
	}
	return strings.Join(diffs, "\n")
}

func sameReport(g, w *reportDump) string {
	switch {
	case g == nil && w == nil:
		return ""
	case g == nil || w == nil:
		return fmt.Sprintf("report %v, want %v", g, w)
	case g.Reference != w.Reference || g.Output != w.Output || g.Explanation != w.Explanation ||
		!reflect.DeepEqual(g.Extra, w.Extra) || g.HasScore != w.HasScore || !near12(g.Score, w.Score):
		return fmt.Sprintf("report %+v, want %+v", *g, *w)
	case (g.Nodes == nil) != (w.Nodes == nil) || len(g.Nodes) != len(w.Nodes):
		return fmt.Sprintf("%d nodes, want %d", len(g.Nodes), len(w.Nodes))
	}
	for i := range w.Nodes {
		a, b := g.Nodes[i], w.Nodes[i]
		if a.Path != b.Path || a.Label != b.Label || a.Kind != b.Kind || a.Status != b.Status || a.Depth != b.Depth ||
			a.HasScore != b.HasScore || a.HasFactor != b.HasFactor || !near12(a.Score, b.Score) || !near12(a.Weight, b.Weight) ||
			!near12(a.Factor, b.Factor) || !near12(a.Share, b.Share) || !near12(a.Loss, b.Loss) {
			return fmt.Sprintf("node %+v, want %+v", a, b)
		}
	}
	return ""
}

// replayCase is a dataset scored with Keep, tuned, and what to compare
// its replay with.
type replayCase struct {
	name    string
	spec    Spec
	metric  string
	options []string
	weights string // the weights file at opening ("" for none)
	rules   string // a rules file ("" for none)
	tune    map[string]float64
}

// TestReplayMatchesScore: a dataset frozen under the weights in force
// replays every case (its row, its report's names, Extra, Explanation
// and every node's figures) and its figures as Score makes them of the
// files under the weights in force written as a weights file, for every
// metric and form, with missing, invalid and extra cases, groups, rules
// and a metric that is one number.
func TestReplayMatchesScore(t *testing.T) {
	dir := t.TempDir()
	records := genRecords(t, dir, 300, 7)
	refFile, outFile, refDir, outDir := writeForms(t, records, dir)
	// The text metrics compare the records' whole texts, slowly under the
	// race detector: 40 cases replay their figures as well as 300.
	few := genRecords(t, t.TempDir(), 40, 7)
	// Extra outputs: one by id, one past the last reference line.
	out := mustRead(t, outFile)
	writeTestFile(t, outFile, append(out, `{"id": "zz-extra", "output": {"vendor": "x"}}`+"\n"...))
	// Outputs paired by line: without their ids, some past the last
	// reference.
	var byLine []byte
	for _, l := range strings.SplitAfter(string(mustRead(t, outFile)), "\n") {
		var rec map[string]json.RawMessage
		if json.Unmarshal([]byte(l), &rec) != nil {
			continue
		}
		delete(rec, "id")
		b, _ := json.Marshal(rec)
		byLine = append(append(byLine, b...), '\n')
	}
	for range 5 {
		byLine = append(byLine, `{"output": {"vendor": "y"}}`+"\n"...)
	}
	lines := filepath.Join(dir, "lines.jsonl")
	writeTestFile(t, lines, byLine)
	writeTestFile(t, filepath.Join(outDir, "zz-extra.json"), []byte(`{"vendor": "z"}`))
	// Odd shapes: a key to quote, empty containers, a type mismatch, an
	// array wider than a segment tree's minimum, extra keys, an array at
	// the root.
	wide := make([]string, 300)
	for i := range wide {
		wide[i] = fmt.Sprint(i % 7)
	}
	objects := `{"id": "h1", "expected": {"a b": {"x": 1, "y": []}, "e": {}, "arr": [1, 2, 3], "n": {"k": 1}}, "output": {"a b": {"x": 2, "y": []}, "e": {}, "arr": [1, 5], "n": [1], "more": {"z": 1}, "list": [1]}}
{"id": "h2", "expected": {"a b": {"x": 1}, "w": [` + strings.Join(wide, ",") + `]}, "output": {"a b": {"x": 1}, "w": [` + strings.Join(wide[:250], ",") + `, 9]}}
{"id": "h3", "expected": {"o": {"p": {"q": "s"}}, "l": [{"k": "v"}]}, "output": "not json"}
{"id": "h4", "expected": {"a b": {"x": 1}, "e": {}}}
{"id": "h5", "expected": {"a b": [], "e": {"f": null}}, "output": {"a b": {}, "e": {"f": 0}}}
`
	shapes := filepath.Join(dir, "shapes.jsonl")
	writeTestFile(t, shapes, []byte(objects))
	rooted := filepath.Join(dir, "rooted.jsonl")
	writeTestFile(t, rooted, []byte(objects+`{"id": "h6", "expected": [1, {"a b": 1}], "output": [1, {"a b": 2}]}
{"id": "h7", "expected": {"a b": 1}, "output": [1]}
`))
	shapesTune := map[string]float64{`.["a b"]`: 0.25, `.["a b"].x`: 0.5, ".e": 0}
	base := `{"items": {"__items": 0.5, "unit_price": 0.8}, "notes": 0, "nowhere": 0.5}`
	tune := map[string]float64{".vendor": 0.3, ".items[].unit_price": 0}
	cases := []replayCase{
		{name: "records", spec: Spec{Ref: records, GroupBy: ".category"}, metric: "jsondiff", weights: base, tune: tune},
		{name: "by id", spec: Spec{Ref: refFile, Out: outFile}, metric: "jsondiff", weights: base, tune: tune},
		{name: "by line", spec: Spec{Ref: refFile, Out: lines}, metric: "jsondiff", tune: tune},
		{name: "dirs", spec: Spec{Ref: refDir, Out: outDir}, metric: "jsondiff", weights: base, tune: tune},
		{name: "rules", spec: Spec{Ref: records}, metric: "jsondiff", options: []string{"lists=best", "abs-tol=0.5"},
			rules: `{".vendor.name": "exact", ".items[].unit_price": {"abs_tol": 1}, ".date": "date"}`, tune: tune},
		{name: "lynxius", spec: Spec{Ref: records}, metric: "lynxius", weights: base,
			tune: map[string]float64{".vendor": 0.5, ".vendor.address.street": 0, ".vendor.address.city": 0,
				".vendor.address.zip": 0, ".vendor.address.country": 0}},
		{name: "galtea", spec: Spec{Ref: records}, metric: "galtea"},
		{name: "shapes", spec: Spec{Ref: rooted}, metric: "jsondiff", weights: `{"e": {"f": 0.5}}`, tune: shapesTune},
		{name: "shapes best", spec: Spec{Ref: rooted}, metric: "jsondiff", options: []string{"lists=best", "extra-keys=penalize"}, tune: shapesTune},
		{name: "shapes lynxius", spec: Spec{Ref: shapes}, metric: "lynxius", tune: map[string]float64{`.["a b"]`: 0, ".e": 0, ".n": 0, ".arr": 0, ".w": 0}},
		{name: "shapes galtea", spec: Spec{Ref: shapes}, metric: "galtea"},
		{name: "shapes uipath", spec: Spec{Ref: shapes}, metric: "uipath"},
		{name: "uipath", spec: Spec{Ref: records}, metric: "uipath", options: []string{"target=.items"}},
		{name: "edit-distance", spec: Spec{Ref: few}, metric: "edit-distance", weights: base},
		{name: "exact", spec: Spec{Ref: refFile, Out: outFile}, metric: "exact"},
		{name: "bleu", spec: Spec{Ref: few}, metric: "bleu"},
		{name: "em", spec: Spec{Ref: few}, metric: "em"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkReplay(t, c) })
	}
}

func checkReplay(t *testing.T, c replayCase) {
	m, err := scoring.LookupMetric(c.metric)
	if err != nil {
		t.Fatal(err)
	}
	opts, err := scoring.ParseMetricOptions(c.options)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Metric: m, Options: opts}
	if c.weights != "" {
		cfg.Weights = mustWeights(t, c.weights)
	}
	if c.rules != "" {
		if cfg.Rules, err = scoring.ParseRules("rules.json", []byte(c.rules)); err != nil {
			t.Fatal(err)
		}
	}
	keep := cfg
	keep.Keep = true
	d := scoreSpec(t, c.spec, keep).Scored
	for p, w := range c.tune {
		if err := d.SetWeight(p, w); err != nil {
			t.Fatalf("SetWeight(%s): %v", p, err)
		}
	}
	inForce := []byte(c.weights)
	if d.TakesWeights() {
		if inForce, err = d.MarshalWeights(); err != nil {
			t.Fatal(err)
		}
	}
	z := d.Freeze()
	// Weights changed after the freeze change nothing of the replay.
	for p := range c.tune {
		if err := d.SetWeight(p, 0.9); err != nil {
			t.Fatal(err)
		}
	}
	var w *scoring.Weights
	if len(inForce) > 0 {
		if w, err = scoring.ParseWeights("saved.json", inForce); err != nil {
			t.Fatal(err)
		}
	}
	var got, want []caseDump
	res, err := z.Replay(context.Background(), ReplayConfig{Weights: w, Workers: 3, Cases: collect(&got), NewEncoder: dumpEncoder})
	if err != nil {
		t.Fatal(err)
	}
	fresh := cfg
	fresh.Weights, fresh.Cases, fresh.NewEncoder = w, collect(&want), dumpEncoder
	wantRes := scoreSpec(t, c.spec, fresh)
	if d := sameCases(got, want); d != "" {
		t.Errorf("the cases differ from Score's under the weights in force:\n%s", d)
	}
	closeFigures(t, "replay", res.Figures, wantRes.Figures)
	if !reflect.DeepEqual(res.Figures.Warnings, wantRes.Figures.Warnings) {
		t.Errorf("warnings\n%q\nwant\n%q", res.Figures.Warnings, wantRes.Figures.Warnings)
	}
	if res.Figures.Metric != wantRes.Figures.Metric || !reflect.DeepEqual(res.Figures.Options, wantRes.Figures.Options) ||
		!reflect.DeepEqual(res.Figures.Extra, wantRes.Figures.Extra) || res.Pairing != wantRes.Pairing ||
		res.Fields != wantRes.Fields || res.Reference != wantRes.Reference || res.Output != wantRes.Output {
		t.Errorf("result %+v, want %+v", res, wantRes)
	}
	if len(want) == 0 || want[0].Report == nil && c.metric == "jsondiff" {
		t.Fatalf("nothing compared: %d cases", len(want))
	}
}

// TestReplayWhileReweighing replays a frozen dataset on other goroutines
// while its weights change (go test -race finds what they share), and
// the replay is the same as one made with nothing changing.
func TestReplayWhileReweighing(t *testing.T) {
	// Enough cases for the replay to span many re-weights: the loop below
	// re-weighs as fast as it can, on a core of its own.
	records := genRecords(t, t.TempDir(), 500, 3)
	kept := scoreSpec(t, Spec{Ref: records}, Config{Keep: true})
	d := kept.Scored
	if err := d.SetWeight(".vendor", 0.4); err != nil {
		t.Fatal(err)
	}
	z := d.Freeze()
	var alone []caseDump
	if _, err := z.Replay(context.Background(), ReplayConfig{Cases: collect(&alone), NewEncoder: dumpEncoder}); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	var during []caseDump
	go func() {
		_, err := z.Replay(context.Background(), ReplayConfig{Workers: 2, Cases: collect(&during), NewEncoder: dumpEncoder})
		done <- err
	}()
	w := 0.0
	for waiting := true; waiting; {
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
			waiting = false
		default:
			w = 1 - w
			if err := d.SetWeight(".vendor", w); err != nil {
				t.Fatal(err)
			}
			d.Figures()
		}
	}
	if diff := sameCases(during, alone); diff != "" {
		t.Errorf("a replay during re-weights differs:\n%s", diff)
	}
}

// TestReplayStops: a replay stops with its context's error, or with the
// first error of Cases; a weights file Score refuses is refused.
func TestReplayStops(t *testing.T) {
	records := genRecords(t, t.TempDir(), 3000, 5)
	z := scoreSpec(t, Spec{Ref: records}, Config{Keep: true}).Scored.Freeze()
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	_, err := z.Replay(ctx, ReplayConfig{NewEncoder: dumpEncoder, Cases: func(*Case) error {
		if n++; n == 10 {
			cancel()
		}
		return nil
	}})
	if !errors.Is(err, context.Canceled) || n > 10+2*replayCases*4 {
		t.Errorf("canceled after %d cases: %v", n, err)
	}
	stop := errors.New("stop")
	n = 0
	_, err = z.Replay(context.Background(), ReplayConfig{Cases: func(*Case) error {
		if n++; n == 700 {
			return stop
		}
		return nil
	}})
	if !errors.Is(err, stop) || n != 700 {
		t.Errorf("stopped after %d cases: %v", n, err)
	}
	bad := mustWeights(t, `{"invoice_number": {"x": 1}}`)
	want := scoreErr(t, records, bad)
	if _, err := z.Replay(context.Background(), ReplayConfig{Weights: bad}); err == nil || err.Error() != want {
		t.Errorf("weights Score refuses: %v, want %s", err, want)
	}
}

// scoreErr returns Score's error on the records under weights w.
func scoreErr(t *testing.T, records string, w *scoring.Weights) string {
	t.Helper()
	src, err := Open(Spec{Ref: records})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	_, err = Score(context.Background(), src, Config{Weights: w})
	if err == nil {
		t.Fatal("Score took the weights")
	}
	return err.Error()
}

// TestReplayReadsNoFile: a replay reads nothing of the files, which may
// have changed or gone since the dataset was scored (or were standard
// input): it replays what was scored.
func TestReplayReadsNoFile(t *testing.T) {
	dir := t.TempDir()
	records := genRecords(t, dir, 200, 9)
	data := mustRead(t, records)
	var want []caseDump
	scoreSpec(t, Spec{Ref: records}, Config{Cases: collect(&want), NewEncoder: dumpEncoder})
	src, err := Open(Spec{Ref: "-", Stdin: strings.NewReader(string(data))})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Score(context.Background(), src, Config{Keep: true})
	if err != nil {
		t.Fatal(err)
	}
	src.Close()
	if err := os.Remove(records); err != nil {
		t.Fatal(err)
	}
	var got []caseDump
	if _, err := res.Scored.Freeze().Replay(context.Background(), ReplayConfig{Cases: collect(&got), NewEncoder: dumpEncoder}); err != nil {
		t.Fatal(err)
	}
	for i := range want { // the documents are named after standard input
		if r := want[i].Report; r != nil {
			r.Reference = strings.Replace(r.Reference, records, "<stdin>", 1)
			r.Output = strings.Replace(r.Output, records, "<stdin>", 1)
		}
		for j, w := range want[i].Warnings {
			want[i].Warnings[j] = strings.ReplaceAll(w, records, "<stdin>")
		}
	}
	if d := sameCases(got, want); d != "" {
		t.Errorf("standard input's replay:\n%s", d)
	}
	if math.IsNaN(res.Figures.Score) {
		t.Error("no score")
	}
}

// TestMarshalWeightsOneNumber: a dataset scored by a metric that is one
// number has no tree, and its weights in force are the weights file as
// it is (none: every weight 1).
func TestMarshalWeightsOneNumber(t *testing.T) {
	records := genRecords(t, t.TempDir(), 20, 7)
	m, err := scoring.LookupMetric("edit-distance")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ weights, want string }{
		{"", "{}\n"},
		{`{"vendor": 0.5, "items": {"__items": 0}}`, "{\n  \"vendor\": 0.5,\n  \"items\": {\n    \"__items\": 0\n  }\n}\n"},
	} {
		cfg := Config{Metric: m, Keep: true}
		if c.weights != "" {
			cfg.Weights = mustWeights(t, c.weights)
		}
		got, err := scoreSpec(t, Spec{Ref: records}, cfg).Scored.MarshalWeights()
		if err != nil || string(got) != c.want {
			t.Errorf("weights %q: %q, %v; want %q", c.weights, got, err, c.want)
		}
	}
}
