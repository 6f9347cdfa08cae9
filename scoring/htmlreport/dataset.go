package htmlreport

import (
	"html/template"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/report"
)

// CaseRows is how many cases the cases table holds as HTML, lowest
// first: all of them are in the page's data, which the script sorts and
// filters, showing as many at a time.
const CaseRows = 1000

// MaxHeatCells bounds the heat map's cells (paths × cases): past it, the
// map shows the first cases only, and says so.
const MaxHeatCells = 4 << 20

// Dataset is a dataset's run, as WriteDataset takes it.
type Dataset struct {
	// Header and Figures are what --format json writes.
	Header  dataset.Header
	Figures *dataset.Figures
	// GroupBy names the groups' field ("" for none).
	GroupBy string
	// PathScores, when set, returns a function that gives case k's
	// score at each path of Figures.Paths (the mean of its nodes there;
	// NaN where it has none with a score) into dst's storage, for the
	// heat map: one such function per goroutine
	// (dataset.Scored.PathScorer's Case).
	PathScores func() func(k int, dst []float64) []float64
	// Trees are the trees of the lowest cases, which the page keeps.
	Trees []CaseTree
	// TreesNote says why some lowest cases have no tree ("" for none).
	TreesNote string
	// Cases, when gathered from the cases' reports (a recorded run's,
	// or the case lines of shards), give the heat map and the trees in
	// place of PathScores and Trees.
	Cases *Cases
	// Compared, when set, is the comparison of a former run (A) with this
	// one (B): the cases table gives each case's Δ.
	Compared *dataset.Comparison
	// Labelled, with the figures' agreement, are the labelled cases that
	// took part in it, for the scatter of score against label.
	Labelled *Labelled
}

// card is one figure of a summary.
type card struct{ Name, Value string }

// datasetView is what the dataset template renders.
type datasetView struct {
	Score, Metric, CI, Read string
	Cards                   []card
	Histogram               template.HTML
	Agreement               *agreementView
	Paths                   []pathRow
	Legend                  []legendItem
	GroupBy                 string
	Groups                  []groupRow
	CasesNote, CasesCount   string
	CaseStatuses            []string
	Compared                string
	CaseRows, CasesData     template.HTML
	Heat                    template.HTML
	HeatNote, TreesNote     string
	Trees                   []caseTree
	Extra                   []string
	Repairs                 []string
	Warnings                []report.Warning
}

type pathRow struct {
	Path, Weight, Score, Loss, P, R, F string
	ScoreV, LossV, PV, RV, FV          string
	Order, Nodes                       int
	Indent                             float64
	LossBar                            float64
	Statuses                           template.HTML
}

type groupRow struct {
	Name, Mean, Median, Pass, MeanV, MedianV, PassV string
	Cases                                           int
}

// CaseTree is one case's tree, as a single pair's page shows it.
type CaseTree struct {
	// Index is the case's place in Figures.Cases.
	Index int
	// Report is the case's report; Tree, when set, explains its leaves.
	Report *report.Report
	Tree   *scoring.Tree
}

type caseTree struct {
	Index                           int
	ID, Status, Score, Worst, Error string
	Repairs                         []string
	Tree                            template.HTML
}

// WriteDataset writes a dataset's run as an HTML page: the summary with
// a histogram of the case scores, the per-path table, the groups, the
// cases (sortable, filterable, the lowest ones openable as their tree),
// the heat map of the cases' scores per path, and the warnings.
func WriteDataset(w io.Writer, m Meta, d *Dataset) error {
	f := d.Figures
	v := &datasetView{Score: report.ScoreText(f.Score, f.HasScore), Metric: metricText(f.Metric, f.Options),
		GroupBy: d.GroupBy, Extra: f.Extra}
	st := &f.Stats
	if st.HasSpread {
		ci, _ := st.ShownCI()
		v.CI = report.Figure(ci[0]) + " … " + report.Figure(ci[1])
	}
	if d.Header.Pairing != "" {
		v.Read = dataset.DescribeFields(d.Header.Fields, d.Header.Pairing)
	}
	v.Cards = statsCards(st)
	v.Histogram = scoreHistogram(f.Cases)
	v.Agreement = agreementSection(f, d.Labelled)
	v.Paths, v.Legend = pathRows(f.Paths), legend()
	v.Groups = groupRows(f.Groups)
	for _, w := range f.Warnings {
		v.Warnings = append(v.Warnings, report.Warning{Path: w.Path, Message: w.Message})
	}
	if err := casesSection(v, d); err != nil {
		return err
	}
	title := m.Title
	if title == "" {
		title = "Dataset score " + v.Score + ": " + describeFiles(d.Header)
	}
	nav := []navItem{{"summary", "Summary"}}
	if v.Agreement != nil {
		nav = append(nav, navItem{"agreement", "Agreement with people"})
	}
	if len(v.Paths) > 0 {
		nav = append(nav, navItem{"paths", "Per path"})
	}
	if len(v.Groups) > 0 {
		nav = append(nav, navItem{"groups", "Groups"})
	}
	nav = append(nav, navItem{"cases-section", "Cases"})
	if v.Heat != "" {
		nav = append(nav, navItem{"heatmap", "Heat map"})
	}
	if len(v.Trees) > 0 {
		nav = append(nav, navItem{"case-trees", "Case trees"})
	}
	if len(v.Warnings) > 0 {
		nav = append(nav, navItem{"notes", "Warnings"})
	}
	return write(w, &page{Title: title, Kind: "dataset", Meta: m, Nav: nav, Dataset: v})
}

// describeFiles names a dataset's files as the text summary does.
func describeFiles(h dataset.Header) string {
	switch {
	case h.Shards != nil:
		return "aggregated from " + strings.Join(h.Shards, ", ")
	case h.Reference == h.Output:
		return h.Reference
	}
	return h.Reference + " vs " + h.Output
}

// statsCards are the summary's figures.
func statsCards(st *dataset.Stats) []card {
	cs := []card{{"cases", report.Count(st.Cases)}, {"scored", report.Count(st.Scored)}}
	for _, c := range []struct {
		n    int
		name string
	}{{st.Ignored, "ignored"}, {st.Missing, "missing"}, {st.Invalid, "invalid"}, {st.Extra, "extra"}} {
		if c.n > 0 {
			cs = append(cs, card{c.name, report.Count(c.n)})
		}
	}
	if st.N == 0 {
		return cs
	}
	cs = append(cs, card{"mean", report.Figure(st.Mean)}, card{"median", report.Figure(st.Median)},
		card{"p10", report.Figure(st.P10)}, card{"p90", report.Figure(st.P90)},
		card{"min", report.Figure(st.Min)}, card{"max", report.Figure(st.Max)})
	if st.HasSpread {
		cs = append(cs, card{"std", report.Figure(st.Std)})
	}
	cs = append(cs, card{"perfect", percent(st.Perfect)})
	if st.HasPass {
		cs = append(cs, card{"pass (≥ " + report.Figure(st.PassAt) + ")", percent(st.Pass)})
	}
	return cs
}

func percent(v float64) string { return strconv.FormatFloat(100*v, 'f', 1, 64) + "%" }

// optFigure is a figure, or n/a.
func optFigure(v float64, has bool) string {
	if !has {
		return "n/a"
	}
	return report.Figure(v)
}

// sortKey is a figure for data-v: full precision, "" for none.
func sortKey(v float64, has bool) string {
	if !has {
		return ""
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// pathRows are the per-path table's rows, in tree order.
func pathRows(paths []dataset.PathFigures) []pathRow {
	maxLoss := 0.0
	for i := range paths {
		if paths[i].Depth > 0 {
			maxLoss = max(maxLoss, paths[i].Loss)
		}
	}
	rows := make([]pathRow, len(paths))
	for i := range paths {
		p := &paths[i]
		bar := 0.0
		if maxLoss > 0 {
			bar = min(1, p.Loss/maxLoss) * 6
		}
		rows[i] = pathRow{Path: p.Path, Order: i, Indent: 0.5 + 0.9*float64(min(p.Depth, 12)), Nodes: p.Nodes,
			Weight: report.Figure(p.Weight), Score: optFigure(p.Score, p.HasScore), ScoreV: sortKey(p.Score, p.HasScore),
			Loss: report.Figure(p.Loss), LossV: sortKey(p.Loss, true), LossBar: bar,
			P: optFigure(p.Precision, p.HasPrecision), PV: sortKey(p.Precision, p.HasPrecision),
			R: optFigure(p.Recall, p.HasRecall), RV: sortKey(p.Recall, p.HasRecall),
			F: optFigure(p.F1, p.HasF1), FV: sortKey(p.F1, p.HasF1),
			Statuses: statusBar(p.StatusCounts())}
	}
	return rows
}

// groupRows are the groups table's rows.
func groupRows(gs []dataset.GroupFigures) []groupRow {
	rows := make([]groupRow, len(gs))
	for i, g := range gs {
		name := g.Group
		if !g.HasGroup {
			name = "(none)"
		}
		rows[i] = groupRow{Name: name, Cases: g.Cases,
			Mean: optFigure(g.Mean, g.N > 0), MeanV: sortKey(g.Mean, g.N > 0),
			Median: optFigure(g.Median, g.N > 0), MedianV: sortKey(g.Median, g.N > 0)}
		if g.HasPass {
			rows[i].Pass, rows[i].PassV = percent(g.Pass), sortKey(g.Pass, true)
		}
	}
	return rows
}

// casesSection fills the cases table, its data, the heat map and the
// lowest cases' trees.
func casesSection(v *datasetView, d *Dataset) error {
	f := d.Figures
	deltas := map[int]float64{}
	if c := d.Compared; c != nil {
		v.Compared = c.A.ID
		if v.Compared == "" {
			v.Compared = "the compared run"
		}
		for _, cd := range c.Deltas {
			deltas[cd.IndexB] = cd.Delta
		}
	}
	statuses := map[string]bool{}
	for i := range f.Cases {
		statuses[f.Cases[i].Status.String()] = true
	}
	for _, s := range []string{"scored", "ignored", "missing", "invalid"} {
		if statuses[s] {
			v.CaseStatuses = append(v.CaseStatuses, s)
		}
	}
	trees := map[int]bool{}
	kept := keptTrees(d)
	for _, kc := range kept {
		trees[kc.index] = true
		c := &f.Cases[kc.index]
		ct := caseTree{Index: kc.index, ID: c.ID, Status: c.Status.String(), Score: report.ScoreCell(c.Score, c.HasScore),
			Error: c.ParseError(), Repairs: c.Repairs(), Tree: renderTree(kc.nodes)}
		if c.Worst != nil {
			ct.Worst = c.Worst.Path
		}
		v.Trees = append(v.Trees, ct)
	}
	if len(kept) > 0 {
		v.TreesNote = "The trees of the " + report.Count(len(kept)) + " lowest-scoring cases are kept in this page, each as a single pair's page shows it (open a leaf for its values and, where the case was scored again for the page, how its score is computed). The other cases have their figures only: jsontui score --case ID prints any one."
	}
	if d.TreesNote != "" {
		v.TreesNote = strings.TrimSpace(v.TreesNote + " " + d.TreesNote)
	}
	switch {
	case d.Cases != nil:
		v.Heat, v.HeatNote = heatData(f, d.Cases.pathScores(f))
	case d.PathScores != nil:
		v.Heat, v.HeatNote = heatData(f, d.PathScores)
	}
	order := make([]int, len(f.Cases))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return compareCases(&f.Cases[i], &f.Cases[j]) })
	var rows strings.Builder
	n := min(len(order), CaseRows)
	for _, k := range order[:n] {
		writeCaseRow(&rows, k, &f.Cases[k], deltas, trees[k])
	}
	v.CaseRows = template.HTML(rows.String())
	v.CasesCount = "showing " + report.Count(n) + " of " + report.Count(len(order)) + " cases, lowest score first"
	v.CasesNote = "Every reference case, lowest score first (without a score last). Sort by a column, filter by status, by a path the case loses points at, or by id; a case whose tree is kept opens from its id."
	if len(order) > CaseRows {
		v.CasesNote += " The table shows " + report.Count(CaseRows) + " rows at a time; with scripts off, the " + report.Count(CaseRows) + " lowest (all cases are in --format json)."
	}
	v.CasesData = casesData(f, order, deltas, trees)
	return nil
}

// statusColors are the colours of the status bar's parts (the light
// theme's; they read on a dark page too).
var statusColors = [7]string{"#2e7d32", "#e0a030", "#c62828", "#8e24aa", "#00838f", "#ad1457", "#9e9e9e"}

// legend names the status bar's colours.
type legendItem struct {
	Name  string
	Color template.CSS
}

func legend() []legendItem {
	items := make([]legendItem, len(scoring.Statuses))
	for i, s := range scoring.Statuses {
		items[i] = legendItem{s.String(), template.CSS(statusColors[i])}
	}
	return items
}
