package cli

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"
	"time"

	"github.com/spf13/pflag"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/internal/atomicfile"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/htmlreport"
	"github.com/jsontui/jsontui/scoring/report"
)

// addOutputFlag defines -o/--output on fl.
func addOutputFlag(fl *pflag.FlagSet, path *string) {
	fl.StringVarP(path, "output", "o", "", "write the output to `FILE` (replaced whole once written) instead of standard output")
}

// toFile runs fn with standard output going to path, which is replaced
// whole once fn is done (and only if it succeeds, or fails with exit code
// 1: a score below --min); path "" leaves standard output alone. The
// output streams to a temporary file beside path, however large it is.
func (a *app) toFile(path string, fn func() error) error {
	if path == "" {
		return fn()
	}
	f, err := atomicfile.Create(path, 0o644)
	if err != nil {
		return badInput(fmt.Errorf("-o %s: %w", displayName(path), err))
	}
	saved := a.stdout
	a.stdout = f
	err = fn()
	a.stdout = saved
	var ee *exitError
	if err != nil && !(errors.As(err, &ee) && ee.code == 1) {
		f.Abort()
		return err
	}
	if werr := f.Commit(); werr != nil {
		return &exitError{code: 2, err: fmt.Errorf("-o %s: %w", displayName(path), werr)}
	}
	return err
}

// htmlMeta is the header of a page: the files with their SHA-256 and
// jsontui's version.
func htmlMeta(when time.Time, files ...htmlreport.File) htmlreport.Meta {
	m := htmlreport.Meta{Version: versionString(), Time: when}
	for _, f := range files {
		if f.Name != "" {
			m.Files = append(m.Files, f)
		}
	}
	return m
}

// pairFiles are a pair's inputs for a page's header.
func pairFiles(in *inputs) []htmlreport.File {
	roles := [3]string{"reference", "output", "weights"}
	var fs []htmlreport.File
	for i, f := range in.files {
		if f.name == "" {
			continue
		}
		sum := sha256.Sum256(f.data)
		fs = append(fs, htmlreport.File{Role: roles[i], Name: displayName(f.name), SHA256: hex.EncodeToString(sum[:])})
	}
	return fs
}

// recordedFiles are a recorded run's inputs for a page's header.
func recordedFiles(run *history.Run) []htmlreport.File {
	var fs []htmlreport.File
	for _, f := range []struct {
		role string
		f    history.File
	}{{"reference", run.Reference}, {"output", run.Output}, {"weights", run.Weights}, {"rules", run.Rules}} {
		if f.f.Path != "" && !(f.role == "output" && f.f.Path == run.Reference.Path) {
			fs = append(fs, htmlreport.File{Role: f.role, Name: relPath(f.f.Path), SHA256: f.f.SHA256})
		}
	}
	return fs
}

// runFacts are a recorded run's id, label and tags for a page's header.
func runFacts(run *history.Run) []htmlreport.Fact {
	facts := []htmlreport.Fact{{Name: "run", Value: run.ID + " (" + run.Source + ")"}}
	if run.Label != "" {
		facts = append(facts, htmlreport.Fact{Name: "label", Value: run.Label})
	}
	return facts
}

// scoredPage is the page of a dataset scored with Keep: the heat map
// from the engine's per-case path scores, and the lowest cases scored
// again alone, as score --case does, for their trees and explanations.
func scoredPage(ctx context.Context, h dataset.Header, res *dataset.Result, groupBy string) *htmlreport.Dataset {
	d := &htmlreport.Dataset{Header: h, Figures: res.Figures, GroupBy: groupBy}
	sc := res.Scored
	if sc == nil {
		return d
	}
	d.PathScores = func() func(int, []float64) []float64 { return sc.PathScorer().Case }
	cases := res.Figures.Cases
	var low []int
	for k := range cases {
		if cases[k].HasScore {
			low = append(low, k)
		}
	}
	slices.SortStableFunc(low, func(a, b int) int { return cmp.Compare(cases[a].Score, cases[b].Score) })
	for _, k := range low[:min(len(low), htmlreport.DefaultLowest)] {
		oc, err := sc.CaseTree(ctx, k)
		if err != nil {
			d.TreesNote = "Some of the lowest cases could not be scored again for their trees: " + err.Error() + "."
			break
		}
		if oc.Result == nil || oc.Result.Tree == nil {
			continue
		}
		rep := oc.Result.Report(res.Figures.Metric)
		d.Trees = append(d.Trees, htmlreport.CaseTree{Index: k, Report: rep, Tree: oc.Result.Tree})
	}
	return d
}

// writeDatasetHTML writes a dataset's page.
func writeDatasetHTML(w io.Writer, m htmlreport.Meta, h dataset.Header, figs *dataset.Figures, groupBy string, hc *htmlreport.Cases) error {
	return htmlreport.WriteDataset(w, m, &htmlreport.Dataset{Header: h, Figures: figs, GroupBy: groupBy, Cases: hc})
}

// datasetFilesHTML are a dataset's files for a page's header, with the
// SHA-256s that sides gives.
func datasetFilesHTML(h dataset.Header, spec dataset.Spec, sides func() [2]history.File) []htmlreport.File {
	sums := sides()
	fs := []htmlreport.File{{Role: "reference", Name: h.Reference, SHA256: sums[0].SHA256}}
	if spec.Out != "" && spec.Out != spec.Ref {
		fs = append(fs, htmlreport.File{Role: "output", Name: h.Output, SHA256: sums[1].SHA256})
	}
	return append(fs, htmlreport.File{Role: "weights", Name: h.Weights}, htmlreport.File{Role: "rules", Name: h.Rules})
}

// lineNode is a node of a --format jsonl case line.
type lineNode struct {
	Path      string          `json:"path"`
	Kind      string          `json:"kind"`
	Status    string          `json:"status"`
	Score     *float64        `json:"score"`
	Weight    float64         `json:"weight"`
	Factor    *float64        `json:"factor"`
	Share     float64         `json:"share"`
	Loss      float64         `json:"loss"`
	Reference json.RawMessage `json:"reference"`
	Output    json.RawMessage `json:"output"`
	Rule      string          `json:"rule"`
}

// caseLine is what a page takes of a --format jsonl case line.
type caseLine struct {
	ID     string     `json:"id"`
	Status string     `json:"status"`
	Score  *float64   `json:"score"`
	Nodes  []lineNode `json:"nodes"`
}

// lineReport returns a case line's nodes as a report's.
func lineReport(line []byte) (id string, extra bool, rep *report.Report, err error) {
	var cl caseLine
	if err := json.Unmarshal(line, &cl); err != nil {
		return "", false, nil, err
	}
	rep = &report.Report{HasScore: cl.Score != nil}
	if cl.Score != nil {
		rep.Score = *cl.Score
	}
	if len(cl.Nodes) > 0 {
		rep.Nodes = lineNodes(cl.Nodes)
	}
	return cl.ID, cl.Status == "extra", rep, nil
}

// lineNodes yields a case line's nodes, with their depth and label from
// their path.
func lineNodes(nodes []lineNode) iter.Seq[*report.Node] {
	return func(yield func(*report.Node) bool) {
		for i := range nodes {
			ln := &nodes[i]
			n := report.Node{Path: ln.Path, Kind: ln.Kind, Status: ln.Status, Weight: ln.Weight, Share: ln.Share,
				Loss: ln.Loss, Reference: ln.Reference, Output: ln.Output, Rule: ln.Rule, Label: "."}
			if ln.Score != nil {
				n.Score, n.HasScore = *ln.Score, true
			}
			if ln.Factor != nil {
				n.Factor, n.HasFactor = *ln.Factor, true
			}
			if steps, err := scoring.ParsePath(ln.Path); err == nil && len(steps) > 0 {
				n.Depth = len(steps)
				last := steps[len(steps)-1]
				if last.IsIndex {
					n.Label = fmt.Sprintf("[%d]", last.Index)
				} else {
					n.Label = last.Key
				}
			}
			if !yield(&n) {
				return
			}
		}
	}
}

// recordedCases hands every case of a recorded dataset run to hc, in
// the order of its figures' cases.
func recordedCases(run *history.Run, figs *dataset.Figures, hc *htmlreport.Cases) error {
	k := 0
	for rc, err := range run.Cases() {
		if err != nil {
			return err
		}
		if k >= len(figs.Cases) {
			break
		}
		c := &figs.Cases[k]
		dc := &dataset.Case{Index: k, ID: c.ID, Status: c.Status, Score: c.Score, HasScore: c.HasScore}
		if err := hc.AddReport(dc, rc.Report); err != nil {
			return err
		}
		k++
	}
	return nil
}

// caseLineKept is what a page keeps of an aggregated case line: its id
// and its nodes.
type caseLineKept struct {
	id     string
	report *report.Report
}

// keepLine keeps a case line for the page; nil for an extra output.
func keepLine(line []byte) (*caseLineKept, error) {
	id, extra, rep, err := lineReport(line)
	if err != nil {
		return nil, badInput(fmt.Errorf("a case line: %w", err))
	}
	if extra {
		return nil, nil
	}
	return &caseLineKept{id: id, report: rep}, nil
}

// aggregatedCases hands the kept case lines to a page's cases, by id in
// the order of the figures' cases.
func aggregatedCases(figs *dataset.Figures, lines []caseLineKept) (*htmlreport.Cases, error) {
	hc := htmlreport.NewCases(0)
	byID := make(map[string]*report.Report, len(lines))
	for i := range lines {
		byID[lines[i].id] = lines[i].report
	}
	for k := range figs.Cases {
		c := &figs.Cases[k]
		rep, ok := byID[c.ID]
		if !ok {
			continue
		}
		dc := &dataset.Case{Index: k, ID: c.ID, Status: c.Status, Score: c.Score, HasScore: c.HasScore}
		if err := hc.AddReport(dc, rep); err != nil {
			return nil, err
		}
	}
	return hc, nil
}

// comparedRun reads the run of --compare, for the Δ column of a dataset's
// page: nil without the flag. The flag is for --format html only, and
// names a dataset run.
func (a *app) comparedRun(f *scoreFlags) (*dataset.CompareSide, error) {
	if f.compare == "" {
		return nil, nil
	}
	switch {
	case f.format != "html":
		return nil, badInput(errors.New("--compare gives the Δ column of the HTML page: add --format html (history diff compares two recorded runs in every format)"))
	case f.dataset.caseID != "":
		return nil, badInput(errors.New("--compare compares a dataset's cases: drop --case"))
	}
	run, err := a.getRun(f.compare)
	if run == nil {
		return nil, err
	}
	if run.Dataset == nil {
		return nil, badInput(fmt.Errorf("--compare %s: run %s is of a pair, not of a dataset", f.compare, run.ID))
	}
	figs, err := run.DatasetFigures()
	if err != nil {
		return nil, storeError(err)
	}
	return &dataset.CompareSide{ID: run.ID, Figures: figs, Rules: history.RulesSum(run.RulesJSON)}, nil
}

// rulesSum identifies a rules file as the history does ("" for none).
func rulesSum(rules inputFile) string { return history.RulesSum(rules.data) }
