package dataset

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// renderAll prints figures in every format under one header, the
// warnings left out (aggregate has none of the inputs').
func renderAll(t *testing.T, f *Figures) [3]string {
	t.Helper()
	g := *f
	g.Warnings = nil
	h := Header{Reference: "data.jsonl", Pairing: PairRecord}
	var out [3]bytes.Buffer
	opt := TextOptions{GroupBy: ".category"}
	if err := WriteText(&out[0], h, &g, opt); err != nil {
		t.Fatal(err)
	}
	if err := WriteJSON(&out[1], h, &g); err != nil {
		t.Fatal(err)
	}
	if err := WriteMarkdown(&out[2], h, &g, opt); err != nil {
		t.Fatal(err)
	}
	return [3]string{out[0].String(), out[1].String(), out[2].String()}
}

// bitEqual checks that got equals want bit for bit: every figure
// compared with == (reflect.DeepEqual), and the three formats byte for
// byte.
func bitEqual(t *testing.T, what string, got, want *Figures) {
	t.Helper()
	if got.Score != want.Score || got.HasScore != want.HasScore || got.Metric != want.Metric ||
		!slices.Equal(got.Options, want.Options) {
		t.Fatalf("%s: score %v %s, want %v %s", what, got.Score, got.Metric, want.Score, want.Metric)
	}
	for _, c := range []struct {
		name      string
		got, want any
	}{
		{"stats", got.Stats, want.Stats}, {"paths", got.Paths, want.Paths}, {"groups", got.Groups, want.Groups},
		{"cases", got.Cases, want.Cases}, {"extra", got.Extra, want.Extra},
	} {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Fatalf("%s: the %s differ:\n%+v\nwant\n%+v", what, c.name, c.got, c.want)
		}
	}
	g, w := renderAll(t, got), renderAll(t, want)
	for i, format := range []string{"text", "json", "markdown"} {
		if g[i] != w[i] {
			t.Fatalf("%s: --format %s differs", what, format)
		}
	}
}

// TestReduceIsExact scores a dataset in one process, then adds its case
// lines up again shuffled and cut into shards many ways (seeded), with
// Aggregate and with Partials merged in random orders and groupings, and
// scores it again with other worker counts: every figure is the same to
// the last bit, in every format.
func TestReduceIsExact(t *testing.T) {
	dir := t.TempDir()
	records := genRecords(t, dir, 400, 22)
	pass := 0.8
	for _, metric := range []string{"jsondiff", "exact"} {
		m, err := scoring.LookupMetric(metric)
		if err != nil {
			t.Fatal(err)
		}
		spec := Spec{Ref: records, GroupBy: ".category"}
		var lines []string
		whole := scoreSpec(t, spec, Config{Metric: m, Pass: &pass, Workers: 1, Lines: true, Cases: func(c *Case) error {
			lines = append(lines, string(c.Line))
			return nil
		}}).Figures
		for _, n := range []int{2, 3, 7} {
			again := scoreSpec(t, spec, Config{Metric: m, Pass: &pass, Workers: n}).Figures
			bitEqual(t, metric+": workers", again, whole)
		}
		r := rand.New(rand.NewPCG(22, uint64(len(metric))))
		for range 10 {
			shuffled := slices.Clone(lines)
			r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
			pieces := cut(r, shuffled, 1+r.IntN(9))
			var shards []Shard
			for _, p := range pieces {
				shards = append(shards, Shard{Name: "s.jsonl", R: strings.NewReader(strings.Join(p, ""))})
			}
			figs, err := Aggregate(context.Background(), shards, AggregateConfig{Pass: &pass, Workers: 1 + r.IntN(3)})
			if err != nil {
				t.Fatal(err)
			}
			bitEqual(t, metric+": aggregate", figs, whole)
			bitEqual(t, metric+": partials", mergeRandomly(t, r, pieces).figures(t, &pass), whole)
		}
	}
}

// cut cuts lines into n pieces at random places (some may be empty).
func cut(r *rand.Rand, lines []string, n int) [][]string {
	at := []int{0, len(lines)}
	for range n - 1 {
		at = append(at, r.IntN(len(lines)+1))
	}
	slices.Sort(at)
	var out [][]string
	for i := 1; i < len(at); i++ {
		out = append(out, lines[at[i-1]:at[i]])
	}
	return out
}

// testPartial is a Partial under test.
type testPartial struct{ *Partial }

func (p testPartial) figures(t *testing.T, pass *float64) *Figures {
	t.Helper()
	f, err := p.Figures(pass)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// mergeRandomly adds each piece's lines to a Partial of its own, sends
// some through their binary form, and merges them pairwise in a random
// order until one is left.
func mergeRandomly(t *testing.T, r *rand.Rand, pieces [][]string) testPartial {
	t.Helper()
	var parts []*Partial
	for _, piece := range pieces {
		p := NewPartial("")
		for _, l := range piece {
			if err := p.Add([]byte(strings.TrimSuffix(l, "\n"))); err != nil {
				t.Fatal(err)
			}
		}
		if r.IntN(2) == 0 { // through its binary form
			b, err := p.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			p = NewPartial("")
			if err := p.UnmarshalBinary(b); err != nil {
				t.Fatal(err)
			}
		}
		parts = append(parts, p)
	}
	for len(parts) > 1 {
		i := r.IntN(len(parts))
		a := parts[i]
		parts = slices.Delete(parts, i, i+1)
		j := r.IntN(len(parts))
		if err := parts[j].Merge(a); err != nil {
			t.Fatal(err)
		}
	}
	// Figures then more merging: a Partial read once goes on adding up.
	if len(pieces) > 1 && len(pieces[0]) > 0 {
		if _, err := parts[0].Figures(nil); err != nil {
			t.Fatal(err)
		}
		if err := parts[0].Add([]byte(strings.TrimSuffix(pieces[0][0], "\n"))); err == nil || !strings.Contains(err.Error(), "duplicate case id") {
			t.Fatalf("a case added again after Figures: %v", err)
		}
	}
	return testPartial{parts[0]}
}

// TestFastLinesReadAsGeneral checks that the reduce's fast path reads
// every line score writes (with options, groups, repairs, missing cases)
// and finds in it what the general reader finds.
func TestFastLinesReadAsGeneral(t *testing.T) {
	dir := t.TempDir()
	records := genRecords(t, dir, 120, 9)
	var tol scoring.MetricOptions
	if err := tol.Set(scoring.OptAbsTol, "0.01"); err != nil {
		t.Fatal(err)
	}
	lines := caseLines(t, Spec{Ref: records, GroupBy: ".category"}, Config{Options: tol})
	fast := &lineReader{paths: pathCache{table: newPathTable()}}
	slow := &lineReader{paths: pathCache{table: fast.paths.table}}
	for i, l := range lines {
		line := []byte(strings.TrimSuffix(l, "\n"))
		var a, b caseResult
		a.score, b.score = -1, -1
		if !fast.fastRead(line, &a) {
			t.Fatalf("line %d takes the general reader: %s", i+1, line)
		}
		d, err := jsondoc.Parse("s.jsonl", line, nil)
		if err != nil {
			t.Fatal(err)
		}
		if e := slow.readLine(d, &b); e != nil {
			t.Fatalf("line %d: %s", i+1, e.msg)
		}
		if !reflect.DeepEqual(a, b) || !reflect.DeepEqual(fast.acc.parts, slow.acc.parts) {
			t.Fatalf("line %d: the fast path reads\n%+v\n%+v\nthe general reader\n%+v\n%+v", i+1, a, fast.acc.parts, b, slow.acc.parts)
		}
	}
	// A line laid out otherwise (spaces) is the general reader's.
	var r caseResult
	if fast.fastRead([]byte(strings.Replace(lines[0], `"id": `, `"id":`, 1)), &r) {
		t.Error("the fast path took a line laid out otherwise")
	}
}

// TestValidNumber checks the fast path's number check (validNumber, then
// strconv) against encoding/json's.
func TestValidNumber(t *testing.T) {
	for _, n := range []string{"0", "-0", "1", "0.5", "-0.25", "1e5", "1E+5", "2.5e-7", "10", "0.004629629629629629",
		"01", "-01", "1.", ".5", "+1", "1.e5", "1e", "1e+", "-", "1-2", "1..2", "1e5e5", "1.5.5", "-.5", "00", "1e05"} {
		s := &lineScan{b: []byte(n), ok: true}
		s.float()
		if got, want := s.ok && s.i == len(n), json.Valid([]byte(n)); got != want {
			t.Errorf("%q: %v, want %v", n, got, want)
		}
	}
}

// TestPieceLinesAreTheWhole's: a piece of a file of records scored alone
// from a reader, named as the file and numbered from its first record
// (Spec.Name, Spec.FirstRecord), writes the very lines the whole writes
// for its cases, with ids or without (#N).
func TestPieceLinesAreTheWholes(t *testing.T) {
	dir := t.TempDir()
	records := genRecords(t, dir, 60, 4)
	data := mustRead(t, records)
	var noIDs bytes.Buffer
	for _, l := range strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n") {
		noIDs.WriteString(strings.Replace(l, `"id": `, `"name_": `, 1))
	}
	anon := filepath.Join(dir, "anon.jsonl")
	writeTestFile(t, anon, noIDs.Bytes())
	for _, file := range []string{records, anon} {
		whole := caseLines(t, Spec{Ref: file}, Config{})
		all := strings.SplitAfter(strings.TrimSuffix(string(mustRead(t, file)), "\n"), "\n")
		for _, at := range [][2]int{{0, 7}, {7, 31}, {31, len(all)}} {
			piece := strings.Join(all[at[0]:at[1]], "")
			got := caseLines(t, Spec{Ref: "-", Stdin: strings.NewReader(piece), Array: false, Name: file, FirstRecord: at[0] + 1}, Config{})
			if strings.Join(got, "") != strings.Join(whole[at[0]:at[1]], "") {
				t.Fatalf("%s, records %d to %d: the piece's lines differ from the whole's:\n%s\nwant\n%s", file, at[0]+1, at[1], got[0], whole[at[0]])
			}
			// The same piece as a JSON array of records.
			array := "[" + strings.Join(strings.Split(strings.TrimSuffix(piece, "\n"), "\n"), ",\n") + "]\n"
			got = caseLines(t, Spec{Ref: "-", Stdin: strings.NewReader(array), Name: file, FirstRecord: at[0] + 1}, Config{})
			if strings.Join(got, "") != strings.Join(whole[at[0]:at[1]], "") {
				t.Fatalf("%s, records %d to %d as an array: the piece's lines differ from the whole's", file, at[0]+1, at[1])
			}
		}
	}
}
