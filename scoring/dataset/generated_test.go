package dataset

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/gen"
)

// TestGeneratedFormsAgree writes one generated dataset in the generator's
// three forms (jsontui-gen -dataset records, files, dirs) and scores each:
// the two files pair by id with no warning (every output line is a record
// with its id, a cut answer included), and the three give the same
// figures for the same cases, the directories' ids being their paths.
func TestGeneratedFormsAgree(t *testing.T) {
	dir := t.TempDir()
	// Enough broken answers that some are cut JSON, whose inner objects
	// hold a "name": a line that is not a record would lend it as its id.
	opt := gen.DatasetOptions{Cases: 600, Seed: 3, Broken: 0.1}
	var data, refs, outs bytes.Buffer
	if _, err := gen.WriteRecords(&data, opt); err != nil {
		t.Fatal(err)
	}
	if _, err := gen.WriteFiles(&refs, &outs, opt); err != nil {
		t.Fatal(err)
	}
	records, refFile, outFile := filepath.Join(dir, "data.jsonl"), filepath.Join(dir, "ref.jsonl"), filepath.Join(dir, "out.jsonl")
	writeTestFile(t, records, data.Bytes())
	writeTestFile(t, refFile, refs.Bytes())
	writeTestFile(t, outFile, outs.Bytes())
	refDir, outDir := filepath.Join(dir, "refs"), filepath.Join(dir, "outs")
	if _, err := gen.WriteDirs(refDir, outDir, opt); err != nil {
		t.Fatal(err)
	}

	one := scoreSpec(t, Spec{Ref: records}, Config{})
	two := scoreSpec(t, Spec{Ref: refFile, Out: outFile}, Config{})
	dirs := scoreSpec(t, Spec{Ref: refDir, Out: outDir}, Config{})
	if two.Pairing != PairID {
		t.Fatalf("the two files pair by %s", two.Pairing)
	}
	for _, r := range []struct {
		form string
		res  *Result
	}{{"records", one}, {"files", two}, {"dirs", dirs}} {
		for _, w := range r.res.Figures.Warnings {
			if r.form == "records" && strings.Contains(w.Message, "records have no output field") {
				continue // the generated records without an output: their cases are missing
			}
			t.Errorf("%s: warning %s: %s", r.form, w.Path, w.Message)
		}
		if len(r.res.Figures.Extra) != 0 {
			t.Errorf("%s: extra outputs %q", r.form, r.res.Figures.Extra)
		}
	}
	st := one.Figures.Stats
	if st.Missing == 0 || st.Invalid+st.Scored != st.Cases-st.Missing {
		t.Fatalf("the generated dataset should have missing and broken cases: %+v", st)
	}
	sameFigures(t, "files", one.Figures, two.Figures, true)

	// The directories hold the cases at <category>/<id>.json, in the
	// lexical order of those paths, each answer as the model wrote it: an
	// answer in prose is a file that does not parse (an invalid case),
	// where a record's prose string is compared as a string (a scored
	// case, of score 0).
	byID := make(map[string]CaseFigures)
	for _, c := range one.Figures.Cases {
		byID[c.ID] = c
	}
	prose := 0
	for _, c := range dirs.Figures.Cases {
		id := strings.TrimSuffix(filepath.Base(c.ID), ".json")
		want, ok := byID[id]
		if ok && c.Status == CaseInvalid && want.Status == CaseScored && want.Score == 0 {
			prose++
			continue
		}
		if !ok || c.Status != want.Status || !near12(c.Score, want.Score) {
			t.Errorf("dirs: case %s %+v, want %+v", c.ID, c, want)
		}
	}
	got := dirs.Figures.Stats
	if prose == 0 || got.Invalid != prose || got.Scored+prose != st.Scored {
		t.Errorf("dirs: %d answers in prose, stats %+v", prose, got)
	}
	got.Scored, got.Invalid = st.Scored, st.Invalid
	if !sameStats(st, got) || !near12(one.Figures.Score, dirs.Figures.Score) {
		t.Errorf("dirs: score %v stats %+v, want %v %+v", dirs.Figures.Score, got, one.Figures.Score, st)
	}
}
