package dataset

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestStdinForms scores the same cases with either file of records read
// from standard input ("-", docs/scoring.md): the figures are those of the
// files themselves, in every pairing, and a copy of standard input kept
// for pairing by id is never left behind in the temporary directory.
func TestStdinForms(t *testing.T) {
	dir := t.TempDir()
	records := genRecords(t, dir, 300, 11)
	refFile, outFile, refDir, _ := writeForms(t, records, dir)
	lineRef, lineOut := filepath.Join(dir, "lref.jsonl"), filepath.Join(dir, "lout.jsonl")
	writeTestFile(t, lineRef, []byte("{\"a\": 1}\n{\"a\": 2}\n{\"a\": 3}\n"))
	writeTestFile(t, lineOut, []byte("{\"a\": 1}\nSure: {\"a\": 5}\n{\"a\": 3,\n{\"a\": 9}\n"))
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)

	for _, c := range []struct {
		name    string
		spec    Spec // the files; the one that is "-" comes from stdin
		stdin   string
		pairing Pairing
	}{
		{"one file", Spec{Ref: "-"}, records, PairRecord},
		{"outputs by id", Spec{Ref: refFile, Out: "-"}, outFile, PairID},
		{"references by id", Spec{Ref: "-", Out: outFile}, refFile, PairID},
		{"outputs by line", Spec{Ref: lineRef, Out: "-"}, lineOut, PairLine},
		{"references by line", Spec{Ref: "-", Out: lineOut}, lineRef, PairLine},
	} {
		t.Run(c.name, func(t *testing.T) {
			want := c.spec
			if want.Ref == "-" {
				want.Ref = c.stdin
			} else {
				want.Out = c.stdin
			}
			base := scoreSpec(t, want, Config{})
			spec := c.spec
			spec.Stdin = bytes.NewReader(mustRead(t, c.stdin))
			src, err := Open(spec)
			if err != nil {
				t.Fatal(err)
			}
			res, err := Score(context.Background(), src, Config{})
			if err != nil {
				src.Close()
				t.Fatal(err)
			}
			// The copy of standard input is gone while the run is still
			// open: nothing is left behind if the process is killed.
			noTempFiles(t, tmp)
			src.Close()
			if res.Pairing != c.pairing {
				t.Fatalf("pairing %s, want %s", res.Pairing, c.pairing)
			}
			sameFigures(t, c.name, base.Figures, res.Figures, true)
			if !slices.Equal(res.Figures.Extra, base.Figures.Extra) {
				t.Errorf("extra %q, want %q", res.Figures.Extra, base.Figures.Extra)
			}
		})
	}

	// One case of outputs read from standard input by id (score --case).
	t.Run("one case", func(t *testing.T) { checkStdinOneCase(t, refFile, outFile, tmp) })

	// A directory cannot pair with standard input.
	t.Run("directory", func(t *testing.T) {
		_, err := Open(Spec{Ref: refDir, Out: "-", Stdin: strings.NewReader("{}\n")})
		want := refDir + " and -: pair a directory with a directory, or a file of records with a file of records"
		if err == nil || err.Error() != want {
			t.Errorf("error %v, want %q", err, want)
		}
	})
}

// checkStdinOneCase: one case of the outputs outFile read from standard
// input by id (score --case) scores as in the run of the files, and leaves
// nothing in tmp.
func checkStdinOneCase(t *testing.T, refFile, outFile, tmp string) {
	for _, id := range []string{"inv-000007", "inv-000299"} {
		src, err := Open(Spec{Ref: refFile, Out: "-", Stdin: bytes.NewReader(mustRead(t, outFile))})
		if err != nil {
			t.Fatal(err)
		}
		one, err := ScoreCase(context.Background(), src, Config{}, id)
		src.Close()
		if err != nil {
			t.Fatal(err)
		}
		base := scoreSpec(t, Spec{Ref: refFile, Out: outFile}, Config{})
		want := caseByID(base.Figures, id)
		if want == nil || one.ID != id || one.Status != want.Status ||
			one.Result.HasScore && !near12(one.Result.Score, want.Score) {
			t.Errorf("case %s: %+v, want %+v", id, one, want)
		}
	}
	noTempFiles(t, tmp)
}

// noTempFiles fails t when dir holds anything.
func noTempFiles(t *testing.T, dir string) {
	t.Helper()
	left, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("left behind in the temporary directory: %s", e.Name())
	}
}

func caseByID(f *Figures, id string) *CaseFigures {
	for i := range f.Cases {
		if f.Cases[i].ID == id {
			return &f.Cases[i]
		}
	}
	return nil
}
